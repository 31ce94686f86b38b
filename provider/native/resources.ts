import type * as pulumi from "@pulumi/pulumi";
import type { DiffOutcome, Props } from "../lifecycle/compare";
import { UNKNOWN } from "../lifecycle/compare";
import type { Lifecycle } from "../lifecycle/handlers";
import { definitions } from "../runtime";

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

/** The kinds a site holds: their read needs the site, which an import id names first. */
const IN_SITE = ["ShareLink", "SiteSection", "SiteSectionGroup", "SiteSpace", "SiteRedirect"];
/** The kinds whose id is their site's: imported by the site's id alone. */
const OF_SITE = ["SiteAdaptiveSchema", "SiteCustomization", "SiteVisitorAuth"];

/**
 * What an import id holds beyond the object's id, for the kinds whose read needs more than it:
 * a site's objects are imported as `<siteId>/<id>`, a team membership by its own id,
 * `<teamId>/<userId>`, a grant by its own id, `<targetId>/teams/<teamId>` or
 * `<targetId>/users/<userId>`, a site's adaptive schema by its site's id. The answer's id is then the
 * object's own.
 */
/**
 * The import id of an object, as {@link fromImportId} reads it: its id, after its site's for an
 * object of a site (`<siteId>/<id>`), and `<teamId>/<userId>` for a team membership. What
 * `pulumi import` and the exporter's import file name an object by.
 */
export function importIdOf(
  token: string,
  id: string,
  parents: { siteId?: string | undefined; teamId?: string | undefined },
): string {
  const type = token.slice(token.lastIndexOf(":") + 1);
  if (IN_SITE.includes(type) || type === "SiteSpaceCustomization") {
    if (parents.siteId === undefined)
      throw new Error(`${type} ${id}: its import id needs its siteId`);
    return `${parents.siteId}/${id}`;
  }
  if (type === "TeamMember") {
    if (parents.teamId === undefined)
      throw new Error(`TeamMember ${id}: its import id needs its teamId`);
    return `${parents.teamId}/${id}`;
  }
  return id;
}

/** The target input of each permission kind: its import id is its own, `<target>/teams/<teamId>`. */
const GRANT_TARGETS: Readonly<Record<string, string>> = {
  SpacePermission: "spaceId",
  CollectionPermission: "collectionId",
  SitePermission: "siteId",
};

export function fromImportId(token: string, importId: string): { id: string; known: Props } {
  const type = token.slice(token.lastIndexOf(":") + 1);
  const targetKey = GRANT_TARGETS[type];
  if (targetKey !== undefined) {
    const [target, kind, principal] = importId.split("/");
    if (!target || !principal || (kind !== "teams" && kind !== "users"))
      throw new Error(
        `${type} ${importId}: an import id is <${targetKey}>/teams/<teamId> or <${targetKey}>/users/<userId>`,
      );
    const teamId = kind === "teams" ? principal : null;
    const userId = kind === "users" ? principal : null;
    return { id: importId, known: { [targetKey]: target, teamId, userId } };
  }
  // The glossary is the organization's: its id is the organization's.
  if (type === "TranslationGlossary") return { id: importId, known: { organizationId: importId } };
  // A site's adaptive schema, customization and visitor authentication are addressed by their
  // site: their id is the site's.
  if (OF_SITE.includes(type)) return { id: importId, known: { siteId: importId } };
  const slash = importId.indexOf("/");
  if (slash < 0) return { id: importId, known: {} };
  const [head, tail] = [importId.slice(0, slash), importId.slice(slash + 1)];
  if (IN_SITE.includes(type)) return { id: tail, known: { siteId: head } };
  // A site space's customization: `<siteId>/<siteSpaceId>`, its id the site space's.
  if (type === "SiteSpaceCustomization")
    return { id: tail, known: { siteId: head, siteSpaceId: tail } };
  if (type === "TeamMember") return { id: importId, known: { teamId: head, userId: tail } };
  return { id: importId, known: {} };
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
