import { z } from "zod";
import type { GitOperationRow, GitSyncRow } from "../store/git-sync";
import { named, timestamp } from "./common";

/** §2.11's Git info, in the hosted service's `GitSyncState` shape (docs/api-decisions.md). */
export const GitInfoJson = named(
  "GitSyncState",
  z.strictObject({
    installationId: z.string(),
    installationStatus: z.literal("active"),
    installationProvider: z.enum(["github", "gitlab"]).optional(),
    integration: z.string().optional(),
    repoName: z.string(),
    url: z.string(),
    operation: z
      .strictObject({
        state: z.enum(["running", "success", "failure", "timeout"]),
        direction: z.enum(["import", "export"]),
        startedAt: timestamp,
        endedAt: timestamp.optional(),
        error: z.string().optional(),
      })
      .optional(),
    operationTimeout: z.number().int().min(0),
    updatedAt: timestamp,
  }),
);
export type GitInfoJson = z.input<typeof GitInfoJson>;

/** What a space's Git sync was set up with, and its last operation started. */
export function renderGitInfo(
  row: GitSyncRow,
  operation: GitOperationRow | undefined,
  operationTimeout: number,
): GitInfoJson {
  return {
    installationId: row.installationId,
    installationStatus: "active",
    ...(row.provider !== null
      ? { installationProvider: row.provider, integration: `${row.provider}-sync` }
      : {}),
    repoName: row.repoName,
    url: row.treeUrl ?? row.url,
    ...(operation?.startedAt != null &&
    operation.state !== "queued" &&
    operation.state !== "skipped"
      ? {
          operation: {
            state: operation.state,
            direction: operation.direction,
            startedAt: operation.startedAt,
            ...(operation.endedAt !== null ? { endedAt: operation.endedAt } : {}),
            ...(operation.error !== null ? { error: operation.error } : {}),
          },
        }
      : {}),
    operationTimeout,
    updatedAt: row.updatedAt,
  };
}
