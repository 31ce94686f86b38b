import { planPages, type ContentInput, type FileInput, type PageDraft } from "../content-tree";
import type { Store } from "./index";
import { Table, blob, integer, text } from "./sql";

/**
 * Space content (§2.11): revisions, each holding its pages and files whole. A revision never
 * changes once written: every change writes a new one (its `parents` name where it came from),
 * and the space (or a change request) moves to it. A space whose `revision` names no row here
 * (every space until its content is first written, and spaces of files written by release 0.1.0)
 * has an empty revision by that id. Page text is indexed for search in `content_search` (FTS5),
 * kept in step with `content_pages` by triggers.
 */
const revisionsTable = new Table("revisions", {
  id: text("PRIMARY KEY"),
  spaceId: text("NOT NULL REFERENCES spaces(id) ON DELETE CASCADE"),
  parents: text("NOT NULL"),
  type: text("NOT NULL"),
  git: text(),
  createdAt: text("NOT NULL"),
});

const contentPagesTable = new Table(
  "content_pages",
  {
    revisionId: text("NOT NULL REFERENCES revisions(id) ON DELETE CASCADE"),
    id: text("NOT NULL"),
    parentId: text(),
    position: integer("NOT NULL"),
    title: text("NOT NULL"),
    emoji: text(),
    description: text(),
    slug: text("NOT NULL"),
    path: text("NOT NULL"),
    markdown: text("NOT NULL"),
    createdAt: text("NOT NULL"),
    updatedAt: text("NOT NULL"),
  },
  {
    constraints: ["PRIMARY KEY (revision_id, id)"],
    indexes: { content_pages_by_path: "(revision_id, path)" },
  },
);

const contentFilesTable = new Table(
  "content_files",
  {
    revisionId: text("NOT NULL REFERENCES revisions(id) ON DELETE CASCADE"),
    id: text("NOT NULL"),
    name: text("NOT NULL"),
    contentType: text("NOT NULL"),
    size: integer("NOT NULL"),
    content: blob("NOT NULL"),
    createdAt: text("NOT NULL"),
  },
  { constraints: ["PRIMARY KEY (revision_id, id)"] },
);

/** The family's tables, created at every open. */
export const contentTables = [revisionsTable, contentPagesTable, contentFilesTable];

/** What no column map states: contentSchema beside the tables. */
export const contentSchema = `
CREATE VIRTUAL TABLE IF NOT EXISTS content_search USING fts5(
  title, markdown, content='content_pages', content_rowid='rowid'
);
CREATE TRIGGER IF NOT EXISTS content_pages_indexed AFTER INSERT ON content_pages BEGIN
  INSERT INTO content_search(rowid, title, markdown) VALUES (new.rowid, new.title, new.markdown);
END;
CREATE TRIGGER IF NOT EXISTS content_pages_unindexed AFTER DELETE ON content_pages BEGIN
  INSERT INTO content_search(content_search, rowid, title, markdown)
    VALUES ('delete', old.rowid, old.title, old.markdown);
END;
`;

/** The Git commit a revision came from or went to (§2.11 `git`). */
export interface GitCommit {
  oid: string;
  message: string;
  createdByService: boolean;
  url?: string;
  ref?: string;
}

export interface RevisionRow {
  id: string;
  spaceId: string;
  parents: string[];
  type: "edits" | "merge" | "update";
  git: GitCommit | null;
  createdAt: string;
}

export type PageRow = PageDraft;

export interface FileRow {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
}

const PAGE_COLUMNS = `id, parent_id AS parentId, position, title, emoji, description, slug, path,
  markdown, created_at AS createdAt, updated_at AS updatedAt`;
const FILE_COLUMNS = `id, name, content_type AS contentType, size, created_at AS createdAt`;

export function findRevision(store: Store, id: string): RevisionRow | undefined {
  const row = store
    .statement(
      `SELECT id, space_id AS spaceId, parents, type, git, created_at AS createdAt
       FROM revisions WHERE id = ?`,
    )
    .get(id) as
    (Omit<RevisionRow, "parents" | "git"> & { parents: string; git: string | null }) | undefined;
  if (row === undefined) return undefined;
  return {
    ...row,
    parents: JSON.parse(row.parents) as string[],
    git: row.git === null ? null : (JSON.parse(row.git) as GitCommit),
  };
}

