import type { Background } from "../background";
import {
  contentInput,
  filesFromTree,
  treeFromFiles,
  treeOf,
  markdownTooLarge,
  type FileInput,
  type PageInput,
} from "../content-tree";
import { commitToRef, maskCredentials, reachableRepository, readRef, type GitTarget } from "../git";
import { parseOrThrow } from "../validation";
import type { Store } from "../store";
import { fileBytes, filesOf, pagesOf, setSpaceRevision, writeContent } from "../store/content";
import {
  endGitOperation,
  latestRunTimestamp,
  nextGitOperation,
  requeueGitOperations,
  startGitOperation,
  type GitOperationRow,
} from "../store/git-sync";
import { findUser } from "../store/identity";
import { findSpace } from "../store/spaces";
import { GIT_IMPORT_LIMITS, MAX_PAGE_MARKDOWN_BYTES, SPACE_CONTENT_LIMITS } from "../limits";

/** Where a repository keeps files that are not pages (GitBook's layout): `.gitbook/assets/<name>`. */
export const ASSETS = ".gitbook/assets/";

/**
 * Runs a space's queued Git operations (§4.15) one at a time, earliest `timestamp` first. One
 * whose `timestamp` is older than an operation that already ran is skipped (unless `force`): the
 * repository and the space then see imports and exports in the same order. Each operation may
 * take `gitTimeoutMs`; past it, it ends in `timeout`.
 */
export function runGitSync(store: Store, background: Background, spaceId: string): void {
  background.drain(`git:${spaceId}`, async (signal) => {
    for (let op = nextGitOperation(store, spaceId); op; op = nextGitOperation(store, spaceId)) {
      await runOperation(store, background, op, signal);
      if (signal.aborted) return;
    }
  });
}

/** Queues again what a stopped emulator left running, and runs every queue. */
export function resumeGitSync(store: Store, background: Background): void {
  for (const spaceId of requeueGitOperations(store)) runGitSync(store, background, spaceId);
}

async function runOperation(
  store: Store,
  background: Background,
  op: GitOperationRow,
  signal: AbortSignal,
): Promise<void> {
  const masked = maskCredentials(op.request.url);
  const latest = latestRunTimestamp(store, op.spaceId);
  if (latest !== undefined && op.timestamp < latest && op.request.force !== true) {
    const error = `skipped: an operation with a later timestamp (${latest}) already ran`;
    return endGitOperation(store, op, masked, { state: "skipped", error });
  }
  startGitOperation(store, op.id);
  const deadline = AbortSignal.timeout(background.gitTimeoutMs);
  const bounded = AbortSignal.any([signal, deadline]);
  let target: GitTarget | undefined;
  try {
    // The organization the operation runs for: the one the space is in as it starts.
    const organizationId = liveSpace(store, op.spaceId).organizationId;
    target = {
      url: await reachableRepository(op.request.url, background.gitRoots),
      name: masked,
      ref: op.request.ref,
      directory: op.request.repoProjectDirectory ?? "",
    };
    const outcome =
      op.direction === "import"
        ? await importRepository(store, op, target, organizationId, bounded)
        : await exportSpace(store, op, target, bounded);
    endGitOperation(store, op, masked, { state: "success", ...outcome });
  } catch (error) {
    // The store closing leaves the operation running: the next open queues it again.
    if (signal.aborted) return;
    endGitOperation(
      store,
      op,
      masked,
      deadline.aborted
        ? {
            state: "timeout",
            error: `the operation took longer than ${background.gitTimeoutMs} ms`,
          }
        : { state: "failure", error: named((error as Error).message, target) },
    );
  }
}

/** git's message with the repository's real path (symbolic links resolved) named as the caller named it. */
function named(message: string, target: GitTarget | undefined): string {
  return target === undefined || target.url === target.name
    ? message
    : message.split(target.url).join(target.name);
}

function liveSpace(store: Store, spaceId: string) {
  const space = findSpace(store, spaceId);
  if (space === undefined || space.deletedAt !== null)
    throw new Error(`space ${spaceId} was deleted`);
  return space;
}

async function importRepository(
  store: Store,
  op: GitOperationRow,
  target: GitTarget,
  organizationId: string,
  signal: AbortSignal,
) {
  const read = await readRef(target, signal, GIT_IMPORT_LIMITS);
  signal.throwIfAborted();
  const space = liveSpace(store, op.spaceId);
  if (space.organizationId !== organizationId)
    throw new Error(
      "the space moved to another organization while the import ran: nothing was imported",
    );
  // Locked since the import was queued: it is refused as the route refuses it.
  if (op.request.standalone !== true && space.editMode === "locked")
    throw new Error(`space ${space.id} is locked: unlock it to import; nothing was imported`);
  const content = parseOrThrow(contentInput, contentFromRepository(read.files));
  const over = spaceContentProblem(
    content,
    filesOf(store, space.revision).map((f) => f.size),
  );
  if (over !== undefined) throw new Error(`the space would hold ${over}: nothing was imported`);
  const { ref, repoCommitURL, standalone } = op.request;
  const git = {
    oid: read.oid,
    message: read.message,
    createdByService: false,
    ref,
    ...(repoCommitURL !== undefined ? { url: maskCredentials(`${repoCommitURL}${read.oid}`) } : {}),
  };
  const revision = store.transaction(() => {
    const id = writeContent(store, space.id, space.revision, content, { git });
    if (standalone !== true) setSpaceRevision(store, space.id, id);
    return id;
  });
  return { revision, commitOid: read.oid };
}

