import type { Store } from "./store";
import type { ChangeRequestRow } from "./store/change-requests";
import type { SpaceRow } from "./store/spaces";

/**
 * What one family needs from another without importing it: where a space is published (the
 * sites family knows), and the counts a space shows of things other families keep (comments,
 * change requests). Each family declares what it provides in `families.ts`; `wireHooks` joins
 * them when the app is built, so every app has its own and no module holds them.
 */

/** The counts of §2.3 that other families keep. */
export interface SpaceCounts {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/**
 * `spaceIds` now belong to `organizationId` (a space or collection transfer): a family cuts what
 * of another organization still links them. Runs in the transfer's transaction.
 */
export type SpacesTransferred = (
  store: Store,
  spaceIds: readonly string[],
  organizationId: string,
) => void;

/** What a family may provide to the others. */
export interface FamilyHooks {
  /**
   * The published URL of a space, when this family publishes it, as a caller with `role` sees it
   * (a share key only for those who may list the share links).
   */
  spacePublishedUrl?(store: Store, space: SpaceRow, role: string | null): string | undefined;
  /** The counts this family keeps for a space. */
  spaceCounts?(store: Store, space: SpaceRow): Partial<SpaceCounts>;
  /** The change request whose merge made a revision of the space, when this family merged it. */
  revisionMergedFrom?(
    store: Store,
    space: SpaceRow,
    revisionId: string,
  ): ChangeRequestRow | undefined;
  spacesTransferred?: SpacesTransferred;
}

/** The hooks as the routes call them, every family's answer joined. */
export interface Hooks {
  spacePublishedUrl(store: Store, space: SpaceRow, role: string | null): string | undefined;
  spaceCounts(store: Store, space: SpaceRow): SpaceCounts;
  revisionMergedFrom(
    store: Store,
    space: SpaceRow,
    revisionId: string,
  ): ChangeRequestRow | undefined;
  spacesTransferred(store: Store, spaceIds: readonly string[], organizationId: string): void;
}

export function wireHooks(providers: readonly FamilyHooks[]): Hooks {
  const publishers = providers.flatMap((p) => (p.spacePublishedUrl ? [p.spacePublishedUrl] : []));
  const counters = providers.flatMap((p) => (p.spaceCounts ? [p.spaceCounts] : []));
  const mergers = providers.flatMap((p) => (p.revisionMergedFrom ? [p.revisionMergedFrom] : []));
  const cutters = providers.flatMap((p) => (p.spacesTransferred ? [p.spacesTransferred] : []));
  return {
    spacePublishedUrl(store, space, role) {
      for (const publisher of publishers) {
        const url = publisher(store, space, role);
        if (url !== undefined) return url;
      }
      return undefined;
    },
    spaceCounts(store, space) {
      const counts = {
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
      };
      for (const counter of counters) Object.assign(counts, counter(store, space));
      return counts;
    },
    revisionMergedFrom(store, space, revisionId) {
      for (const merger of mergers) {
        const changeRequest = merger(store, space, revisionId);
        if (changeRequest !== undefined) return changeRequest;
      }
      return undefined;
    },
    spacesTransferred(store, spaceIds, organizationId) {
      if (spaceIds.length === 0) return;
      for (const cut of cutters) cut(store, spaceIds, organizationId);
    },
  };
}
