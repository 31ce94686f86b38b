import type * as pulumi from "@pulumi/pulumi";
import type { DiffOutcome, Props } from "../lifecycle/compare";
import { UNKNOWN } from "../lifecycle/compare";
import type { Lifecycle } from "../lifecycle/handlers";
import { definitions } from "../resources/registry";

/**
 * The resource methods of the native provider, on the handlers every resource kind already has
 * (provider/lifecycle): what differs from the dynamic door is only where the values come from and
 * what the answer carries (a detailed diff, inputs on read, secrets marked).
 */

/** The handlers of every resource, by its token (`docs-workspace:index:Space`). */
const byToken: ReadonlyMap<string, Lifecycle> = new Map(
  definitions.map((d) => [d.token, d.handlers]),
);

/** The handlers of a resource type; an unknown one names the types this plugin serves. */
export function lifecycleOf(token: string): Lifecycle {
  const found = byToken.get(token);
  if (found === undefined) {
    throw new Error(
      `docs-workspace has no resource type "${token}"; it serves ${[...byToken.keys()].join(", ")}`,
    );
  }
  return found;
}

/** Properties with what they hold, and which of them to mark secret in the answer. */
export interface Answer {
  props: Props;
  secrets: Set<string>;
}

/** What an answer marks secret: the kind's secret outputs, and whatever arrived secret. */
function secretsOf(kind: Lifecycle, ...arrived: Set<string>[]): Set<string> {
  return new Set([...kind.secretOutputs, ...arrived.flatMap((s) => [...s])]);
}

export async function check(token: string, olds: Props, news: Props) {
  return lifecycleOf(token).check(olds, news);
}

/**
 * The state a dynamic resource left (a stack moved to this provider with aliases,
 * docs/migrate-to-native.md) holds its serialized provider, `__provider`, among its outputs. Its
 * drop is a change of the state alone: the update sends nothing for it (lifecycle's update
 * compares the API's fields only) and answers outputs without it.
 */
const DYNAMIC_SHIM = "__provider";

export function diff(token: string, olds: Props, news: Props): DiffOutcome {
  const outcome = lifecycleOf(token).detailedDiff(olds, news);
  if (!(DYNAMIC_SHIM in olds)) return outcome;
  return {
    ...outcome,
    changes: { ...outcome.changes, [DYNAMIC_SHIM]: { kind: "delete", replace: false } },
  };
}

/**
 * A create. In a preview nothing is sent: the declared inputs, and every other output not known
 * yet, so that what depends on them shows as such.
 */
export async function create(
  token: string,
  inputs: Props,
  secrets: Set<string>,
  preview: boolean,
): Promise<{ id: string } & Answer> {
  const kind = lifecycleOf(token);
  if (preview) {
    const props: Props = {};
    for (const key of kind.outputKeys) {
      const declared = kind.inputKeys.includes(key) ? inputs[key] : undefined;
      props[key] = declared ?? UNKNOWN;
    }
    return { id: "", props, secrets: secretsOf(kind, secrets) };
  }
  const made = await kind.create(inputs);
  return { id: made.id as string, props: made.outs as Props, secrets: secretsOf(kind, secrets) };
}

/**
 * How each kind's import id is written: the one place `pulumi import`'s ids are read
 * ({@link fromImportId}), and what the schema's `## Import` sections show. A format is
 * `/`-separated parts, each `<key>`, a value the read needs, or a literal word; `id` names the key
 * that holds the object's own id (absent: the whole import id is the object's id). The other keys
 * are what the read is given; a key that another format of the kind names and this one does not
 * is null (a grant names one principal). A kind not listed is imported by its id.
 */
interface ImportId {
  formats: readonly string[];
  id?: string;
}

const BY_ID: ImportId = { formats: ["<id>"], id: "id" };
/** A site's objects: their read needs the site, which the import id names first. */
const IN_SITE: ImportId = { formats: ["<siteId>/<id>"], id: "id" };
/** A site's adaptive schema, customization and visitor authentication: their id is the site's. */
const OF_SITE: ImportId = { formats: ["<siteId>"] };
/** A grant's id is its own: its target, then its principal. */
const grant = (target: string): ImportId => ({
  formats: [`<${target}>/teams/<teamId>`, `<${target}>/users/<userId>`],
});

const IMPORT_IDS: Readonly<Record<string, ImportId>> = {
  ShareLink: IN_SITE,
  SiteSection: IN_SITE,
  SiteSectionGroup: IN_SITE,
  SiteSpace: IN_SITE,
  SiteRedirect: IN_SITE,
  // A site space's customization: its id is the site space's.
  SiteSpaceCustomization: { formats: ["<siteId>/<siteSpaceId>"], id: "siteSpaceId" },
  SiteAdaptiveSchema: OF_SITE,
  SiteCustomization: OF_SITE,
  SiteVisitorAuth: OF_SITE,
  TeamMember: { formats: ["<teamId>/<userId>"] },
  // The glossary is the organization's: its id is the organization's.
  TranslationGlossary: { formats: ["<organizationId>"] },
  SpacePermission: grant("spaceId"),
  CollectionPermission: grant("collectionId"),
  SitePermission: grant("siteId"),
};

