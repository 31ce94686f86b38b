import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";

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

const COLUMNS = `id, space_id AS spaceId, number, status, subject, created_by AS createdBy,
  created_at AS createdAt, updated_at AS updatedAt, revision, revision_initial AS revisionInitial,
  revision_merged_ancestor AS revisionMergedAncestor, revision_merged AS revisionMerged,
  merged_by AS mergedBy, merged_at AS mergedAt`;

/** The change request `ref` names in a space: its id, or its number (§4). */
export function findChangeRequest(
  store: Store,
  spaceId: string,
  ref: string,
): ChangeRequestRow | undefined {
  const byNumber = /^[1-9][0-9]{0,8}$/.test(ref) ? Number(ref) : -1;
  return store
    .statement(
      `SELECT ${COLUMNS} FROM change_requests WHERE space_id = ? AND (id = ? OR number = ?)`,
    )
    .get(spaceId, ref, byNumber) as ChangeRequestRow | undefined;
}

/** The change request whose merge made the revision `revisionId` of a space, if one did. */
export function findChangeRequestMergedInto(
  store: Store,
  spaceId: string,
  revisionId: string,
): ChangeRequestRow | undefined {
  return store
    .statement(
      `SELECT ${COLUMNS} FROM change_requests
       WHERE space_id = ? AND status = 'merged' AND revision_merged = ?`,
    )
    .get(spaceId, revisionId) as ChangeRequestRow | undefined;
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
    const { next } = store
      .statement(
        "SELECT COALESCE(MAX(number), 0) + 1 AS next FROM change_requests WHERE space_id = ?",
      )
      .get(spaceId) as { next: number };
    const row = store
      .statement(
        `INSERT INTO change_requests (id, space_id, number, status, subject, created_by, created_at,
           updated_at, revision, revision_initial) VALUES (?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?)
         RETURNING ${COLUMNS}`,
      )
      .get(
        store.newId(),
        spaceId,
        next,
        subject,
        userId,
        now,
        now,
        revision,
        revision,
      ) as unknown as ChangeRequestRow;
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
  const where = `space_id = ? AND status = ? AND (? IS NULL OR id IN (
    SELECT change_request_id FROM change_request_contributors WHERE user_id = ?))`;
  const params = [spaceId, status, contributor ?? null, contributor ?? null];
  const rows = store
    .statement(
      `SELECT ${COLUMNS} FROM change_requests WHERE ${where} ORDER BY number DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, page.limit, page.offset) as unknown as ChangeRequestRow[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM change_requests WHERE ${where}`)
    .get(...params) as { n: number };
  return { rows, count: n };
}

/** The space's change requests still open or in draft: whose content is not merged. */
export function activeChangeRequests(store: Store, spaceId: string): ChangeRequestRow[] {
  return store
    .statement(
      `SELECT ${COLUMNS} FROM change_requests WHERE space_id = ? AND status IN ('draft', 'open')
       ORDER BY number`,
    )
    .all(spaceId) as unknown as ChangeRequestRow[];
}

export function changeRequestCounts(store: Store, spaceId: string) {
  return store
    .statement(
      `SELECT COUNT(*) AS changeRequests,
         COALESCE(SUM(status = 'open'), 0) AS changeRequestsOpen,
         COALESCE(SUM(status = 'draft'), 0) AS changeRequestsDraft
       FROM change_requests WHERE space_id = ?`,
    )
    .get(spaceId) as {
    changeRequests: number;
    changeRequestsOpen: number;
    changeRequestsDraft: number;
  };
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
  const columns: Record<string, string> = {
    status: "status",
    subject: "subject",
    revision: "revision",
    revisionMergedAncestor: "revision_merged_ancestor",
    revisionMerged: "revision_merged",
    mergedBy: "merged_by",
    mergedAt: "merged_at",
  };
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  const set = entries.map(([k]) => `${columns[k]} = ?`).join(", ");
  return store
    .statement(
      `UPDATE change_requests SET ${set}${set ? ", " : ""}updated_at = ? WHERE id = ?
       RETURNING ${COLUMNS}`,
    )
    .get(...entries.map(([, v]) => v as string), store.now(), id) as unknown as ChangeRequestRow;
}

/** The counts of §2.3 this family keeps, and the change request a merge revision names. */
export const changeRequestHooks: FamilyHooks = {
  spaceCounts: (store, space) => changeRequestCounts(store, space.id),
  revisionMergedFrom: (store, space, revisionId) =>
    findChangeRequestMergedInto(store, space.id, revisionId),
};
