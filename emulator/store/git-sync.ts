import { maskCredentials } from "../git";
import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";
import { Table, all, integer, json, one, text, type Raw, type RowIn } from "./sql";

/**
 * Git synchronisation (§4.15): what a space's Git sync was set up with (`git_sync`, one row per
 * space, from its latest import or export request), and its operations in the order they run
 * (`git_operations`). An operation is `queued` until the space's worker takes it, then `running`,
 * then `success`, `failure` or `timeout`; one whose `timestamp` is older than one that already
 * ran is `skipped`. `request` is the operation's body; its `url` may carry credentials, so it is
 * masked as soon as the operation ends.
 */
const syncs = new Table("git_sync", {
  spaceId: text("PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE"),
  installationId: text("NOT NULL"),
  provider: text().of<"github" | "gitlab">(),
  repoName: text("NOT NULL"),
  url: text("NOT NULL"),
  ref: text("NOT NULL"),
  treeUrl: text(),
  updatedAt: text("NOT NULL"),
});

const operations = new Table(
  "git_operations",
  {
    id: integer("PRIMARY KEY"),
    spaceId: text("NOT NULL REFERENCES spaces(id) ON DELETE CASCADE"),
    direction: text("NOT NULL").of<GitDirection>(),
    request: json("NOT NULL").of<GitRequest>(),
    timestamp: text("NOT NULL"),
    author: text("NOT NULL"),
    state: text("NOT NULL DEFAULT 'queued'").of<GitOperationState>(),
    error: text(),
    revision: text(),
    commitOid: text(),
    startedAt: text(),
    endedAt: text(),
    createdAt: text("NOT NULL"),
  },
  { indexes: { git_operations_queue: "(space_id, state, timestamp, id)" } },
);

/** The family's tables, created at every open. */
export const gitSyncTables = [syncs, operations];

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

export type GitSyncRow = RowIn<typeof syncs>;

/** An operation as the family reads it; its table also keeps when it was queued (`createdAt`). */
export type GitOperationRow = Omit<RowIn<typeof operations>, "createdAt">;

export function findGitSync(store: Store, spaceId: string): GitSyncRow | undefined {
  return syncs.find(store, { spaceId });
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
    operations.insert(store, { ...operation, spaceId, createdAt: now });
  });
}

/** The space's next queued operation: the earliest `timestamp`, then the first to arrive. */
export function nextGitOperation(store: Store, spaceId: string): GitOperationRow | undefined {
  return operations.find(store, { spaceId, state: "queued" }, "timestamp, id");
}

/** The space's queued operations, in no particular order. */
export function queuedGitOperations(store: Store, spaceId: string): GitOperationRow[] {
  const where = operations.where({ spaceId, state: "queued" });
  return all<Raw>(store, `${operations.select} WHERE ${where.sql}`, ...where.values).map((row) =>
    operations.decode(row),
  );
}

/** The latest `timestamp` among the space's operations that have run (or are running). */
export function latestRunTimestamp(store: Store, spaceId: string): string | undefined {
  const { latest } = one<{ latest: string | null }>(
    store,
    `SELECT max(timestamp) AS latest FROM git_operations
     WHERE space_id = ? AND state IN ('running', 'success', 'failure', 'timeout')`,
    spaceId,
  )!;
  return latest ?? undefined;
}

/** The operation `info` reports: the last one started. */
export function lastStartedGitOperation(
  store: Store,
  spaceId: string,
): GitOperationRow | undefined {
  const row = one<Raw>(
    store,
    `${operations.select}
     WHERE space_id = ? AND started_at IS NOT NULL ORDER BY started_at DESC, id DESC LIMIT 1`,
    spaceId,
  );
  return row && operations.decode(row);
}

export function startGitOperation(store: Store, id: number): void {
  operations.update(store, { id }, { state: "running", startedAt: store.now() });
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
  operations.update(
    store,
    { id: operation.id },
    {
      state: outcome.state,
      error: outcome.error ?? null,
      revision: outcome.revision ?? null,
      commitOid: outcome.commitOid ?? null,
      request: { ...operation.request, url: maskedUrl },
      endedAt: store.now(),
    },
  );
  // The clear URL the queued operation held is still in the write-ahead log's earlier frames.
  store.checkpoint();
}

/**
 * Puts back in the queue what a stopped emulator left running, and answers the spaces that have
 * queued operations.
 */
export function requeueGitOperations(store: Store): string[] {
  operations.update(store, { state: "running" }, { state: "queued", startedAt: null });
  return all<{ spaceId: string }>(
    store,
    "SELECT DISTINCT space_id AS spaceId FROM git_operations WHERE state = 'queued'",
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