const typeOf = (token: string) => token.slice(token.lastIndexOf(":") + 1);

/** The import id formats of a resource type (`docs-workspace:index:SiteSection`). */
export function importIdFormats(token: string): readonly string[] {
  return (IMPORT_IDS[typeOf(token)] ?? BY_ID).formats;
}

/** The keys of a format: `<siteId>/teams/<teamId>` -> [siteId, null, teamId]. */
function keysOf(format: string): (string | null)[] {
  return format.split("/").map((part) => /^<(\w+)>$/.exec(part)?.[1] ?? null);
}

/** The values a format reads from an import id, or undefined when the id has another shape. */
function match(format: string, importId: string): Record<string, string> | undefined {
  const parts = format.split("/");
  const values = importId.split("/");
  if (values.length !== parts.length) return undefined;
  const found: Record<string, string> = {};
  for (const [i, key] of keysOf(format).entries()) {
    if (key === null ? values[i] !== parts[i] : values[i] === "") return undefined;
    if (key !== null) found[key] = values[i]!;
  }
  return found;
}

/**
 * What an import id holds beyond the object's id, for the kinds whose read needs more than it
 * ({@link importIdFormats}); the answer's id is then the object's own. An id of another shape is
 * the object's id alone (a `.get()` may give the site among its inputs), except where the whole
 * import id is the object's id: there it is refused, naming the formats.
 */
export function fromImportId(token: string, importId: string): { id: string; known: Props } {
  const type = typeOf(token);
  const spec = IMPORT_IDS[type] ?? BY_ID;
  for (const format of spec.formats) {
    const found = match(format, importId);
    if (found === undefined) continue;
    const known: Props = {};
    for (const other of spec.formats.flatMap(keysOf)) if (other !== null) known[other] = null;
    Object.assign(known, found);
    if (spec.id === "id") delete known.id;
    return { id: spec.id === undefined ? importId : found[spec.id]!, known };
  }
  if (spec.id === undefined)
    throw new Error(`${type} ${importId}: an import id is ${spec.formats.join(" or ")}`);
  return { id: importId, known: {} };
}

/**
 * The import id of an object, as {@link fromImportId} reads it, written from the same table: the
 * first format with the object's id at its place and the parents' ids at theirs
 * (`<siteId>/<id>` for an object of a site). Where the whole import id is the object's id (a
 * grant's `<siteId>/teams/<teamId>`, a team membership's `<teamId>/<userId>`, a site's settings'
 * `<siteId>`), it is that id. What `pulumi import` and the exporter's import file name an object by.
 */
export function importIdOf(
  token: string,
  id: string,
  parents: Readonly<Record<string, string | undefined>>,
): string {
  const type = typeOf(token);
  const spec = IMPORT_IDS[type] ?? BY_ID;
  if (spec.id === undefined) return id;
  return spec.formats[0]!.split("/")
    .map((part) => {
      const key = /^<(\w+)>$/.exec(part)?.[1];
      if (key === undefined) return part;
      if (key === spec.id) return id;
      const value = parents[key];
      if (value === undefined) throw new Error(`${type} ${id}: its import id needs its ${key}`);
      return value;
    })
    .join("/");
}

/**
 * A read. With a state, the refresh of the dynamic door: outputs and the declared inputs. Without
 * one (`pulumi import`, `Resource.get`), the object as it is, and as inputs every input it sets.
 */
export async function read(
  token: string,
  id: string,
  state: Props,
  inputs: Props,
  secrets: Set<string>,
): Promise<{ id: string; props: Props; inputs: Props | undefined; secrets: Set<string> }> {
  const kind = lifecycleOf(token);
  let result: pulumi.dynamic.ReadResult;
  if (Object.keys(state).length === 0) {
    const named = fromImportId(token, id);
    result = await kind.readUnrecorded(named.id, { ...named.known, ...inputs });
  } else {
    result = await kind.read(id, state);
  }
  return {
    id: result.id ?? "",
    props: (result.props ?? {}) as Props,
    inputs: (result.inputs ?? (result.id ? inputs : undefined)) as Props | undefined,
    secrets: secretsOf(kind, secrets),
  };
}

/** An update. In a preview nothing is sent: the old outputs with the declared inputs over them. */
export async function update(
  token: string,
  id: string,
  olds: Props,
  news: Props,
  secrets: Set<string>,
  preview: boolean,
): Promise<Answer> {
  const kind = lifecycleOf(token);
  if (preview) {
    const { [DYNAMIC_SHIM]: _shim, ...props } = olds;
    for (const key of kind.inputKeys) if (news[key] !== undefined) props[key] = news[key];
    return { props, secrets: secretsOf(kind, secrets) };
  }
  const { outs } = await kind.update(id, olds, news);
  return { props: (outs ?? {}) as Props, secrets: secretsOf(kind, secrets) };
}

export async function remove(token: string, id: string, state: Props): Promise<void> {
  await lifecycleOf(token).delete(id, state);
}
