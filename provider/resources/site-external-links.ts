import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { authoritativeList } from "../lifecycle/authoritative-list";
import * as api from "../api/site-external-links";
import type { ApiClient } from "../client";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { undoOnFailure } from "../lifecycle/handlers";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";

/**
 * A site's external links, **authoritative** (Team `members`' rule, team.ts): the site holds
 * exactly the declared links, and a link made by hand shows as drift and is removed by the next
 * `up`. A declared link is known by its title and URL, as SiteExternalLink's natural key: the
 * site's link of that title and URL is the declared one, every other field of it is changed in
 * place (a PATCH, and a move when its group changes), and a new title or URL is a new link.
 */

/** One declared link: SiteExternalLink's fields, and its group (`null`, the default: the root). */
export const ExternalLinkEntry = z
  .object({ ...api.SiteExternalLinkFields, sectionGroupId: Id.nullable().optional() })
  .transform((entry) => ({ ...entry, sectionGroupId: entry.sectionGroupId ?? null }));
export type ExternalLinkEntry = z.output<typeof ExternalLinkEntry>;

/** The link settings an entry manages when it declares them (title, URL and group always). */
const SETTINGS = [
  "description",
  "icon",
  "localizedTitle",
  "localizedDescription",
  "draft",
  "condition",
] as const;
type Setting = (typeof SETTINGS)[number];

const keyOf = (link: { title: string; url: string }) => `${link.title}\n${link.url}`;
const byKey = (a: { title: string; url: string }, b: { title: string; url: string }) =>
  keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;

/**
 * The declared list in one order (by title, then URL), so that listing the same links
 * differently is no change; a title and URL listed twice is refused, naming the entry.
 */
export const ExternalLinkEntries = authoritativeList(ExternalLinkEntry, {
  max: 500,
  keyOf,
  twice: (entry) => `the link "${entry.title}" to ${entry.url} is listed twice`,
});

/** A setting as the site holds it: `null` when absent (`false` for `draft`). */
function held(link: api.SiteExternalLink, setting: Setting): unknown {
  return setting === "draft" ? (link.draft ?? false) : (link[setting] ?? null);
}

/** Whether `entry` declares `setting`: an entry manages only the settings it declares. */
const declares = (entry: ExternalLinkEntry, setting: Setting) => entry[setting] !== undefined;

/**
 * A site's link as an entry would declare it: with the settings `like` declares; with none, when
 * `like` is `"none"` (a link no entry declares); with every setting it holds, when `like` is
 * `"held"` (an import, which has no declaration to follow).
 */
function asEntry(
  link: api.SiteExternalLink,
  like: ExternalLinkEntry | "none" | "held",
): ExternalLinkEntry {
  const settings = SETTINGS.filter((s) =>
    like === "none"
      ? false
      : like === "held"
        ? s === "draft"
          ? link.draft === true
          : link[s] !== undefined
        : declares(like, s),
  );
  return {
    title: link.title,
    url: link.url,
    ...Object.fromEntries(settings.map((s) => [s, held(link, s)])),
    sectionGroupId: link.sectionGroup ?? null,
  } as ExternalLinkEntry;
}

/** Each declared entry with the site's link it names, if any: the first not already taken. */
function match(
  links: readonly api.SiteExternalLink[],
  declared: readonly ExternalLinkEntry[],
): {
  pairs: [ExternalLinkEntry, api.SiteExternalLink | undefined][];
  others: api.SiteExternalLink[];
} {
  const taken = new Set<string>();
  const pairs = declared.map((entry): [ExternalLinkEntry, api.SiteExternalLink | undefined] => {
    const link = links.find((l) => !taken.has(l.id) && keyOf(l) === keyOf(entry));
    if (link !== undefined) taken.add(link.id);
    return [entry, link];
  });
  return { pairs, others: links.filter((l) => !taken.has(l.id)) };
}

/**
 * The site's links as the program would write them: each declared link the site holds, with the
 * settings it declares as the site holds them; then every other link, by title, URL and group. A
 * declared link the site lacks is left out: both show as drift.
 */
export function linksAsDeclared(
  links: readonly api.SiteExternalLink[],
  declared: readonly ExternalLinkEntry[] | undefined,
): ExternalLinkEntry[] {
  return listed(links, declared).map(({ entry }) => entry);
}

/**
 * {@link linksAsDeclared}, each with its link's id. `declared` undefined: an import, each link
 * with every setting it holds.
 */
function listed(
  links: readonly api.SiteExternalLink[],
  declared: readonly ExternalLinkEntry[] | undefined,
): { entry: ExternalLinkEntry; id: string }[] {
  const { pairs, others } = match(links, declared ?? []);
  const kept = pairs.flatMap(([entry, link]) =>
    link ? [{ entry: asEntry(link, entry), id: link.id }] : [],
  );
  const rest = others.map((link) => ({
    entry: asEntry(link, declared === undefined ? "held" : "none"),
    id: link.id,
  }));
  return [...kept, ...rest].sort((a, b) => byKey(a.entry, b.entry));
}

/** The settings of `entry` that `link` holds otherwise: the PATCH that sets them. */
function settingsPatch(entry: ExternalLinkEntry, link: api.SiteExternalLink) {
  const changed = SETTINGS.filter(
    (s) => declares(entry, s) && !isDeepStrictEqual(entry[s] ?? null, held(link, s)),
  );
  return Object.fromEntries(changed.map((s) => [s, entry[s]])) as z.infer<
    typeof api.SiteExternalLinkPatch
  >;
}

/** The create body of a declared link: its settings but those that say "none". */
function createBody(entry: ExternalLinkEntry): z.infer<typeof api.SiteExternalLinkCreate> {
  const { sectionGroupId, ...fields } = entry;
  const set = Object.entries(fields).filter(([, value]) => value != null);
  return {
    ...(Object.fromEntries(set) as { title: string; url: string }),
    ...(sectionGroupId === null ? {} : { parent: sectionGroupId }),
  };
}

