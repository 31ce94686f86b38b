import type { Store } from "./index";
import { Table, all, integer, one, text, type Raw, type RowIn } from "./sql";

/**
 * Change requests (§2.7): numbered from 1 in each space, each with its own revision. It starts
 * on the space's revision (`revision_initial`); content written to it moves `revision`;
 * `update` records the space revision it pulled in (`revision_merged_ancestor`); `merge`
 * records the revision it produced (`revision_merged`). Contributors are who opened it and who
 * wrote its content.
 */
const changeRequests = new Table(
  "change_requests",
  {
    id: text("PRIMARY KEY"),
    spaceId: text("NOT NULL REFERENCES spaces(id) ON DELETE CASCADE"),
    number: integer("NOT NULL"),
    status: text("NOT NULL").of<ChangeRequestStatus>(),
    subject: text("NOT NULL"),
    createdBy: text("NOT NULL"),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
    revision: text("NOT NULL"),
    revisionInitial: text("NOT NULL"),
    revisionMergedAncestor: text(),
    revisionMerged: text(),
    mergedBy: text(),
    mergedAt: text(),
  },
  { constraints: ["UNIQUE (space_id, number)"] },
);

const changeRequestContributorsTable = new Table(
  "change_request_contributors",
  {
    changeRequestId: text("NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE"),
    userId: text("NOT NULL"),
  },
  { constraints: ["PRIMARY KEY (change_request_id, user_id)"] },
);

/** The family's tables, created at every open. */
export const changeRequestsTables = [changeRequests, changeRequestContributorsTable];

export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

export type ChangeRequestRow = RowIn<typeof changeRequests>;

const decoded = (rows: Raw[]) => rows.map((row) => changeRequests.decode(row));

/** The change request `ref` names in a space: its id, or its number (§4). */
export function findChangeRequest(
  store: Store,
  spaceId: string,
  ref: string,
): ChangeRequestRow | undefined {
  const byNumber = /^[1-9][0-9]{0,8}$/.test(ref) ? Number(ref) : -1;
  const row = one<Raw>(
    store,
    `${changeRequests.select} WHERE space_id = ? AND (id = ? OR number = ?)`,
    spaceId,
    ref,
    byNumber,
  );
  return row && changeRequests.decode(row);
}

/** The change request whose merge made the revision `revisionId` of a space, if one did. */
export function findChangeRequestMergedInto(
  store: Store,
  spaceId: string,
  revisionId: string,
): ChangeRequestRow | undefined {
  return changeRequests.find(store, { spaceId, status: "merged", revisionMerged: revisionId });
}

export function insertChangeRequest(
  store: Store,
  spaceId: string,
  revision: string,
  subject: string,
  userId: string,
): ChangeRequestRow {
  const now = store.now();
  return store.transaction(() => {
    const { next } = one<{ next: number }>(
      store,
      "SELECT COALESCE(MAX(number), 0) + 1 AS next FROM change_requests WHERE space_id = ?",
      spaceId,
    )!;
    const row = changeRequests.insert(store, {
      id: store.newId(),
      spaceId,
      number: next,
      status: "draft",
      subject,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      revision,
      revisionInitial: revision,
    });
    addContributor(store, row.id, userId);
    return row;
  });
}

export function addContributor(store: Store, changeRequestId: string, userId: string): void {
  store
    .statement(
      "INSERT OR IGNORE INTO change_request_contributors (change_request_id, user_id) VALUES (?, ?)",
    )
    .run(changeRequestId, userId);
}

/** A space's change requests with `status`, optionally one contributor's, newest first. */
export function listChangeRequests(
  store: Store,
  spaceId: string,
  status: ChangeRequestStatus,
  contributor: string | undefined,
  page: { limit: number; offset: number },
): { rows: ChangeRequestRow[]; count: number } {
  if (contributor === undefined)
    return changeRequests.list(store, { spaceId, status }, "number DESC", page);
  const where = `space_id = ? AND status = ? AND id IN (
    SELECT change_request_id FROM change_request_contributors WHERE user_id = ?)`;
  const params = [spaceId, status, contributor];
  const rows = all<Raw>(
    store,
    `${changeRequests.select} WHERE ${where} ORDER BY number DESC LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  const count = `SELECT COUNT(*) AS n FROM change_requests WHERE ${where}`;
  return { rows: decoded(rows), count: one<{ n: number }>(store, count, ...params)!.n };
}

/** The space's change requests still open or in draft: whose content is not merged. */
export function activeChangeRequests(store: Store, spaceId: string): ChangeRequestRow[] {
  return decoded(
    all<Raw>(
      store,
      `${changeRequests.select} WHERE space_id = ? AND status IN ('draft', 'open') ORDER BY number`,
      spaceId,
    ),
  );
}

export function changeRequestCounts(store: Store, spaceId: string) {
  return one<{ changeRequests: number; changeRequestsOpen: number; changeRequestsDraft: number }>(
    store,
    `SELECT COUNT(*) AS changeRequests,
       COALESCE(SUM(status = 'open'), 0) AS changeRequestsOpen,
       COALESCE(SUM(status = 'draft'), 0) AS changeRequestsDraft
     FROM change_requests WHERE space_id = ?`,
    spaceId,
  )!;
}

/** Writes what changed of a change request; `updatedAt` moves with it. */
export function updateChangeRequest(
  store: Store,
  id: string,
  fields: Partial<
    Pick<
      ChangeRequestRow,
      | "status"
      | "subject"
      | "revision"
      | "revisionMergedAncestor"
      | "revisionMerged"
      | "mergedBy"
      | "mergedAt"
    >
  >,
): ChangeRequestRow {
  const { status, subject, revision, revisionMergedAncestor, revisionMerged, mergedBy, mergedAt } =
    fields;
  changeRequests.update(
    store,
    { id },
    {
      status,
      subject,
      revision,
      revisionMergedAncestor,
      revisionMerged,
      mergedBy,
      mergedAt,
      updatedAt: store.now(),
    },
  );
  return changeRequests.find(store, { id })!;
}

/**
 * The counts of §2.3 this family keeps, and the change request a merge revision names: its
 * hooks (hooks.ts's FamilyHooks, which families.ts checks them against; not named here, since
 * hooks.ts names this family's row).
 */
export const changeRequestHooks = {
  spaceCounts: (store: Store, space: { id: string }) => changeRequestCounts(store, space.id),
  revisionMergedFrom: (store: Store, space: { id: string }, revisionId: string) =>
    findChangeRequestMergedInto(store, space.id, revisionId),
};
