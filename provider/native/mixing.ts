import type { Props } from "../lifecycle/compare";
import { isUnknown } from "../lifecycle/compare";
import { nativeToken } from "../lifecycle/define";
import type { AdditiveTarget } from "../lifecycle/facts";
import { definitions } from "../resources/registry";
import { mixingError, twoListsError } from "../resources/list-mixing";

/**
 * The native plugin's side of the rule against mixing the two forms of one list on one object
 * (provider/resources/list-mixing.ts holds the rule, its wording and the program's side). The
 * engine sends every Check, Diff and Create of a deployment to this one process, so it remembers
 * which objects, by id, a resource lists authoritatively (a Space, Collection or Site declaring
 * `permissions`; a SiteExternalLinks' site) and which an additive resource (a grant, a
 * SiteExternalLink) adds to, and refuses the second of the two.
 *
 * What it sees: an additive resource's target id at its Check when known; an object's id once it
 * is known to the plugin, from the Diff of an existing object (preview and up) or from the Create
 * of a new one (up only); and a list of its own's object id at its Check, as an additive
 * resource's. So for an existing object the mix fails the preview, at the second Check (a failure
 * naming the target property and the other resource) or at the object's Diff; for an object the
 * same run creates, the preview cannot know its id, and the `up` fails at the second resource's
 * Check: a grant's right after the object's create, before the grant is written; of a link and a
 * list of links, whichever the engine checks second, before it is written, the first one being
 * written already (its state records it). Two lists of one object fail the second list's Check.
 */

/** Each additive resource, by its token: what it adds to (its definition's `additiveTarget`). */
const ADDITIVE: ReadonlyMap<string, { type: string; target: AdditiveTarget }> = new Map(
  definitions.flatMap((d) =>
    d.additiveTarget === undefined ? [] : [[d.token, { type: d.type, target: d.additiveTarget }]],
  ),
);
/** Each resource that lists an object's items, by its token: what it holds. */
const AUTHORITATIVE: ReadonlyMap<string, AdditiveTarget> = new Map(
  [...ADDITIVE.values()].map(({ target }) => [nativeToken(target.owner), target]),
);

/** A string id the engine knows: not empty, not a preview's unknown. */
const known = (value: unknown): value is string =>
  typeof value === "string" && value !== "" && !isUnknown(value);

/** One deployment's view: made once per plugin process. */
export class MixingGuard {
  /** `<owner type>:<id>` of each object whose items a resource lists, with that resource. */
  private readonly authoritative = new Map<string, string>();
  /** `<owner type>:<id>` of each object an additive resource adds to, with it, by name. */
  private readonly additive = new Map<
    string,
    { type: string; name: string; target: AdditiveTarget }
  >();

  /**
   * At a Check: for an additive resource, a failure naming its target property when a resource
   * lists that object's items; for a list of its own (a SiteExternalLinks), a failure naming its
   * object's property when an additive resource adds to that object. Otherwise remembered.
   */
  check(token: string, name: string, news: Props): { property: string; reason: string }[] {
    const added = ADDITIVE.get(token);
    if (added !== undefined && known(news[added.target.key])) {
      const key = `${added.target.owner}:${news[added.target.key] as string}`;
      const owner = this.authoritative.get(key);
      const named = { ...added, name };
      if (owner !== undefined)
        return [
          {
            property: added.target.key,
            reason: mixingError(named, news[added.target.key] as string, owner),
          },
        ];
      this.additive.set(key, named);
    }
    const holds = AUTHORITATIVE.get(token);
    if (holds?.ownerKey !== undefined && known(news[holds.ownerKey])) {
      const reason = this.noteList(holds, name, news[holds.ownerKey] as string);
      if (reason !== undefined) return [{ property: holds.ownerKey, reason }];
    }
    return [];
  }

  /**
   * At an object's Diff or Create, once its id is known: remembered when it declares
   * `permissions`; an error naming both when an additive resource already adds to it.
   */
  noteObject(token: string, name: string, id: string, news: Props): void {
    const holds = AUTHORITATIVE.get(token);
    if (holds === undefined || holds.ownerKey !== undefined) return;
    if (!known(id) || news[holds.list] === undefined) return;
    const reason = this.noteList(holds, name, id);
    if (reason !== undefined) throw new Error(reason);
  }

  /** Remembers that `name` lists the items of `objectId`; the mix's wording when it is one. */
  private noteList(holds: AdditiveTarget, name: string, objectId: string): string | undefined {
    const key = `${holds.owner}:${objectId}`;
    const owner = `${holds.owner} "${name}"`;
    const added = this.additive.get(key);
    if (added !== undefined) return mixingError(added, objectId, owner);
    const first = this.authoritative.get(key);
    // A list of its own (a SiteExternalLinks) checked again is no second list.
    if (holds.ownerKey !== undefined && first !== undefined && first !== owner)
      return twoListsError({ type: holds.owner, target: holds }, first, owner, objectId);
    this.authoritative.set(key, owner);
    return undefined;
  }
}

/** The resource's name in a URN (`urn:pulumi:stack::project::type::name`). */
export function nameOf(urn: string): string {
  return urn.split("::").pop() ?? urn;
}
