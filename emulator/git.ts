import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Git sync's use of the `git` command (§4.15; Debian's `git`, emulator/README.md): read the files
 * of a ref, and commit files to a ref. Every command runs through `execFile` (never a shell),
 * with no terminal prompt and no user or system configuration, in a temporary directory that is
 * removed afterwards, under the operation's signal (its timeout, or the store closing).
 * Messages name the repository with its credentials masked.
 */

/** Where an operation reads or writes: the repository, its ref, and the project's folder in it. */
export interface GitTarget {
  /** What git is given: a real path under a Git root (`reachableRepository`) or a loopback URL. */
  url: string;
  /** How messages name the repository: the URL the caller gave, credentials masked. */
  name: string;
  /** `refs/heads/<branch>`. */
  ref: string;
  /** The project's folder in the repository, `""` for its root. */
  directory: string;
}

/** What a commit is made with: its message, its author, and whether to push with `--force`. */
export interface CommitRequest {
  message: string;
  author: { name: string; email: string };
  force: boolean;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why the emulator will not reach `url`, or undefined when it will: a local repository (an
 * absolute path or `file://`) or one served on the loopback interface (`http`, `https`, `git`).
 * The emulator never reaches another machine.
 *
 * A network URL must read back as it is written: git (and curl under it) does not parse a URL
 * as Node's URL parser does (`http://127.0.0.1\@other/` is a path on 127.0.0.1 to one, userinfo
 * before `other` to the other), so a URL whose text differs from the one rebuilt out of its
 * parsed parts is refused, and the host checked is then the one git connects to.
 */
export function repositoryUrlProblem(url: string): string | undefined {
  if (url.startsWith("/")) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "an absolute path or a URL";
  }
  if (parsed.protocol === "file:")
    return parsed.host === "" ? undefined : "a file:// URL with no host";
  if (!["http:", "https:", "git:"].includes(parsed.protocol))
    return "a path, a file:// URL or an http, https or git URL";
  if (!LOOPBACK.test(parsed.hostname))
    return "a repository on this machine (localhost, 127.0.0.1 or [::1]): the emulator reaches no other host";
  const plain = plainForm(parsed);
  if (plain !== url)
    return `a URL in its plain form, as its parts read back (${maskCredentials(plain)}): no backslash, unencoded '@' in the credentials, encoded or abbreviated host, trailing dot, default port or fragment`;
  return undefined;
}

/** A network URL rebuilt from its parsed parts: what git is given, and all it is given. */
function plainForm(url: URL): string {
  const credentials =
    url.username !== "" || url.password !== ""
      ? `${url.username}${url.password !== "" ? `:${url.password}` : ""}@`
      : "";
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${url.search}`;
}

/**
 * The one message for a repository the emulator will not reach, whatever the reason (no such
 * path, outside every Git root, not a repository): a caller learns nothing of this machine's
 * file system from it.
 */
export function unreachableRepository(name: string): Error {
  return new Error(
    `${name} is not a Git repository the emulator may reach (it reaches only repositories under its Git roots)`,
  );
}

/**
 * What git is given for `url`: a loopback URL as it is; a path or `file://` URL as its real
 * path (symbolic links resolved), only when that is a folder strictly inside one of `roots`
 * (themselves resolved). Anything else throws `unreachableRepository`.
 */
export async function reachableRepository(url: string, roots: readonly string[]): Promise<string> {
  const local = url.startsWith("/")
    ? url
    : url.startsWith("file:")
      ? fileURLToPath(url)
      : undefined;
  const unreachable = unreachableRepository(maskCredentials(url));
  // Checked again as it runs: an operation may have been queued by an earlier release.
  if (local === undefined) {
    if (repositoryUrlProblem(url) !== undefined) throw unreachable;
    return url;
  }
  const real = await realpath(local).catch(() => undefined);
  if (real === undefined || !(await stat(real)).isDirectory()) throw unreachable;
  const realRoots: string[] = [];
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => undefined);
    if (realRoot !== undefined) realRoots.push(realRoot);
  }
  // Strictly inside: git would also try `<root>.git` for the root itself, a sibling of it.
  const inside = (path: string) =>
    realRoots.some((root) => path.startsWith(root.endsWith(sep) ? root : root + sep));
  if (!inside(real)) throw unreachable;
  // What git opens there may be elsewhere: a `.git` file (`gitdir: /elsewhere/.git`) or a
  // worktree's common directory. Both must be inside a root too.
  const opened = await gitDirectories(real).catch(() => undefined);
  if (opened === undefined) throw unreachable;
  for (const dir of opened) {
    const realDir = await realpath(dir).catch(() => undefined);
    if (realDir === undefined || !inside(realDir)) throw unreachable;
  }
  return real;
}

