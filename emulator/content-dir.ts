import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import {
  contentInput,
  differs,
  planPages,
  treeFromFiles,
  type ContentInput,
  type PageInput,
} from "./content-tree";
import type { Store } from "./store";
import { fileBytes, filesOf, pagesOf, setSpaceRevision, writeContent } from "./store/content";
import { firstAdminToken } from "./store/identity";
import { allOrganizations } from "./store/organizations";
import { findSpace, insertSpace, spacesOf, type SpaceRow } from "./store/spaces";
import { TITLE_MAX } from "./limits";

/**
 * `--content DIR` (emulator/README.md, "Content from a folder"): one folder per space, named by
 * the space's id or title, holding its pages as Markdown files in `treeFromFiles`'s layout and
 * its other files as the space's files. Read whole and checked before anything is written; then
 * written in one transaction, a space whose content is already the folder's left as it is.
 */

/** What loading a folder did, space by space, for the command to print. */
export interface LoadedSpace {
  folder: string;
  spaceId: string;
  created: boolean;
  /** The new revision, or undefined when the space already held this content. */
  revision: string | undefined;
  pages: number;
}

/** What a space is given: the folder's Markdown pages and its other files. */
interface SpaceFolder {
  folder: string;
  content: ContentInput;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".csv": "text/csv",
};

/** §4.4's title limit for a space made from a folder's name. */

/** Every file under `dir` (hidden files and folders, such as `.git`, left out), by relative path. */
function walk(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path, root);
      return entry.isFile() ? [relative(root, path).split(sep).join("/")] : [];
    });
}

/** Reads one space's folder, checked as the admin API checks a content body, naming the folder. */
function readSpaceFolder(dir: string, folder: string): SpaceFolder {
  const markdown = new Map<string, string>();
  const files: NonNullable<ContentInput["files"]> = [];
  const fileAt = new Map<string, string>();
  for (const path of walk(join(dir, folder))) {
    const full = join(dir, folder, path);
    if (path.endsWith(".md")) {
      markdown.set(path, readFileSync(full, "utf8"));
      continue;
    }
    const name = path.split("/").at(-1)!;
    const other = fileAt.get(name);
    if (other !== undefined)
      throw new Error(
        `--content: ${folder}/${other} and ${folder}/${path} are both files named ${name}; a space's file names are unique`,
      );
    fileAt.set(name, path);
    files.push({
      name,
      contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
      base64: readFileSync(full).toString("base64"),
    });
  }
  const parsed = contentInput.safeParse({ pages: treeFromFiles(markdown), files });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--content: ${folder}: ${issue.path.join(".")}: ${issue.message}`);
  }
  try {
    // Two files on one page path (`Setup.md` and `setup/README.md`) are refused here, by name.
    planPages(parsed.data.pages, [], "", () => "");
  } catch (error) {
    throw new Error(`--content: ${folder}: ${(error as Error).message}`);
  }
  return { folder, content: parsed.data };
}

/** Reads `dir`: a folder per space, and nothing else at its top. */
export function readContentDir(dir: string): SpaceFolder[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`--content: ${dir} is not a folder`);
  const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith("."));
  const stray = entries.find((e) => !e.isDirectory());
  if (stray !== undefined)
    throw new Error(
      `--content: ${join(dir, stray.name)} is not in a space's folder: put pages in ${dir}/<space title or id>/`,
    );
  if (entries.length === 0) throw new Error(`--content: ${dir} holds no space folder`);
  return entries
    .map((e) => e.name)
    .sort()
    .map((folder) => {
      if (folder.length > TITLE_MAX)
        throw new Error(
          `--content: folder ${folder} names no space and is too long for a space title (at most ${TITLE_MAX} characters)`,
        );
      return readSpaceFolder(dir, folder);
    });
}

function countPages(pages: readonly PageInput[]): number {
  return pages.reduce((n, page) => n + 1 + countPages(page.pages ?? []), 0);
}

/** Whether `content` is already what revision `revisionId` holds (pages, in order, and files). */
function holds(store: Store, revisionId: string, content: ContentInput): boolean {
  const before = pagesOf(store, revisionId);
  const after = planPages(content.pages, before, "", () => "new");
  const samePages =
    before.length === after.length &&
    after.every((page, i) => page.id === before[i]!.id && !differs(page, before[i]));
  const files = filesOf(store, revisionId);
  const sameFiles =
    files.length === (content.files ?? []).length &&
    (content.files ?? []).every((f) => {
      const old = files.find((o) => o.name === f.name);
      if (old === undefined || old.contentType !== f.contentType) return false;
      const bytes = fileBytes(store, revisionId, old.id);
      return bytes !== undefined && Buffer.from(bytes).toString("base64") === f.base64;
    });
  return samePages && sameFiles;
}

/**
 * Writes each folder's content as its space's new revision: the space whose id is the folder's
 * name, else the live space of the first organization with that title, else a new space of that
 * title there. All or nothing.
 */
export function loadContentDir(store: Store, dir: string): LoadedSpace[] {
  const folders = readContentDir(dir);
  const organizationId = firstAdminToken(store)?.organizationId ?? allOrganizations(store)[0]?.id;
  if (organizationId === undefined)
    throw new Error("--content: the workspace has no organization to hold the spaces");
  return store.transaction(() =>
    folders.map(({ folder, content }) => {
      const byId = findSpace(store, folder);
      // The folders fill one organization's spaces: an id of another's is a mistake, or a
      // folder made to overwrite a space its author does not own. Nothing is written.
      if (byId !== undefined && byId.organizationId !== organizationId)
        throw new Error(
          `--content: folder ${folder} names a space of another organization than the one the folder's spaces go to (${organizationId})`,
        );
      let space: SpaceRow | undefined =
        byId !== undefined && byId.deletedAt === null
          ? byId
          : spacesOf(store, organizationId).find((s) => s.title === folder);
      const created = space === undefined;
      space ??= insertSpace(store, organizationId, { title: folder });
      const pages = countPages(content.pages);
      if (!created && holds(store, space.revision, content))
        return { folder, spaceId: space.id, created, revision: undefined, pages };
      const revision = writeContent(store, space.id, space.revision, content);
      setSpaceRevision(store, space.id, revision);
      return { folder, spaceId: space.id, created, revision, pages };
    }),
  );
}