/** Every page of a revision, parents before their children, siblings in order. */
export function pagesOf(store: Store, revisionId: string): PageRow[] {
  const rows = store
    .statement(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE revision_id = ? ORDER BY position`)
    .all(revisionId) as unknown as PageRow[];
  // Depth-first, the order of the tree: `position` orders siblings only.
  const children = new Map<string | null, PageRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const ordered: PageRow[] = [];
  const visit = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return ordered;
}

export function findPage(store: Store, revisionId: string, pageId: string): PageRow | undefined {
  return store
    .statement(`SELECT ${PAGE_COLUMNS} FROM content_pages WHERE revision_id = ? AND id = ?`)
    .get(revisionId, pageId) as PageRow | undefined;
}

export function filesOf(store: Store, revisionId: string): FileRow[] {
  return store
    .statement(`SELECT ${FILE_COLUMNS} FROM content_files WHERE revision_id = ? ORDER BY name, id`)
    .all(revisionId) as unknown as FileRow[];
}

export function findFile(store: Store, revisionId: string, fileId: string): FileRow | undefined {
  return store
    .statement(`SELECT ${FILE_COLUMNS} FROM content_files WHERE revision_id = ? AND id = ?`)
    .get(revisionId, fileId) as FileRow | undefined;
}

/** A file's bytes, for its download. */
export function fileBytes(
  store: Store,
  revisionId: string,
  fileId: string,
): Uint8Array | undefined {
  const row = store
    .statement("SELECT content FROM content_files WHERE revision_id = ? AND id = ?")
    .get(revisionId, fileId) as { content: Uint8Array } | undefined;
  return row?.content;
}

/** What a new revision holds: its pages, and its files (given, or those of another revision). */
export interface RevisionContent {
  spaceId: string;
  parents: string[];
  type: RevisionRow["type"];
  git?: GitCommit;
  pages: readonly PageDraft[];
  files: readonly FileInput[] | { from: string };
}

/** Writes a new revision; returns its id. */
export function insertRevision(store: Store, content: RevisionContent): string {
  const id = store.newId();
  const now = store.now();
  store.transaction(() => {
    store
      .statement(
        "INSERT INTO revisions (id, space_id, parents, type, git, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        id,
        content.spaceId,
        JSON.stringify(content.parents),
        content.type,
        content.git ? JSON.stringify(content.git) : null,
        now,
      );
    const insertPage = store.statement(
      `INSERT INTO content_pages (revision_id, id, parent_id, position, title, emoji, description,
         slug, path, markdown, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const p of content.pages)
      insertPage.run(
        id,
        p.id,
        p.parentId,
        p.position,
        p.title,
        p.emoji,
        p.description,
        p.slug,
        p.path,
        p.markdown,
        p.createdAt,
        p.updatedAt,
      );
    if ("from" in content.files) {
      store
        .statement(
          `INSERT INTO content_files (revision_id, id, name, content_type, size, content, created_at)
             SELECT ?, id, name, content_type, size, content, created_at FROM content_files
             WHERE revision_id = ?`,
        )
        .run(id, content.files.from);
    } else {
      const previous = new Map(
        (content.parents[0] ? filesOf(store, content.parents[0]) : []).map((f) => [f.name, f]),
      );
      const insertFile = store.statement(
        `INSERT INTO content_files (revision_id, id, name, content_type, size, content, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const f of content.files) {
        const bytes =
          f.base64 !== undefined ? Buffer.from(f.base64, "base64") : Buffer.from(f.text ?? "");
        const old = previous.get(f.name);
        insertFile.run(
          id,
          old?.id ?? store.newId(),
          f.name,
          f.contentType ?? "application/octet-stream",
          bytes.length,
          bytes,
          old?.createdAt ?? now,
        );
      }
    }
  });
  return id;
}

/** Makes `revisionId` the space's current revision (§2.3 `revision`). */
export function setSpaceRevision(store: Store, spaceId: string, revisionId: string): void {
  store.statement("UPDATE spaces SET revision = ? WHERE id = ?").run(revisionId, spaceId);
}

/**
 * Writes `input` as the content that follows revision `base` (whose pages keep their ids where
 * their paths stay): a new revision, returned. Files absent from `input` are kept from `base`.
 */
export function writeContent(
  store: Store,
  spaceId: string,
  base: string,
  input: ContentInput,
  options: { type?: RevisionRow["type"]; git?: GitCommit } = {},
): string {
  const pages = planPages(input.pages, pagesOf(store, base), store.now(), () => store.newId());
  return insertRevision(store, {
    spaceId,
    parents: [base],
    type: options.type ?? "edits",
    ...(options.git ? { git: options.git } : {}),
    pages,
    files: input.files ?? { from: base },
  });
}

/**
 * Gives `spaceId` a copy of revision `from` (a duplicated space's content): a new revision with
 * the same pages (their ids kept) and files, its parent `from`. The space moves to it. `rewrite`,
 * when given, rewrites each page's title and Markdown (a translation's glossary terms).
 */
export function copyRevision(
  store: Store,
  from: string,
  spaceId: string,
  rewrite?: (text: string) => string,
): string {
  const pages = pagesOf(store, from);
  return store.transaction(() => {
    const id = insertRevision(store, {
      spaceId,
      parents: [from],
      type: "edits",
      pages: rewrite
        ? pages.map((p) => ({ ...p, title: rewrite(p.title), markdown: rewrite(p.markdown) }))
        : pages,
      files: { from },
    });
    setSpaceRevision(store, spaceId, id);
    return id;
  });
}
