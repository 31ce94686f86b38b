import { maskCredentials } from "../git";
import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";

/**
 * Git synchronisation (§4.15): what a space's Git sync was set up with (`git_sync`, one row per
 * space, from its latest import or export request), and its operations in the order they run
 * (`git_operations`). An operation is `queued` until the space's worker takes it, then `running`,
 * then `success`, `failure` or `timeout`; one whose `timestamp` is older than one that already
 * ran is `skipped`. `request` is the operation's body; its `url` may carry credentials, so it is
 * masked as soon as the operation ends.
 */
export const gitSyncSchema = `
CREATE TABLE IF NOT EXISTS git_sync (
  space_id TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  installation_id TEXT NOT NULL,
  provider TEXT,
  repo_name TEXT NOT NULL,
  url TEXT NOT NULL,
  ref TEXT NOT NULL,
  tree_url TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS git_operations (
  id INTEGER PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  direction TEXT NOT NULL,
  request TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  author TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  error TEXT,
  revision TEXT,
  commit_oid TEXT,
  started_at TEXT,
  ended_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS git_operations_queue ON git_operations(space_id, state, timestamp, id);
`;

export type GitDirection = "import" | "export";
export type GitOperationState =
  "queued" | "running" | "success" | "failure" | "timeout" | "skipped";

/** An import or export body, as stored with its operation (§4.15). */
export interface GitRequest {
  url: string;
  ref: string;
  commitMessage?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  force?: boolean;
  standalone?: boolean;
}

export interface GitSyncRow {
  spaceId: string;
  installationId: string;
  provider: "github" | "gitlab" | null;
  repoName: string;
  url: string;
  ref: string;
  treeUrl: string | null;
  updatedAt: string;
}

export interface GitOperationRow {
  id: number;
  spaceId: string;
  direction: GitDirection;
  request: GitRequest;
  timestamp: string;
  author: string;
  state: GitOperationState;
  error: string | null;
  revision: string | null;
  commitOid: string | null;
  startedAt: string | null;
  endedAt: string | null;
}

const OPERATION_COLUMNS = `id, space_id AS spaceId, direction, request, timestamp, author, state,
  error, revision, commit_oid AS commitOid, started_at AS startedAt, ended_at AS endedAt`;

function operationOf(row: Record<string, unknown> | undefined): GitOperationRow | undefined {
  if (row === undefined) return undefined;
  return { ...row, request: JSON.parse(row.request as string) } as GitOperationRow;
}

export function findGitSync(store: Store, spaceId: string): GitSyncRow | undefined {
  return store
    .statement(
      `SELECT space_id AS spaceId, installation_id AS installationId, provider,
         repo_name AS repoName, url, ref, tree_url AS treeUrl, updated_at AS updatedAt
       FROM git_sync WHERE space_id = ?`,
    )
    .get(spaceId) as GitSyncRow | undefined;
}

/**
 * Queues an operation on `spaceId` and, unless it is standalone (`setup` undefined), records what
 * the space's Git sync is set up with (its installation keeps its id); in one transaction.
 */
