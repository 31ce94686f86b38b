import { z } from "zod";
import { badRequest } from "./errors";
import { leadingTitle, slugify } from "./markdown";
import { MAX_PAGE_DEPTH, MAX_PAGE_MARKDOWN_BYTES } from "./limits";

/**
 * A space's page tree as people write it (the admin API's content seed, `--content DIR`, a Git
 * repository) and as the store keeps it (one row per page per revision). Pure: no store, no HTTP.
 */

/** A page of the content seed (emulator/README.md, "Content"): its children nest in `pages`. */
export interface PageInput {
  title: string;
  slug?: string;
  emoji?: string;
  description?: string;
  markdown?: string;
  pages?: PageInput[];
}

/** §2.11's page slug: at most 100 characters; ours are also path-safe. */
export const pageSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, "lower-case letters, digits, '.', '_' and '-'");

/** How deep the content seed's pages may nest (the top level is depth 1). */

/**
 * The most Markdown one page may hold, in UTF-8 bytes: what bounds the work of reading it (its
 * sections, links and rendering are linear in it). Git import and `--content DIR` are held to it
 * as the admin API is.
 */

/** The message for a page's Markdown over `MAX_PAGE_MARKDOWN_BYTES`. */
export function markdownTooLarge(bytes: number): string {
  return `is ${bytes} bytes of Markdown; a page holds at most ${MAX_PAGE_MARKDOWN_BYTES} bytes (1 MiB)`;
}

const pageFields = {
  title: z.string().min(1).max(256),
  slug: pageSlug.optional(),
  emoji: z.string().min(1).max(50).optional(),
  description: z.string().max(1000).optional(),
  markdown: z
    .string()
    .superRefine((value, check) => {
      // Characters bound bytes from below: most pages are measured without encoding them.
      if (value.length * 3 <= MAX_PAGE_MARKDOWN_BYTES) return;
      const bytes = Buffer.byteLength(value);
      if (bytes > MAX_PAGE_MARKDOWN_BYTES)
        check.addIssue({ code: "custom", message: markdownTooLarge(bytes) });
    })
    .optional(),
};

/**
 * A page of the seed, its children nesting at most `MAX_PAGE_DEPTH` deep: spelled out level by
 * level rather than recursive, so that `/openapi.json` states it without a reference cycle.
 */
export const pageInput: z.ZodType<PageInput> = Array.from({ length: MAX_PAGE_DEPTH - 1 }).reduce<
  z.ZodType<PageInput>
>(
  (inner) => z.strictObject({ ...pageFields, pages: z.array(inner).optional() }),
  z.strictObject(pageFields),
);

/**
 * The content types a space's file may have: documentation's images, documents and data. Types
 * a browser runs as a page of the emulator's origin (text/html, scripts, XML) are refused; files
 * are served as attachments in any case (pages/content.ts).
 */
export const FILE_CONTENT_TYPES = [
  "application/octet-stream",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "application/pdf",
  "text/plain",
  "text/markdown",
  "text/csv",
  "application/json",
  "application/yaml",
] as const;

/** A file of the content seed: UTF-8 `text` or `base64` bytes. */
export const fileInput = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\]+$/, "a file name, without '/'"),
  contentType: z
    .string()
    .refine((type) => (FILE_CONTENT_TYPES as readonly string[]).includes(type), {
      message: `must be one of ${FILE_CONTENT_TYPES.map((t) => `"${t}"`).join(", ")}`,
    })
    .optional(),
  text: z.string().optional(),
  base64: z.string().optional(),
});
export type FileInput = z.output<typeof fileInput>;

/** A space's content: its page tree and its files. */
export const contentInput = z.strictObject({
  pages: z.array(pageInput),
  files: z.array(fileInput).optional(),
});
export type ContentInput = z.output<typeof contentInput>;