/** The repository folder and common folder git opens for `path` (`rev-parse`), absolute. */
async function gitDirectories(path: string): Promise<string[]> {
  const out = await run(
    ["rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir"],
    path,
    {},
    AbortSignal.timeout(10_000),
  );
  return out.split("\n").filter((line) => line !== "");
}

/**
 * `url` with any basic-auth credentials masked, and every query parameter's value (an
 * `access_token`, a `private_token`): the form messages and the store keep. The credentials run
 * to the last `@` before the authority ends (`/`, `?` or `#`), as URL parsers read them: a
 * password may hold an unencoded `@`.
 */
export function maskCredentials(url: string): string {
  const masked = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1***@");
  const query = masked.indexOf("?");
  if (!/^[a-z][a-z0-9+.-]*:/i.test(masked) || query < 0) return masked;
  return masked.slice(0, query) + masked.slice(query).replace(/([?&][^=&#]*=)[^&#]*/g, "$1***");
}

/** The repository's name: its last path segment, without `.git`. */
export function repositoryName(url: string): string {
  const path = url.startsWith("/") ? url : new URL(url).pathname;
  const last = path.replace(/\/+$/, "").split("/").pop() ?? "";
  return last.replace(/\.git$/, "") || "repository";
}

/** How many files, and how many bytes of them, one read may take. */
export interface ReadLimits {
  files: number;
  bytes: number;
}

/**
 * The files of `target.ref` under `target.directory` (paths relative to it), and its commit.
 * The ref's regular files there are counted and sized from its tree before any is checked out:
 * past `limits`, nothing is read and the error names the limit.
 */
export async function readRef(
  target: GitTarget,
  signal: AbortSignal,
  limits: ReadLimits,
): Promise<{ oid: string; message: string; files: Map<string, Buffer> }> {
  return inScratch(signal, async (git, dir) => {
    if (!(await refExists(git, target))) throw refMissing(target);
    await git("fetch", "--quiet", "--depth=1", "--", target.url, target.ref);
    await checkSizes(git, target.directory, limits);
    await git("checkout", "--quiet", "--detach", "FETCH_HEAD");
    const oid = (await git("rev-parse", "HEAD")).trim();
    const message = (await git("log", "-1", "--format=%B", "HEAD")).trim();
    const files = new Map<string, Buffer>();
    for (const path of await trackedFiles(git, target.directory, { regularOnly: true }))
      files.set(relativeTo(target.directory, path), await readFile(join(dir, path)));
    return { oid, message, files };
  });
}

/**
 * Makes `files` (paths relative to `target.directory`) the content of that folder at
 * `target.ref` as one commit, and pushes it. Tracked files `owned` says the content owns (its
 * Markdown and assets) and `files` leaves out are deleted; other files stay. A ref that does not
 * exist yet is created. Answers the commit's id, or undefined when nothing changed (no commit).
 */
export async function commitToRef(
  target: GitTarget,
  files: ReadonlyMap<string, Buffer>,
  owned: (path: string) => boolean,
  commit: CommitRequest,
  signal: AbortSignal,
): Promise<string | undefined> {
  return inScratch(signal, async (git, dir) => {
    if (await refExists(git, target)) {
      await git("fetch", "--quiet", "--", target.url, target.ref);
      await git("checkout", "--quiet", "-B", "export", "FETCH_HEAD");
    }
    for (const path of await trackedFiles(git, target.directory))
      if (owned(relativeTo(target.directory, path))) await git("rm", "--quiet", "--", path);
    for (const [path, content] of files) {
      const full = join(dir, target.directory, path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
    }
    await git("add", "--all", "--", target.directory === "" ? "." : target.directory);
    if ((await git("status", "--porcelain")).trim() === "") return undefined;
    await git("commit", "--quiet", "--no-verify", "-m", commit.message, {
      GIT_AUTHOR_NAME: commit.author.name,
      GIT_AUTHOR_EMAIL: commit.author.email,
    });
    await git(
      "push",
      "--quiet",
      ...(commit.force ? ["--force"] : []),
      "--",
      target.url,
      `HEAD:${target.ref}`,
    );
    return (await git("rev-parse", "HEAD")).trim();
  });
}

type Git = (...args: (string | Record<string, string>)[]) => Promise<string>;

/** Runs `work` in a fresh repository in a temporary directory, removed whatever happens. */
async function inScratch<T>(
  signal: AbortSignal,
  work: (git: Git, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "docs-workspace-git-"));
  const git: Git = (...args) => {
    const env = args.find((a): a is Record<string, string> => typeof a === "object") ?? {};
    return run(
      args.filter((a): a is string => typeof a === "string"),
      dir,
      env,
      signal,
    );
  };
  try {
    await git("init", "--quiet", "--initial-branch=export");
    return await work(git, dir);
  } finally {
    // After a timeout the killed git may still be writing here: retried until it has exited.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

async function refExists(git: Git, target: GitTarget): Promise<boolean> {
  const out = await git("ls-remote", "--", target.url, target.ref).catch(() => {
    // git's own message would tell a missing path from a folder that is no repository, and a
    // closed port (`Couldn't connect`) from an open one (`not found`): a probe of this machine.
    throw target.url.startsWith("/")
      ? unreachableRepository(target.name)
      : new Error(`${target.name} did not answer as a Git repository`);
  });
  return out.split("\n").some((line) => line.split("\t")[1] === target.ref);
}

function refMissing(target: GitTarget): Error {
  return new Error(`ref ${target.ref} not found in ${target.name}`);
}

/**
 * The tracked paths under `directory`. With `regularOnly`, files only: a symbolic link (mode
 * 120000, checked out as a plain file holding its target, see `BASE_ENV`) or a submodule (160000,
 * an empty folder) is no document of the repository.
 */
async function trackedFiles(
  git: Git,
  directory: string,
  { regularOnly = false } = {},
): Promise<string[]> {
  const pathspec = directory === "" ? "." : directory;
  if (!regularOnly)
    return (await git("ls-files", "-z", "--", pathspec)).split("\0").filter((p) => p !== "");
  // `<mode> <object> <stage>\t<path>` per entry.
  return (await git("ls-files", "-z", "--stage", "--", pathspec))
    .split("\0")
    .filter((entry) => /^100(644|755) /.test(entry))
    .map((entry) => entry.slice(entry.indexOf("\t") + 1));
}

/** Refuses a tree whose regular files under `directory` pass `limits`, in count or in bytes. */
async function checkSizes(git: Git, directory: string, limits: ReadLimits): Promise<void> {
  const pathspec = directory === "" ? "." : directory;
  // `<mode> blob <object> <size>\t<path>` per entry, sizes padded with spaces.
  const entries = (await git("ls-tree", "-r", "-l", "-z", "FETCH_HEAD", "--", pathspec))
    .split("\0")
    .filter((entry) => /^100(644|755) /.test(entry));
  if (entries.length > limits.files)
    throw new Error(
      `the ref holds ${entries.length} files; an import reads at most ${limits.files}: nothing was imported`,
    );
  let bytes = 0;
  for (const entry of entries) bytes += Number(entry.slice(0, entry.indexOf("\t")).split(/ +/)[3]);
  if (bytes > limits.bytes)
    throw new Error(
      `the ref's files are ${bytes} bytes; an import reads at most ${limits.bytes} bytes (${limits.bytes / 1024 / 1024} MiB): nothing was imported`,
    );
}

function relativeTo(directory: string, path: string): string {
  return directory === "" ? path : path.slice(directory.length + 1);
}

/**
 * Environment of every command: no prompt, no configuration but the emulator's committer, and
 * symbolic links checked out as plain files holding their target (`core.symlinks=false`): a link
 * in the repository would otherwise let an import read, or an export write, files outside the
 * clone.
 */
const BASE_ENV = {
  GIT_TERMINAL_PROMPT: "0",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_COUNT: "1",
  GIT_CONFIG_KEY_0: "core.symlinks",
  GIT_CONFIG_VALUE_0: "false",
  GIT_COMMITTER_NAME: "Docs Workspace emulator",
  GIT_COMMITTER_EMAIL: "git-sync@emulator.invalid",
  LC_ALL: "C",
};

function run(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      args,
      {
        cwd,
        signal,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, ...BASE_ENV, ...env },
        maxBuffer: 256 * 1024 * 1024,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve(stdout);
        if (signal.aborted) return reject(signal.reason as Error);
        const fatal = stderr
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => /^(fatal|error|remote):/.test(line));
        const detail = fatal.length > 0 ? fatal.join("; ") : error.message;
        reject(new Error(`git ${args[0]}: ${maskAll(detail)}`));
      },
    );
  });
}

/** Masks the credentials of every URL in a message of git's, to the last `@` of each authority. */
function maskAll(text: string): string {
  return text.replace(/(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s'"]+/gi, (url) =>
    maskCredentials(url),
  );
}
