import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import type { Collection } from "../provider/api/collections";
import type { TeamMembership } from "../provider/api/people";
import { textDocument, type Translation } from "../provider/api/translations";
import { collection } from "../provider/resources/collection";
import type { DefinedResource } from "../provider/lifecycle/define";
import { openApiSpec } from "../provider/resources/openapi-spec";
import { organizationMember } from "../provider/resources/organization-member";
import { organizationSettings } from "../provider/resources/organization-settings";
import { samlProvider } from "../provider/resources/saml-provider";
import { shareLink } from "../provider/resources/share-link";
import { site } from "../provider/resources/site";
import { siteAdaptiveSchema } from "../provider/resources/site-adaptive-schema";
import { siteSection } from "../provider/resources/site-section";
import { siteSectionGroup } from "../provider/resources/site-section-group";
import { siteSpace } from "../provider/resources/site-space";
import { space } from "../provider/resources/space";
import { team } from "../provider/resources/team";
import { teamMember } from "../provider/resources/team-member";
import { translation } from "../provider/resources/translation";
import { definitions } from "../provider/runtime";
import { code, kebabCase, literal, Names, type Value } from "./code";
import type { Inventory, SiteInventory } from "./inventory";

/** An input the exporter leaves out on purpose, and why: the reason is the documentation. */
export class Skipped {
  constructor(readonly reason: string) {}
}
const skip = (reason: string) => new Skipped(reason);

type AnyResource = DefinedResource<z.ZodObject, unknown>;
type InputsOf<D> = D extends DefinedResource<infer S, unknown> ? z.input<S> : never;

/**
 * What the exporter writes for each input of a resource: a value (left out when undefined), or
 * a reason it never writes it. Typed by the resource's schema, so an input added to a resource
 * is a compile error here until the exporter handles it or says why it does not.
 */
export type ArgumentsOf<D> = {
  [K in Exclude<keyof InputsOf<D>, keyof typeof COMMON_INPUTS>]-?: Value | undefined | Skipped;
};

/** Every input every resource takes, which the exporter never writes itself. */
export const COMMON_INPUTS = {
  organizationId: "the program's configured organization (docs-workspace:organizationId)",
  adoptId: "written for every resource but in --clone, with the object's id",
  workspace:
    "the program reads one organization: its stack's default workspace (docs-workspace:apiUrl, apiToken, organizationId)",
} as const;

/** Resource kinds the export does not declare, and what declares their objects instead. */
export const SKIPPED_KINDS: Readonly<Record<string, string>> = {
  [teamMember.type]: "each team declares its members (Team.members, authoritative)",
};

/** One resource of the generated program. */
export interface Declaration {
  /** The resource class: `Space`. */
  type: string;
  variable: string;
  /** The resource's name in the stack: the variable in kebab case. */
  name: string;
  /** The object's id in the service. */
  id: string;
  /** What the object is called: its title, label, name or slug. */
  title: string;
  args: Record<string, Value | undefined>;
  /** `adoptId`: the object's id, or a reference (the site space a section made). */
  adoptId?: Value | undefined;
  comments: string[];
}

/** A secret the program reads from stack config, because the export cannot write it. */
export interface SecretConfig {
  key: string;
  description: string;
}

export interface ExportOptions {
  /** Without `adoptId`: a copy of the workspace in another organization. */
  clone?: boolean;
  /**
   * Declares only the objects it selects (by resource class and id); references to the others
   * are their ids, with a comment saying so.
   */
  only?: (type: string, id: string) => boolean;
}

export interface Program {
  declarations: Declaration[];
  secrets: SecretConfig[];
  /** Objects the export cannot declare, and why; written as comments too. */
  notes: string[];
  /** `index.ts`, before formatting. */
  source: string;
}

/** Names every generated program holds besides its variables. */
const RESERVED_NAMES = ["pulumi", "config", ...definitions.map((d) => d.type)];

const byTitle =
  <T>(title: (item: T) => string) =>
  (a: T, b: T) =>
    title(a) < title(b) ? -1 : title(a) > title(b) ? 1 : 0;

/**
 * The program that declares the organization's objects: pure, from what `readInventory` read.
 * Declarations come in dependency order (each variable is declared before it is referred to),
 * and within a kind by title, so two organizations that hold the same workspace give the same
 * program but for ids.
 */
