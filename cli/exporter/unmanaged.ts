import * as fs from "node:fs";
import { contentInstallationId, definitions } from "pulumi-docs-workspace/tools";
import { z } from "zod";
import type { Inventory, SiteInventory } from "./inventory";
import { inviteLinkTitle } from "./declare-fonts-and-invites";
import { hostnamesInUse } from "./declare-hostnames";
import { defaultVisitorAuth } from "./declare-redirects";
import { defaultAgentSettings, inAdsProgram } from "./declare-site-agent";
import { printable } from "./printable";
import { titles } from "./titles";

/** One object of the organization: its resource class, id and title. */
export interface ObjectRef {
  type: string;
  id: string;
  title: string;
  /**
   * The resource that manages it with its siblings, as `Type id`, when one can: a site's
   * external links are each a SiteExternalLink's, or all the site's SiteExternalLinks'.
   */
  heldBy?: string;
}

/** A resource as a state file records it: only what tells which object it manages. */
const StateResource = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});
type StateResource = z.output<typeof StateResource>;

/**
 * The harness's state file (`harness/state.ts`: `{ version: 1, resources }`), or Pulumi's own
 * (`pulumi stack export`: `{ version: 3, deployment: { resources } }`).
 */
const StateFile = z.union([
  z.looseObject({ resources: z.array(StateResource) }),
  z.looseObject({
    deployment: z.looseObject({ resources: z.array(StateResource).nullish() }),
  }),
]);

/**
 * This package's resources: `pulumi-nodejs:dynamic/docs-workspace:<Type>` (the dynamic resources)
 * and `docs-workspace:index:<Type>` (the native plugin's).
 */
export const TYPE = /^(?:pulumi-nodejs:dynamic\/)?docs-workspace:(?:index:)?([A-Za-z]+)$/;

/** What a state manages: each object by `Type id`. */
export type Managed = ReadonlySet<string>;

const key = (type: string, id: string) => `${type} ${id}`;

/**
 * A state file's JSON. Errors say `what` and why, never with JSON.parse's message: it quotes the
 * text, and a file given by mistake may hold a token.
 */
export function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`${file}: ${what} (${(error as Error).message})`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file}: ${what} (not JSON)`);
  }
}

/** The objects a state file's resources manage, read from the file at `file`. */
export function readManaged(file: string): Managed {
  if (fs.existsSync(`${file}.journal`)) {
    throw new Error(
      `${file}.journal exists: a run that changes this state is under way, or died; run \`docs-workspace-harness refresh\` on it first`,
    );
  }
  const raw = readJson(file, "not a readable state file");
  const parsed = StateFile.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `${file}: neither a harness state file nor the output of \`pulumi stack export\``,
    );
  }
  const data = parsed.data as {
    resources?: StateResource[];
    deployment?: { resources?: StateResource[] | null };
  };
  const resources = data.resources ?? data.deployment?.resources ?? [];
  return managedBy(resources);
}

/** What each resource type's objects take with them (its definition's `exporter.owns`). */
const OWNS: ReadonlyMap<string, readonly { output: string; type: string }[]> = new Map(
  definitions.map((d) => [d.type, d.exporter.owns ?? []]),
);

/**
 * The objects `resources` manage: each resource's own object, and what it owns (its definition's
 * `exporter.owns`): a section the site space it was made with (`siteSpaceId`), a translation its
 * result space.
 */
export function managedBy(resources: readonly StateResource[]): Managed {
  const managed = new Set<string>();
  for (const r of resources) {
    const type = TYPE.exec(r.type)?.[1];
    if (type === undefined || !r.id) continue;
    managed.add(key(type, r.id));
    for (const owned of OWNS.get(type) ?? []) {
      const value = r.outputs?.[owned.output];
      if (typeof value === "string" && value !== "") managed.add(key(owned.type, value));
    }
  }
  return managed;
}

/**
 * Every object of the organization a stack could leave behind: what a resource creates, and the
 * hostnames attached to it (never exported, but attached by a CustomHostname). Not the
 * organization's settings and members, which exist whether a stack manages them or not (the
 * export declares them); not what an object owns and goes with it (a translation's result space,
 * the site space a section was made with); not a site's adaptive schema while it is empty, nor
 * its visitor authentication or agent settings while they are the defaults, nor its ads while it
 * is not in the program.
 */
export function objectsOf(inventory: Inventory): ObjectRef[] {
  const results = new Set(
    inventory.translations.flatMap((t) => (t.result ? [t.result.space] : [])),
  );
  const spaceTitle = (id: string) => inventory.spaces.find((s) => s.id === id)?.title ?? id;
  const objects: ObjectRef[] = [
    ...inventory.collections.map((c) => ({ type: "Collection", id: c.id, title: c.title })),
    ...inventory.spaces
      .filter((s) => !results.has(s.id))
      .map((s) => ({ type: "Space", id: s.id, title: s.title })),
    ...inventory.translations.map((t) => ({
      type: "Translation",
      id: t.id,
      title: titles.translation(spaceTitle(t.source.space), t.language),
    })),
    ...inventory.specs.map(({ spec }) => ({
      type: "OpenApiSpec",
      id: spec.slug,
      title: spec.slug,
    })),
    ...inventory.teams.map(({ team }) => ({ type: "Team", id: team.id, title: team.title })),
    ...inventory.samlProviders.map((p) => ({ type: "SamlProvider", id: p.id, title: p.label })),
    ...inventory.customFonts.map((f) => ({
      type: "CustomFont",
      id: f.id,
      title: titles.customFont(f.fontFamily),
    })),
    ...inventory.inviteLinks.map((l) => ({
      type: "OrganizationInviteLink",
      id: l.handle,
      title: inviteLinkTitle(inventory, l),
    })),
    // Never declared by an export, but a stack's CustomHostname can leave one attached.
    ...hostnamesInUse(inventory).map(([hostname, target]) => ({
      type: "CustomHostname",
      id: hostname,
      title: `${hostname} (${target})`,
    })),
  ];
  for (const site of inventory.sites) objects.push(...siteObjectsOf(site, spaceTitle));
  objects.push(...integrationObjectsOf(inventory, spaceTitle));
  return objects;
}