/**
 * Makes the site hold exactly `declared`: one GET of its structure, then a POST for each declared
 * link it lacks, a PATCH for each whose declared settings differ, a move for each in another
 * group, and a DELETE for each link not declared. Creates come first and deletes last, so a
 * failure part way leaves a link too many rather than one too few. Each link it makes is added to
 * `made` as it is made. Answers the links after.
 */
async function reconcile(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  declared: readonly ExternalLinkEntry[],
  made: string[] = [],
): Promise<api.SiteExternalLink[]> {
  const { pairs, others } = match(
    await api.listExternalLinks(client, organizationId, siteId),
    declared,
  );
  const after: api.SiteExternalLink[] = [];
  for (const [entry, found] of pairs) {
    if (found === undefined) {
      const link = await api.createExternalLink(client, organizationId, siteId, createBody(entry));
      made.push(link.id);
      after.push(link);
      continue;
    }
    let link = found;
    const patch = settingsPatch(entry, link);
    if (Object.keys(patch).length > 0)
      link = await api.updateExternalLink(client, organizationId, siteId, link.id, patch);
    if ((link.sectionGroup ?? null) !== entry.sectionGroupId)
      link = await api.moveExternalLink(
        client,
        organizationId,
        siteId,
        link.id,
        entry.sectionGroupId,
      );
    after.push(link);
  }
  for (const link of others) await api.deleteExternalLink(client, organizationId, siteId, link.id);
  return after;
}

/** The resource's view of the site: its id and its links. */
const SiteLinks = z.object({ id: z.string(), links: z.array(api.SiteExternalLink) });
type SiteLinks = z.infer<typeof SiteLinks>;

async function apply(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  declared: readonly ExternalLinkEntry[],
): Promise<SiteLinks> {
  return { id: siteId, links: await reconcile(client, organizationId, siteId, declared) };
}

/**
 * The create: {@link apply}, and when a request fails part way, the links it made are deleted
 * again. What it changed or removed before the failure is not undone: the next `up` makes the
 * site hold the list again.
 */
async function applyAtCreate(
  client: ApiClient,
  organizationId: string,
  siteId: string,
  declared: readonly ExternalLinkEntry[],
): Promise<SiteLinks> {
  const made: string[] = [];
  const undo = async () => {
    for (const id of made) await api.deleteExternalLink(client, organizationId, siteId, id);
  };
  return undoOnFailure(undo, async () => ({
    id: siteId,
    links: await reconcile(client, organizationId, siteId, declared, made),
  }));
}

export const siteExternalLinks = defineResource({
  kind: "site-external-links",
  type: "SiteExternalLinks",
  importId: OF_SITE,
  // It names its site, whose links it sets: sending it again sets them again.
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, links: ExternalLinkEntries }),
  rules: (inputs) => adoptsItsSite("SiteExternalLinks", inputs),
  replaceOnChange: ["organizationId", "siteId"],
  response: SiteLinks,
  createBody: z.object({ links: ExternalLinkEntries }),
  patchBody: z.object({ links: ExternalLinkEntries }),
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The declared links the site holds, as declared, then any other link it holds. */
    links: (wire, known) => linksAsDeclared(wire.links, known.links),
    /**
     * The ids of the links `links` lists, in its order: what delete removes, so that a link
     * another resource made or took over since is never deleted by its title and URL.
     */
    linkIds: (wire, known) => listed(wire.links, known.links).map(({ id }) => id),
  },
  create: ({ client }, inputs) =>
    applyAtCreate(client, inputs.organizationId, inputs.siteId, inputs.links),
  idOf: (_, inputs) => inputs.siteId,
  read: async ({ client }, id, olds) => ({
    id,
    links: await api.listExternalLinks(client, olds.organizationId, id),
  }),
  // The body holds `links` whenever they changed; nothing else reaches a PATCH.
  patch: async ({ client }, id, olds, body) =>
    body.links === undefined
      ? { id, links: await api.listExternalLinks(client, olds.organizationId, id) }
      : apply(client, olds.organizationId, id, body.links),
  // The links the state lists, declared or seen, by id: the site keeps any made since, and a
  // SiteExternalLink that replaced one of them keeps its own.
  delete: async ({ client }, id, olds) => {
    for (const linkId of olds.linkIds ?? [])
      await api.deleteExternalLink(client, olds.organizationId, id, linkId);
  },
});

type Inputs = ArgsInputs<typeof siteExternalLinks>;

/** The arguments of a {@link SiteExternalLinks}. */
export interface SiteExternalLinksArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose navigation holds the links; it is also the resource's id, and it must have
   * sections (a site of site spaces only takes no link). A change replaces the resource.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The site's external links, **authoritative**: the site holds exactly these, and a link made
   * by hand is removed at the next `up` that sees it (after `pulumi refresh`, or `up --refresh`).
   * Each is a `title` and `url` (what the link is known by: a new one is a new link), the
   * settings of a SiteExternalLink (`description`, `icon`, `localizedTitle`,
   * `localizedDescription`, `draft`, `condition`: each managed when set, `null` removes it), and
   * its `sectionGroupId` (omitted or `null`: the site's root). At most 500; a title and URL listed
   * twice is refused. The order is not managed. Never beside a SiteExternalLink on one site.
   * @example [{ title: "Status", url: "https://status.example.com" }, { title: "API", url: "https://api.example.com", sectionGroupId: guides.id }]
   */
  links: Input<Inputs["links"]>;
  /**
   * The id of the site whose links to take over (the same as `siteId`): its links become the
   * declared ones at create, so this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
