import type { Props } from "../lifecycle/compare";
import { isUnknown } from "../lifecycle/compare";
import { nativeToken } from "../lifecycle/define";
import type { GrantTarget } from "../lifecycle/facts";
import { definitions } from "../resources/registry";
import { mixingError } from "../resources/permission-mixing";

/**
 * The native plugin's side of the rule against mixing the two forms of permissions on one object
 * (provider/resources/permission-mixing.ts holds the rule, its wording and the program's side).
 * The engine sends every Check, Diff and Create of a deployment to this one process, so it
 * remembers which objects, by id, a resource manages authoritatively (a Space, Collection or Site declaring `permissions`)
 * and which an additive grant targets, and refuses the second of the two.
 *
 * What it sees: an object's id once it is known to the plugin, from the Diff of an existing
 * object (preview and up) or from the Create of a new one (up only), and a grant's target id at
 * its Check when known. So for an existing object the mix fails the preview, at the grant's Check
 * (a failure naming the target property and the object) or, if the grant's check came first, at
 * the object's Diff; for an object the same run creates, the preview cannot know its id, and the
 * `up` fails at the grant's Check, right after the object's create and before the grant is written.
 */

/** Each grant resource, by its token: what it targets (its definition's `grantTarget`). */
const GRANTS: ReadonlyMap<string, { type: string; target: GrantTarget }> = new Map(
  definitions.flatMap((d) =>
    d.grantTarget === undefined ? [] : [[d.token, { type: d.type, target: d.grantTarget }]],
  ),
);
/** Each resource that lists an object's grants (`permissions`), by its token: what it holds. */
const AUTHORITATIVE: ReadonlyMap<string, GrantTarget> = new Map(
  [...GRANTS.values()].map(({ target }) => [nativeToken(target.owner), target]),
);

/** One deployment's view: made once per plugin process. */
export class MixingGuard {
  /** `<kind>:<id>` of each object declaring `permissions`, with its type and name. */
  private readonly authoritative = new Map<string, string>();
  /** `<kind>:<id>` of each grant's target, with the grant, by name. */
  private readonly additive = new Map<
    string,
    { type: string; name: string; target: GrantTarget }
  >();

  /**
   * At a grant's Check: a failure naming its target property when that object declares
   * `permissions`; otherwise the grant is remembered.
   */
  checkGrant(token: string, name: string, news: Props): { property: string; reason: string }[] {
    const grant = GRANTS.get(token);
    const targetId = grant && news[grant.target.key];
    if (!grant || typeof targetId !== "string" || isUnknown(targetId)) return [];
    const key = `${grant.target.kind}:${targetId}`;
    const owner = this.authoritative.get(key);
    const named = { ...grant, name };
    if (owner !== undefined) {
      return [{ property: grant.target.key, reason: mixingError(named, targetId, owner) }];
    }
    this.additive.set(key, named);
    return [];
  }

  /**
   * At an object's Diff or Create, once its id is known: remembered when it declares
   * `permissions`; an error naming both when a grant already targets it.
   */
  noteObject(token: string, name: string, id: string, news: Props): void {
    const holds = AUTHORITATIVE.get(token);
    if (holds === undefined || id === "" || news.permissions === undefined) return;
    const key = `${holds.kind}:${id}`;
    const owner = `${holds.owner} "${name}"`;
    const grant = this.additive.get(key);
    if (grant !== undefined) throw new Error(mixingError(grant, id, owner));
    this.authoritative.set(key, owner);
  }
}

/** The resource's name in a URN (`urn:pulumi:stack::project::type::name`). */
export function nameOf(urn: string): string {
  return urn.split("::").pop() ?? urn;
}