/** Each installed integration, and each site and space it is enabled on (by the target's id). */
function integrationObjectsOf(
  inventory: Inventory,
  spaceTitle: (id: string) => string,
): ObjectRef[] {
  const siteTitle = (id: string) => inventory.sites.find((s) => s.site.id === id)?.site.title ?? id;
  const at = (i: { integration: string; id: string }) => ({
    integration: i.integration,
    installationId: i.id,
  });
  return inventory.integrations.flatMap(({ installation, integration, sites, spaces }) => [
    {
      type: "IntegrationInstallation",
      id: installation.id,
      title: titles.integrationInstallation(integration.title),
    },
    ...sites.map((on) => ({
      type: "IntegrationSiteInstallation",
      id: contentInstallationId(at(installation), on.site!),
      title: titles.integrationOn(siteTitle(on.site!), integration.title),
    })),
    ...spaces.map((on) => ({
      type: "IntegrationSpaceInstallation",
      id: contentInstallationId(at(installation), on.space!),
      title: titles.integrationOn(spaceTitle(on.space!), integration.title),
    })),
  ]);
}

/** A site and its objects (objectsOf's rules). */
function siteObjectsOf(
  { site, sections, siteSpaces, groups, shareLinks, ...held }: SiteInventory,
  spaceTitle: (id: string) => string,
): ObjectRef[] {
  const claims = (held.adaptiveSchema.jsonSchema.properties ?? {}) as Record<string, unknown>;
  // Settings whose id is their site's, listed while they are not what the service starts with.
  const settings: [type: string, set: boolean, title: string][] = [
    ["SiteAdaptiveSchema", Object.keys(claims).length > 0, titles.siteAdaptiveSchema(site.title)],
    ["SiteVisitorAuth", !defaultVisitorAuth(held.visitorAuth), titles.siteVisitorAuth(site.title)],
    [
      "SiteAgentSettings",
      !defaultAgentSettings(held.agentSettings),
      titles.siteAgentSettings(site.title),
    ],
    ["SiteAds", inAdsProgram(held.ads), titles.siteAds(site.title)],
  ];
  const madeWithSection = new Set(sections.flatMap((s) => s.siteSpaces?.[0]?.id ?? []));
  return [
    { type: "Site", id: site.id, title: site.title },
    ...sections.map((s) => ({ type: "SiteSection", id: s.id, title: s.title })),
    ...siteSpaces
      .filter((s) => !madeWithSection.has(s.id))
      .map((s) => ({
        type: "SiteSpace",
        id: s.id,
        title: titles.siteSpace(spaceTitle(s.space?.id ?? ""), site.title),
      })),
    ...groups.map((g) => ({ type: "SiteSectionGroup", id: g.id, title: g.title })),
    ...shareLinks.map((l) => ({
      type: "ShareLink",
      id: l.id,
      title: titles.shareLink(l.name, site.title),
    })),
    ...held.externalLinks.map((l) => ({
      type: "SiteExternalLink",
      id: l.id,
      title: titles.siteExternalLink(site.title, l.title),
      heldBy: key("SiteExternalLinks", site.id),
    })),
    ...held.redirects.map((r) => ({
      type: "SiteRedirect",
      id: r.id,
      title: titles.siteRedirect(site.title, r.source),
    })),
    ...held.mcpServers.map((m) => ({
      type: "SiteMcpServer",
      id: m.id,
      title: titles.siteMcpServer(site.title, m.name),
    })),
    ...held.contextConnections.map((c) => ({
      type: "SiteContextConnection",
      id: c.id,
      title: titles.siteContextConnection(site.title, c.label ?? c.connector),
    })),
    ...held.channels.map((c) => ({
      type: "SiteChannel",
      id: c.id,
      title: titles.siteChannel(site.title, c.type),
    })),
    ...settings.filter(([, set]) => set).map(([type, , title]) => ({ type, id: site.id, title })),
  ];
}

/** The objects of the organization no resource in `managed` manages. */
export function unmanagedObjects(inventory: Inventory, managed: Managed): ObjectRef[] {
  return objectsOf(inventory).filter(
    (o) => !managed.has(key(o.type, o.id)) && !(o.heldBy !== undefined && managed.has(o.heldBy)),
  );
}

/** `Space  spc_1  Onboarding`: one line per object, columns aligned. */
export function formatObjects(listed: readonly ObjectRef[]): string {
  // What the service holds is shown, never acted on by the terminal.
  const objects = listed.map((o) => ({
    type: printable(o.type),
    id: printable(o.id),
    title: printable(o.title),
  }));
  const width = (pick: (o: ObjectRef) => string) =>
    Math.max(0, ...objects.map((o) => pick(o).length));
  const typeWidth = width((o) => o.type);
  const idWidth = width((o) => o.id);
  return objects
    .map((o) => `${o.type.padEnd(typeWidth)}  ${o.id.padEnd(idWidth)}  ${o.title}`.trimEnd())
    .map((line) => `${line}\n`)
    .join("");
}

/** Whether an object is among `objects`: the selection `buildProgram`'s `only` takes. */
export function selects(objects: readonly ObjectRef[]): (type: string, id: string) => boolean {
  const chosen = new Set(objects.map((o) => key(o.type, o.id)));
  return (type, id) => chosen.has(key(type, id));
}