async function exportSpace(
  store: Store,
  op: GitOperationRow,
  target: GitTarget,
  signal: AbortSignal,
) {
  const space = liveSpace(store, op.spaceId);
  const files = repositoryFiles(treeOf(pagesOf(store, space.revision)));
  for (const file of filesOf(store, space.revision))
    files.set(`${ASSETS}${file.name}`, Buffer.from(fileBytes(store, space.revision, file.id)!));
  const user = findUser(store, op.author);
  const commitOid = await commitToRef(
    target,
    files,
    (path) => path.endsWith(".md") || path.startsWith(ASSETS),
    {
      message: op.request.commitMessage ?? "Update from the Docs Workspace emulator",
      author: {
        name: user?.displayName ?? op.author,
        email: user?.email ?? "unknown@emulator.invalid",
      },
      force: op.request.force === true,
    },
    signal,
  );
  return commitOid === undefined
    ? { revision: space.revision }
    : { revision: space.revision, commitOid };
}

/**
 * Why the space could not hold `content` (`SPACE_CONTENT_LIMITS`), or undefined: its pages, and
 * its files or, when it brings none (a repository with no assets), `keptFileSizes`, the sizes of
 * the files the space keeps.
 */
export function spaceContentProblem(
  content: { pages: readonly PageInput[]; files?: readonly FileInput[] },
  keptFileSizes: readonly number[],
): string | undefined {
  const limits = SPACE_CONTENT_LIMITS;
  let pages = 0;
  let bytes = 0;
  const walk = (list: readonly PageInput[]) => {
    for (const page of list) {
      pages++;
      bytes += Buffer.byteLength(page.markdown ?? "");
      walk(page.pages ?? []);
    }
  };
  walk(content.pages);
  const files =
    content.files?.map((f) =>
      f.base64 !== undefined
        ? Buffer.byteLength(f.base64, "base64")
        : Buffer.byteLength(f.text ?? ""),
    ) ?? keptFileSizes;
  bytes += files.reduce((sum, size) => sum + size, 0);
  if (pages > limits.pages) return `${pages} pages; a space holds at most ${limits.pages}`;
  if (files.length > limits.files)
    return `${files.length} files; a space holds at most ${limits.files}`;
  if (bytes > limits.bytes)
    return `${bytes} bytes; a space holds at most ${limits.bytes} bytes (${limits.bytes / 1024 / 1024} MiB)`;
  return undefined;
}

/**
 * A repository's files as a space's content: its Markdown files as the page tree
 * (`treeFromFiles`'s layout, `.gitbook/` left out) and the files under `.gitbook/assets/`.
 * Assets are given only when the repository has some: otherwise the space keeps its files.
 */
export function contentFromRepository(files: ReadonlyMap<string, Buffer>): {
  pages: PageInput[];
  files?: FileInput[];
} {
  const markdown = new Map<string, string>();
  const assets: FileInput[] = [];
  for (const [path, bytes] of files) {
    if (path.startsWith(ASSETS) && !path.slice(ASSETS.length).includes("/"))
      assets.push({
        name: path.slice(ASSETS.length),
        contentType: contentTypeOf(path),
        base64: bytes.toString("base64"),
      });
    else if (path.endsWith(".md") && !path.startsWith(".gitbook/")) {
      if (bytes.length > MAX_PAGE_MARKDOWN_BYTES)
        throw new Error(`${path} ${markdownTooLarge(bytes.length)}: nothing was imported`);
      markdown.set(path, bytes.toString("utf8"));
    }
  }
  return { pages: treeFromFiles(markdown), ...(assets.length > 0 ? { files: assets } : {}) };
}

/**
 * A page tree as the files export writes: `filesFromTree`'s layout, except that the first
 * top-level page, when it has no children, is the repository's `README.md` (its front page),
 * which `treeFromFiles` reads back as the first page.
 */
export function repositoryFiles(tree: readonly PageInput[]): Map<string, Buffer> {
  const [first, ...rest] = tree;
  const front = first !== undefined && (first.pages ?? []).length === 0 ? first : undefined;
  const files = new Map<string, Buffer>();
  if (front !== undefined)
    files.set("README.md", Buffer.from(front.markdown ?? `# ${front.title}\n`));
  for (const [path, text] of filesFromTree(front !== undefined ? rest : tree))
    files.set(path, Buffer.from(text));
  return files;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
};

function contentTypeOf(path: string): string {
  const extension = path.split(".").pop()!.toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