/** A page as a revision holds it: flat, with its parent, place and full path. */
export interface PageDraft {
  id: string;
  parentId: string | null;
  position: number;
  title: string;
  emoji: string | null;
  description: string | null;
  slug: string;
  path: string;
  markdown: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Flattens a page tree into the pages of a new revision. A page whose path the previous
 * revision had keeps its id and `createdAt` (comments on it stay on it), and its `updatedAt`
 * unless it changed. Two pages on one path are a 400 naming both.
 */
export function planPages(
  tree: readonly PageInput[],
  previous: readonly PageDraft[],
  now: string,
  newId: () => string,
): PageDraft[] {
  const before = new Map(previous.map((p) => [p.path, p]));
  const seen = new Map<string, string>();
  const drafts: PageDraft[] = [];
  const visit = (pages: readonly PageInput[], parent: PageDraft | null, at: string) => {
    pages.forEach((input, position) => {
      const where = `${at}[${position}]`;
      const slug = input.slug ?? slugify(input.title);
      const path = parent === null ? slug : `${parent.path}/${slug}`;
      const taken = seen.get(path);
      if (taken !== undefined)
        throw badRequest(`${where}.slug: path ${path} is already used by ${taken}`);
      seen.set(path, where);
      const old = before.get(path);
      const fields = {
        parentId: parent?.id ?? null,
        position,
        title: input.title,
        emoji: input.emoji ?? null,
        description: input.description ?? null,
        slug,
        path,
        markdown: input.markdown ?? "",
      };
      const unchanged =
        old !== undefined &&
        (Object.keys(fields) as (keyof typeof fields)[]).every((k) =>
          k === "parentId" ? true : old[k] === fields[k],
        );
      const draft: PageDraft = {
        id: old?.id ?? newId(),
        ...fields,
        createdAt: old?.createdAt ?? now,
        updatedAt: unchanged ? old.updatedAt : now,
      };
      drafts.push(draft);
      visit(input.pages ?? [], draft, `${where}.pages`);
    });
  };
  visit(tree, null, "pages");
  return drafts;
}

/** The tree of a revision's pages, back in the seed's shape (what Git export writes). */
export function treeOf(pages: readonly PageDraft[]): PageInput[] {
  const children = new Map<string | null, PageDraft[]>();
  for (const page of pages)
    children.set(page.parentId, [...(children.get(page.parentId) ?? []), page]);
  const build = (parentId: string | null): PageInput[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((p) => ({
        title: p.title,
        slug: p.slug,
        ...(p.emoji !== null ? { emoji: p.emoji } : {}),
        ...(p.description !== null ? { description: p.description } : {}),
        markdown: p.markdown,
        pages: build(p.id),
      }));
  return build(null);
}

/**
 * A folder of Markdown files as a page tree (the layout of `--content DIR` and of Git sync):
 * `name.md` is the page with slug `name`; a folder `name/` holds its child pages, and its
 * `README.md` is the page itself when there is no `name.md`; a `README.md` at the top is the
 * first page, its slug taken from its title. A page's title is its leading `# heading`, else its
 * file name. Pages are in file-name order; other files are left out.
 * `files` maps paths relative to the folder (`guides/install.md`) to their text.
 */
export function treeFromFiles(files: ReadonlyMap<string, string>): PageInput[] {
  const build = (dir: string): PageInput[] => {
    const prefix = dir === "" ? "" : `${dir}/`;
    const names = new Set<string>();
    for (const path of files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const name = rest.split("/")[0]!;
      if (rest.includes("/") || name.endsWith(".md")) names.add(name.replace(/\.md$/, ""));
    }
    const pages: PageInput[] = [];
    const readme = files.get(`${prefix}README.md`);
    if (dir === "" && readme !== undefined) pages.push(pageFrom("README", readme, [], true));
    for (const name of [...names].sort()) {
      if (name === "README") continue;
      const own = files.get(`${prefix}${name}.md`) ?? files.get(`${prefix}${name}/README.md`);
      const children = [...files.keys()].some((p) => p.startsWith(`${prefix}${name}/`))
        ? build(`${prefix}${name}`)
        : [];
      if (own === undefined && children.length === 0) continue;
      pages.push(pageFrom(name, own ?? `# ${name}\n`, children, false));
    }
    return pages;
  };
  return build("");
}

function pageFrom(name: string, text: string, pages: PageInput[], root: boolean): PageInput {
  const title = leadingTitle(text) ?? name;
  const slug = root ? slugify(title) : slugify(name);
  return { title, slug, markdown: text, pages };
}

/**
 * A page tree as files in the layout `treeFromFiles` reads: a page with children is
 * `slug/README.md`, one without `slug.md`. Its Markdown is written as it is.
 */
export function filesFromTree(pages: readonly PageInput[], dir = ""): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of pages) {
    const slug = page.slug ?? slugify(page.title);
    const path = dir === "" ? slug : `${dir}/${slug}`;
    const text = page.markdown ?? `# ${page.title}\n`;
    if ((page.pages ?? []).length === 0) files.set(`${path}.md`, text);
    else {
      files.set(`${path}/README.md`, text);
      for (const [p, t] of filesFromTree(page.pages!, path)) files.set(p, t);
    }
  }
  return files;
}

const SAME_FIELDS = [
  "parentId",
  "position",
  "title",
  "emoji",
  "description",
  "slug",
  "markdown",
] as const;

/** Whether two states of a page differ in anything a revision keeps of it (its id aside). */
export function differs(a: PageDraft | undefined, b: PageDraft | undefined): boolean {
  if (a === undefined || b === undefined) return a !== b;
  return SAME_FIELDS.some((k) => a[k] !== b[k]);
}

/**
 * A three-way merge of page trees, page by page (by id): a page `incoming` changed since `base`
 * (edited, added, moved or deleted) takes its state there; any other keeps its state in
 * `current`. When both sides changed a page, `winner` decides. Pages whose parent is gone move to
 * the top level; paths are worked out again, and a path both sides took gets `-2`. Merging a
 * change request into its space is (base, space, change request, incoming wins); updating it
 * from its space is (base, change request, space, current wins).
 */
export function mergePages(
  base: readonly PageDraft[],
  current: readonly PageDraft[],
  incoming: readonly PageDraft[],
  winner: "current" | "incoming",
): PageDraft[] {
  const byId = (pages: readonly PageDraft[]) => new Map(pages.map((p) => [p.id, p]));
  const [b, c, i] = [byId(base), byId(current), byId(incoming)];
  const merged = new Map<string, PageDraft>();
  for (const id of new Set([...c.keys(), ...i.keys(), ...b.keys()])) {
    const changedC = differs(b.get(id), c.get(id));
    const changedI = differs(b.get(id), i.get(id));
    const take = changedI && (!changedC || winner === "incoming") ? i.get(id) : c.get(id);
    if (take !== undefined) merged.set(id, take);
  }
  const children = new Map<string | null, PageDraft[]>();
  for (const page of merged.values()) {
    const parent = page.parentId !== null && merged.has(page.parentId) ? page.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  const result: PageDraft[] = [];
  const place = (parentId: string | null, parentPath: string | null) => {
    const taken = new Set<string>();
    const siblings = (children.get(parentId) ?? []).sort(
      (x, y) => x.position - y.position || x.createdAt.localeCompare(y.createdAt),
    );
    siblings.forEach((page, position) => {
      let slug = page.slug;
      for (let n = 2; taken.has(slug); n++) slug = `${page.slug}-${n}`;
      taken.add(slug);
      const path = parentPath === null ? slug : `${parentPath}/${slug}`;
      result.push({ ...page, parentId, position, slug, path });
      place(page.id, path);
    });
  };
  place(null, null);
  return result;
}
