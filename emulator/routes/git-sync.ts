import { z } from "zod";
import { apiRoute, type ApiContext } from "../context";
import { conflict, notFound } from "../errors";
import { maskCredentials, repositoryName, repositoryUrlProblem } from "../git";
import { empty, json } from "../http/route";
import { runGitSync } from "../jobs/git-sync";
import { GitInfoJson, renderGitInfo } from "../render/git-sync";
import {
  findGitSync,
  lastStartedGitOperation,
  queueGitOperation,
  type GitDirection,
} from "../store/git-sync";
import { visibleSpace } from "../access/spaces";

const repositoryUrl = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((value, check) => {
    const problem = repositoryUrlProblem(value);
    if (problem !== undefined)
      check.addIssue({
        code: "custom",
        message: `must be ${problem}; got ${maskCredentials(value)}`,
      });
  });

/** A page of the repository's host, shown in `info` and on revisions: http and https only. */
const webUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** A folder of the repository: relative, `/`-separated, no `.` or `..`; kept without a trailing `/`. */
const projectDirectory = z
  .string()
  .max(1024)
  .transform((value) => value.replace(/^\.\/?|\/+$/g, ""))
  .refine(
    (value) => value === "" || value.split("/").every((s) => s !== "" && s !== "." && s !== ".."),
    "must be a folder of the repository, relative to its root, with no '.' or '..' segment",
  );

/** A branch ref git accepts (`git check-ref-format`'s rules, the ones a name can break). */
const BRANCH_REF =
  /^refs\/heads\/(?!\/)(?!.*(?:\.\.|\/\/|@\{|\.lock(?:\/|$)))[^\s~^:?*[\\\p{Cc}]+(?<![/.])$/u;

/** §4.15's import body; which fields are required follows the hosted service (§4.16). */
const importBody = z.strictObject({
  url: repositoryUrl,
  ref: z
    .string()
    .max(255)
    .refine((value) => BRANCH_REF.test(value), "must be a full branch ref, refs/heads/<branch>"),
  repoCacheID: z.string().max(255).optional(),
  repoTreeURL: webUrl.optional(),
  repoCommitURL: webUrl.optional(),
  repoProjectDirectory: projectDirectory.optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
  standalone: z.boolean().optional(),
  gitInfo: z
    .strictObject({
      provider: z.enum(["github", "gitlab"]).optional(),
      url: webUrl.optional(),
    })
    .optional(),
});
const exportBody = importBody.extend({ commitMessage: z.string().min(1).max(10_000) });
type GitBody = z.output<typeof importBody> & { commitMessage?: string };

const maskUrl = (url: string | undefined) => (url === undefined ? null : maskCredentials(url));

/** Queues an import or export and wakes the space's worker: the answer is 204 at once. */
function queue(ctx: ApiContext, spaceId: string, direction: GitDirection, body: GitBody) {
  const { row } = visibleSpace(ctx, spaceId, { minimum: "edit" });
  // A locked space changes only by merge (as change requests' merge checks); a standalone import
  // writes a revision without making it the space's, and an export only reads.
  if (direction === "import" && body.standalone !== true && row.editMode === "locked")
    throw conflict(`space ${row.id} is locked: unlock it to import`);
  const { gitInfo, timestamp, repoCacheID: _cache, repoTreeURL, ...rest } = body;
  // The tree URL is only shown (by `info`), never used: it is stored masked from the start.
  const request =
    repoTreeURL === undefined ? rest : { ...rest, repoTreeURL: maskUrl(repoTreeURL)! };
  const setup =
    body.standalone === true
      ? undefined
      : {
          provider: gitInfo?.provider ?? null,
          repoName: repositoryName(body.url),
          url: maskCredentials(body.url),
          ref: body.ref,
          treeUrl: maskUrl(gitInfo?.url ?? repoTreeURL),
        };
  queueGitOperation(ctx.store, row.id, setup, {
    direction,
    request,
    timestamp: timestamp !== undefined ? new Date(timestamp).toISOString() : ctx.store.now(),
    author: ctx.userId,
  });
  runGitSync(ctx.store, ctx.background, row.id);
  return empty(204);
}

/** §4.15 Git synchronisation: operations queued and run in the background (`jobs/git-sync.ts`). */
export const gitSyncRoutes = [
  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/git/import",
    operationId: "importGitRepository",
    summary: "Queue an import of a Git ref into the space's content (or a standalone revision)",
    body: importBody,
    responses: {
      204: { description: "The import is queued; `info` reports how it ends" },
      409: { description: "The space is locked" },
    },
    handler: ({ params, body }, ctx) => queue(ctx, params.spaceId, "import", body),
  }),

  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/git/export",
    operationId: "exportToGitRepository",
    summary: "Queue an export of the space's content to a Git ref, as one commit by the caller",
    body: exportBody,
    responses: { 204: { description: "The export is queued; `info` reports how it ends" } },
    handler: ({ params, body }, ctx) => queue(ctx, params.spaceId, "export", body),
  }),

  apiRoute({
    method: "get",
    path: "/spaces/{spaceId}/git/info",
    operationId: "getSpaceGitInfo",
    summary: "What the space's Git sync is set up with, and its last operation",
    responses: {
      200: { description: "The Git sync of the space (404 when none)", schema: GitInfoJson },
    },
    handler({ params }, ctx) {
      const { row } = visibleSpace(ctx, params.spaceId);
      const setup = findGitSync(ctx.store, row.id);
      if (setup === undefined) throw notFound(`Git sync of space ${row.id}`);
      const operation = lastStartedGitOperation(ctx.store, row.id);
      return json(200, renderGitInfo(setup, operation, ctx.background.gitTimeoutMs));
    },
  }),

  apiRoute({
    method: "delete",
    path: "/spaces/{spaceId}/git/legacy-installation",
    operationId: "removeLegacyGitInstallation",
    summary:
      "Remove the space's legacy Git installation: the emulator has none, so nothing changes",
    responses: { 204: { description: "No legacy installation remains" } },
    handler({ params }, ctx) {
      visibleSpace(ctx, params.spaceId, { minimum: "edit" });
      return empty(204);
    },
  }),
];
