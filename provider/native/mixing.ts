import type { Props } from "../lifecycle/compare";
import { isUnknown } from "../lifecycle/compare";

/**
 * The native plugin's guard against mixing the two forms of permissions on one object (the
 * program side has its own, provider/resources/permission-mixing.ts). The engine sends every
 * Check, Diff and Create of a deployment to this one process, so it remembers which objects, by
 * id, a resource manages authoritatively (a Space, Collection or Site declaring `permissions`)
 * and which an additive grant targets, and refuses the second of the two.
 *
 * What it sees: an object's id once it is known to the plugin, from the Diff of an existing
 * object (preview and up) or from the Create of a new one (up only), and a grant's target id at
 * its Check when known. So for an existing object the mix fails the preview, at the grant's Check
 * (a failure naming the target property and the object) or, if the grant's check came first, at
 * the object's Diff; for an object the same run creates, the preview cannot know its id, and the
 * `up` fails at the grant's Check, right after the object's create and before the grant is written.
 */

/** What holds grants, by the token of each side. */
const AUTHORITATIVE: Readonly<Record<string, string>> = {
  Space: "space",
  Collection: "collection",
  Site: "site",
};
const ADDITIVE: Readonly<Record<string, { kind: string; key: string; owner: string }>> = {
  SpacePermission: { kind: "space", key: "spaceId", owner: "Space" },
  CollectionPermission: { kind: "collection", key: "collectionId", owner: "Collection" },
  SitePermission: { kind: "site", key: "siteId", owner: "Site" },
};

const typeOf = (token: string) => token.slice(token.lastIndexOf(":") + 1);

/** One deployment's view: made once per plugin process. */
export class MixingGuard {
  /** `<kind>:<id>` of each object declaring `permissions`, with its resource name. */
  private readonly authoritative = new Map<string, string>();
  /** `<kind>:<id>` of each grant's target, with the grant's type and name. */
  private readonly additive = new Map<string, string>();

  /**
   * At a grant's Check: a failure naming its target property when that object declares
   * `permissions`; otherwise the grant is remembered.
   */
  checkGrant(token: string, name: string, news: Props): { property: string; reason: string }[] {
    const grant = ADDITIVE[typeOf(token)];
    const targetId = grant && news[grant.key];
    if (!grant || typeof targetId !== "string" || isUnknown(targetId)) return [];
    const key = `${grant.kind}:${targetId}`;
    const owner = this.authoritative.get(key);
    if (owner !== undefined) {
      const reason = `${grant.owner} "${owner}" (${targetId}) declares permissions (authoritative), and ${typeOf(token)} "${name}" adds a grant to it: the two forms must not be mixed on one ${grant.kind}. Move the grant into its permissions, or remove permissions and declare each grant as a ${typeOf(token)}.`;
      return [{ property: grant.key, reason }];
    }
    this.additive.set(key, `${typeOf(token)} "${name}"`);
    return [];
  }

  /**
   * At an object's Diff or Create, once its id is known: remembered when it declares
   * `permissions`; an error naming both when a grant already targets it.
   */
  noteObject(token: string, name: string, id: string, news: Props): void {
    const kind = AUTHORITATIVE[typeOf(token)];
    if (kind === undefined || id === "" || news.permissions === undefined) return;
    const key = `${kind}:${id}`;
    const grant = this.additive.get(key);
    if (grant !== undefined) {
      throw new Error(
        `${typeOf(token)} "${name}" (${id}) declares permissions (authoritative), and ${grant} adds a grant to it: the two forms must not be mixed on one ${kind}. Move the grant into permissions, or remove permissions and declare each grant apart.`,
      );
    }
    this.authoritative.set(key, name);
  }
}

/** The resource's name in a URN (`urn:pulumi:stack::project::type::name`). */
export function nameOf(urn: string): string {
  return urn.split("::").pop() ?? urn;
}