export function buildProgram(inventory: Inventory, options: ExportOptions = {}): Program {
  const clone = options.clone ?? false;
  const names = new Names(RESERVED_NAMES);
  /** Stack config keys of the secrets the program reads. */
  const secretKeys = new Names();
  const declarations: Declaration[] = [];
  const secrets: SecretConfig[] = [];
  const notes: string[] = [];
  if (options.only) {
    notes.push(
      "Objects your stack manages already are named here by their ids: replace each with its variable.",
    );
  }
  /** The expression that names each object's id, by its id. */
  const refs = new Map<string, Value>();
  const ref = (id: string | null | undefined): Value | undefined =>
    id === null || id === undefined ? undefined : (refs.get(id) ?? id);

  function declare<D extends AnyResource>(
    definition: D,
    object: { id: string; title: string },
    args: ArgumentsOf<D>,
    extra: { adoptId?: Value; comments?: string[]; refAs?: string } = {},
  ): Declaration {
    const variable = names.take(object.title, definition.type);
    const written: Record<string, Value | undefined> = {};
    const entries = args as Record<string, Value | undefined | Skipped>;
    for (const key of Object.keys(definition.inputs.shape)) {
      if (key in COMMON_INPUTS) continue;
      if (!(key in entries)) {
        throw new Error(
          `the exporter does not know the input ${key} of ${definition.type}: write it, or say why it is skipped`,
        );
      }
      const value = entries[key];
      if (!(value instanceof Skipped)) written[key] = value;
    }
    const declaration: Declaration = {
      type: definition.type,
      variable,
      name: kebabCase(variable),
      id: object.id,
      title: object.title,
      args: written,
      adoptId: extra.adoptId ?? (clone ? undefined : object.id),
      comments: extra.comments ?? [],
    };
    if (options.only && !options.only(definition.type, object.id)) return declaration;
    refs.set(object.id, code(`${variable}.${extra.refAs ?? "id"}`));
    declarations.push(declaration);
    return declaration;
  }

  // Collections, parents first.
  const collections = new Map(inventory.collections.map((c) => [c.id, c]));
  const depth = (c: Collection): number => {
    let d = 0;
    for (let p = c.parent; p && collections.has(p) && d < collections.size; d++) {
      p = collections.get(p)!.parent;
    }
    return d;
  };
  for (const c of [...inventory.collections]
    .sort(byTitle((c) => c.title))
    .sort((a, b) => depth(a) - depth(b))) {
    declare(collection, c, {
      title: c.title,
      description: c.description ?? undefined,
      defaultLevel: c.defaultLevel ?? (c.defaultLevel === null ? null : undefined),
      parent: ref(c.parent),
    });
  }

  // Spaces; a translation's result space is its translation's.
  const results = new Map(
    inventory.translations.filter((t) => t.result).map((t) => [t.result!.space, t]),
  );
  for (const s of [...inventory.spaces].sort(byTitle((s) => s.title))) {
    if (results.has(s.id)) continue;
    declare(space, s, {
      title: s.title,
      emoji: s.emoji || undefined,
      parent: ref(s.parent),
      editMode: (s.editMode ?? undefined) as Value | undefined,
      defaultLevel: s.defaultLevel === "inherit" ? undefined : s.defaultLevel,
      language: s.language ?? undefined,
    });
  }

  const spaceTitle = (id: string) => inventory.spaces.find((s) => s.id === id)?.title ?? id;
  for (const t of [...inventory.translations].sort(
    byTitle((t) => `${spaceTitle(t.source.space)} ${t.language}`),
  )) {
    const declared = declare(
      translation,
      { id: t.id, title: `${spaceTitle(t.source.space)} ${t.language}` },
      {
        spaceId: ref(t.source.space),
        sourceLanguage: t.source.language,
        language: t.language,
        instructions: instructionsOf(t),
        runOnChange: skip("how up behaves, not a property of the translation"),
        runTimeoutSeconds: skip("how up behaves, not a property of the translation"),
      },
    );
    if (t.result && declarations.includes(declared)) {
      refs.set(t.result.space, code(`${declared.variable}.resultSpaceId`));
      declared.comments.push(
        `Its result space (${spaceTitle(t.result.space)}, ${t.language}) is its own: not declared apart.`,
      );
    }
  }

  for (const { spec, text } of [...inventory.specs].sort(byTitle((s) => s.spec.slug))) {
    const source = spec.sourceURL ? { url: spec.sourceURL } : text ? { text } : undefined;
    if (source === undefined) {
      notes.push(
        `OpenAPI spec ${spec.slug}: its source is text and it has no version to read it from yet; export again once it is processed.`,
      );
      continue;
    }
    declare(
      openApiSpec,
      { id: spec.slug, title: spec.slug },
      {
        slug: spec.slug,
        source,
        visibility: spec.visibility ?? undefined,
        waitForProcessing: skip("how up behaves, not a property of the spec"),
        processingTimeoutSeconds: skip("how up behaves, not a property of the spec"),
      },
    );
  }

  for (const s of [...inventory.sites].sort(byTitle((s) => s.site.title))) {
    declareSite(s);
  }

  for (const { team: t, memberships } of [...inventory.teams].sort(byTitle((t) => t.team.title))) {
    declare(team, t, { title: t.title, members: membersOf(memberships) });
  }

  for (const m of [...inventory.members].sort(byTitle((m) => m.user.email ?? m.id))) {
    const email = m.user.email;
    declare(
      organizationMember,
      { id: m.id, title: m.user.displayName ?? email ?? m.id },
      {
        userId: email ? undefined : m.id,
        email,
        role: m.role,
        removeOnDelete: skip(
          "what destroy does is the program's choice: by default the member stays, with the default role",
        ),
      },
    );
  }

  for (const p of [...inventory.samlProviders].sort(byTitle((p) => p.label))) {
    const key = secretKeys.take(`${p.label} certificate`, "samlCertificate");
    secrets.push({ key, description: `the signing certificate of SAML provider ${p.label}` });
    declare(
      samlProvider,
      { id: p.id, title: p.label },
      {
        label: p.label,
        entityID: p.entityID,
        certificate: code(`config.requireSecret(${JSON.stringify(key)})`),
        ssoURL: p.ssoURL,
        defaultTeam: ref(p.defaultTeam?.id),
        defaultRole: p.defaultRole ?? undefined,
      },
      {
        comments: [
          "The certificate is a secret the export does not write: set it with",
          `\`pulumi config set --secret ${key} < idp.pem\`.`,
        ],
      },
    );
  }

  const org = inventory.organization;
  declare(
    organizationSettings,
    { id: org.id, title: "organization settings" },
    {
      title: clone ? skip("a copy keeps its own organization's name") : org.title,
      emailDomains: org.emailDomains,
      hostname: clone ? skip("unique to one organization") : (org.hostname ?? undefined),
      defaultRole: org.defaultRole === undefined ? undefined : org.defaultRole,
      defaultContent: org.defaultContent
        ? { type: "site", site: ref(org.defaultContent.site) }
        : undefined,
      logo: org.urls?.logo ?? undefined,
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
    },
    clone
      ? {
          comments: ["A copy keeps its own organization's name and hostname: neither is declared."],
        }
      : {},
  );

  function declareSite({
    site: s,
    sections,
    siteSpaces,
    groups,
    shareLinks,
    adaptiveSchema,
  }: SiteInventory) {
    declare(site, s, {
      title: s.title,
      type: s.type,
      visibility: s.visibility,
      basename: s.basename ?? undefined,
      published: s.published,
      adaptiveContent: s.adaptiveContent ?? undefined,
      agentsContext: s.agentsContext ?? undefined,
      proxy: s.proxy?.origin?.replace(/^https?:\/\//, "") ?? undefined,
      defaultSiteSpace: skip(
        "names a site space, made after the site: the program would depend on itself; the service's default stands",
      ),
      defaultSiteSection: skip(
        "names a section, made after the site: the program would depend on itself; the service's default stands",
      ),
    });
    const siteRef = ref(s.id)!;

    const properties = (adaptiveSchema.jsonSchema.properties ?? {}) as Record<string, unknown>;
    if (Object.keys(properties).length > 0) {
      declare(
        siteAdaptiveSchema,
        { id: s.id, title: `${s.title} visitor schema` },
        {
          siteId: siteRef,
          jsonSchema: adaptiveSchema.jsonSchema as Value,
        },
        { refAs: "siteId" },
      );
      // The schema's id is its site's: references to the site stay on the site.
      refs.set(s.id, siteRef);
    }

    /** Each section's first site space: the one the API made with it. */
    const madeWith = new Map<string, string>();
    for (const section of [...sections].sort(byTitle((x) => x.title))) {
      const first = section.siteSpaces?.[0];
      const spaceId = first?.space?.id;
      if (first === undefined || !spaceId) {
        notes.push(
          `Section ${section.title} of site ${s.title} holds no space: the provider makes a section with its first space, so it is not declared.`,
        );
        continue;
      }
      const sectionDeclared = declare(siteSection, section, {
        siteId: siteRef,
        spaceId: ref(spaceId),
        title: section.title,
        icon: section.icon ?? undefined,
        path: section.path,
        description: section.description || undefined,
        condition: section.condition ?? undefined,
        defaultSiteSpace: skip(
          "names a site space, made after the section: the program would depend on itself; the service's default stands",
        ),
        sectionGroupId: skip("the section's group lists it (SiteSectionGroup.sections)"),
      });
      if (declarations.includes(sectionDeclared)) madeWith.set(first.id, sectionDeclared.variable);
    }

    const sectionTitle = (id: string | null | undefined) =>
      sections.find((x) => x.id === id)?.title ?? "";
    for (const siteSpaceObject of [...siteSpaces].sort(
      byTitle((x) => `${sectionTitle(x.section)} ${spaceTitle(x.space?.id ?? "")}`),
    )) {
      const spaceId = siteSpaceObject.space?.id;
      if (!spaceId) continue;
      const section = madeWith.get(siteSpaceObject.id);
      declare(
        siteSpace,
        { id: siteSpaceObject.id, title: `${spaceTitle(spaceId)} on ${s.title}` },
        {
          siteId: siteRef,
          sectionId: ref(siteSpaceObject.section),
          spaceId: ref(spaceId),
          path: siteSpaceObject.path,
          condition: siteSpaceObject.condition ?? undefined,
          hidden: siteSpaceObject.hidden,
        },
        section === undefined || !clone
          ? {}
          : {
              adoptId: code(`${section}.siteSpaceId`),
              comments: ["The site space its section was made with: taken over, not made."],
            },
      );
    }

    for (const group of [...groups].sort(byTitle((g) => g.title))) {
      declare(siteSectionGroup, group, {
        siteId: siteRef,
        title: group.title,
        icon: group.icon ?? undefined,
        sections: group.sections.map((id) => ref(id)!),
      });
    }

    for (const link of [...shareLinks].sort(byTitle((l) => l.name ?? ""))) {
      declare(
        shareLink,
        { id: link.id, title: link.name || `${s.title} share link` },
        { siteId: siteRef, name: link.name ?? "", active: link.active },
      );
    }
  }

  return { declarations, secrets, notes, source: render(inventory, declarations, notes) };
}

/** The translation's instructions as the provider reads them back: none when empty. */
function instructionsOf(t: Translation): Value | undefined {
  if (t.instructions === undefined || t.instructions === null) return undefined;
  if (isDeepStrictEqual(t.instructions, textDocument(""))) return undefined;
  // The service stores the document as JSON, and may answer its keys in another order than it
  // was given: sorted, two organizations holding the same document write the same program.
  return sortedKeys(t.instructions) as Value;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
}

/** A team's members as its resource reads them back: by e-mail, sorted, `member` left out. */
function membersOf(memberships: readonly TeamMembership[]): Value {
  return memberships
    .map((m) => ({ user: m.organization.user.email ?? m.organization.id, role: m.team.role }))
    .sort(byTitle((m) => m.user.toLowerCase()))
    .map(({ user, role }) => (role === "member" ? { user } : { user, role }));
}

function render(inventory: Inventory, declarations: Declaration[], notes: string[]): string {
  const used = [...new Set(declarations.map((d) => d.type))].sort();
  const org = inventory.organization;
  const lines = [
    `// The workspace of organization ${comment(org.title)} (${org.id}), as \`docs-workspace export\``,
    "// read it. Each resource carries `adoptId` unless this is a clone: the first `up` takes the",
    "// objects over instead of making them again. The API endpoint, token and organization come",
    "// from the stack config (`docs-workspace:*`) or the environment (`DOCS_WORKSPACE_*`).",
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ${used.join(", ")} } from "pulumi-docs-workspace";`,
    "",
    "const config = new pulumi.Config();",
    ...notes.map((n) => `// ${comment(n)}`),
    "",
  ];
  for (const d of declarations) {
    const args = { ...d.args, ...(d.adoptId === undefined ? {} : { adoptId: d.adoptId }) };
    lines.push(
      "",
      ...d.comments.map((c) => `// ${comment(c)}`),
      `const ${d.variable} = new ${d.type}(${JSON.stringify(d.name)}, ${literal(args)});`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Text safe inside a line comment: every line terminator TypeScript knows is folded. */
function comment(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, " ");
}

/** Every kind the export declares or deliberately leaves to another resource. */
export const EXPORTED_TYPES: readonly string[] = RESERVED_NAMES.slice(2).filter(
  (type) => !(type in SKIPPED_KINDS),
);
