import type { Store } from "./index";
import { all, one, Table, type Raw } from "./sql";

/**
 * Change requests (§2.7): numbered from 1 in each space, each with its own revision. It starts
 * on the space's revision (`revision_initial`); content written to it moves `revision`;
 * `update` records the space revision it pulled in (`revision_merged_ancestor`); `merge`
 * records the revision it produced (`revision_merged`). Contributors are who opened it and who
 * wrote its content.
 */
export const changeRequestsSchema = `
CREATE TABLE IF NOT EXISTS change_requests (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  status TEXT NOT NULL,
  subject TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  revision TEXT NOT NULL,
  revision_initial TEXT NOT NULL,
  revision_merged_ancestor TEXT,
  revision_merged TEXT,
  merged_by TEXT,
  merged_at TEXT,
  UNIQUE (space_id, number)
);
CREATE TABLE IF NOT EXISTS change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);
`;

export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

export interface ChangeRequestRow {
  id: string;
  spaceId: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor: string | null;
  revisionMerged: string | null;
  mergedBy: string | null;
  mergedAt: string | null;
}

/** The change_requests table's column map: its SELECT, INSERT, UPDATE and filters come from it. */
const changeRequests = new Table<ChangeRequestRow>("change_requests", {
  id: {},
  spaceId: {},
  number: { type: "integer" },
  status: {},
  subject: {},
  createdBy: {},
  createdAt: {},
  updatedAt: {},
  revision: {},
  revisionInitial: {},
  revisionMergedAncestor: {},
  revisionMerged: {},
  mergedBy: {},
  mergedAt: {},
});

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