export function queueGitOperation(
  store: Store,
  spaceId: string,
  setup: Omit<GitSyncRow, "spaceId" | "installationId" | "updatedAt"> | undefined,
  operation: { direction: GitDirection; request: GitRequest; timestamp: string; author: string },
): void {
  const now = store.now();
  store.transaction(() => {
    if (setup !== undefined)
      store
        .statement(
          `INSERT INTO git_sync (space_id, installation_id, provider, repo_name, url, ref, tree_url,
           updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (space_id) DO UPDATE SET provider = coalesce(excluded.provider, provider),
           repo_name = excluded.repo_name, url = excluded.url, ref = excluded.ref,
           tree_url = coalesce(excluded.tree_url, tree_url), updated_at = excluded.updated_at`,
        )
        .run(
          spaceId,
          store.newId(),
          setup.provider,
          setup.repoName,
          setup.url,
          setup.ref,
          setup.treeUrl,
          now,
        );
    store
      .statement(
        `INSERT INTO git_operations (space_id, direction, request, timestamp, author, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        spaceId,
        operation.direction,
        JSON.stringify(operation.request),
        operation.timestamp,
        operation.author,
        now,
      );
  });
}

/** The space's next queued operation: the earliest `timestamp`, then the first to arrive. */
export function nextGitOperation(store: Store, spaceId: string): GitOperationRow | undefined {
  return operationOf(
    store
      .statement(
        `SELECT ${OPERATION_COLUMNS} FROM git_operations WHERE space_id = ? AND state = 'queued'
         ORDER BY timestamp, id LIMIT 1`,
      )
      .get(spaceId) as Record<string, unknown> | undefined,
  );
}

/** The space's queued operations, in no particular order. */
export function queuedGitOperations(store: Store, spaceId: string): GitOperationRow[] {
  return (
    store
      .statement(
        `SELECT ${OPERATION_COLUMNS} FROM git_operations WHERE space_id = ? AND state = 'queued'`,
      )
      .all(spaceId) as Record<string, unknown>[]
  ).map((row) => operationOf(row)!);
}

/** The latest `timestamp` among the space's operations that have run (or are running). */
export function latestRunTimestamp(store: Store, spaceId: string): string | undefined {
  const row = store
    .statement(
      `SELECT max(timestamp) AS latest FROM git_operations
       WHERE space_id = ? AND state IN ('running', 'success', 'failure', 'timeout')`,
    )
    .get(spaceId) as { latest: string | null };
  return row.latest ?? undefined;
}

/** The operation `info` reports: the last one started. */
export function lastStartedGitOperation(
  store: Store,
  spaceId: string,
): GitOperationRow | undefined {
  return operationOf(
    store
      .statement(
        `SELECT ${OPERATION_COLUMNS} FROM git_operations
         WHERE space_id = ? AND started_at IS NOT NULL ORDER BY started_at DESC, id DESC LIMIT 1`,
      )
      .get(spaceId) as Record<string, unknown> | undefined,
  );
}

export function startGitOperation(store: Store, id: number): void {
  store
    .statement("UPDATE git_operations SET state = 'running', started_at = ? WHERE id = ?")
    .run(store.now(), id);
}

/** Ends an operation: its outcome, and its request's URL masked (`maskedUrl`). */
export function endGitOperation(
  store: Store,
  operation: GitOperationRow,
  maskedUrl: string,
  outcome: {
    state: Exclude<GitOperationState, "queued" | "running">;
    error?: string;
    revision?: string;
    commitOid?: string;
  },
): void {
  store
    .statement(
      `UPDATE git_operations SET state = ?, error = ?, revision = ?, commit_oid = ?, request = ?,
         ended_at = ? WHERE id = ?`,
    )
    .run(
      outcome.state,
      outcome.error ?? null,
      outcome.revision ?? null,
      outcome.commitOid ?? null,
      JSON.stringify({ ...operation.request, url: maskedUrl }),
      store.now(),
      operation.id,
    );
  // The clear URL the queued operation held is still in the write-ahead log's earlier frames.
  store.checkpoint();
}

/**
 * Puts back in the queue what a stopped emulator left running, and answers the spaces that have
 * queued operations.
 */
export function requeueGitOperations(store: Store): string[] {
  store
    .statement(
      "UPDATE git_operations SET state = 'queued', started_at = NULL WHERE state = 'running'",
    )
    .run();
  return (
    store
      .statement("SELECT DISTINCT space_id AS spaceId FROM git_operations WHERE state = 'queued'")
      .all() as { spaceId: string }[]
  ).map((row) => row.spaceId);
}

/**
 * An operation was asked for by a member of the organization the space was in: once the space
 * belongs to another, what is still queued is skipped, never run there.
 */
export const gitSyncHooks: FamilyHooks = {
  spacesTransferred(store, spaceIds) {
    for (const spaceId of spaceIds)
      for (const op of queuedGitOperations(store, spaceId))
        endGitOperation(store, op, maskCredentials(op.request.url), {
          state: "skipped",
          error: "skipped: the space moved to another organization after the operation was queued",
        });
  },
};
