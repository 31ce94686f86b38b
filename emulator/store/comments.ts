import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";

/**
 * Comments and their replies (§2.8), on a space or on one of its change requests. A reply is a
 * row whose `parent_id` names its comment; only comments are resolved. Reactions are one row
 * per emoji and user.
 */
export const commentsSchema = `
CREATE TABLE IF NOT EXISTS comments (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES comments(id) ON DELETE CASCADE,
  revision TEXT NOT NULL,
  page_id TEXT,
  node TEXT,
  table_record TEXT,
  table_definition TEXT,
  posted_by TEXT NOT NULL,
  posted_at TEXT NOT NULL,
  edited_at TEXT,
  markdown TEXT,
  resolved_at TEXT,
  resolved_by TEXT
);
CREATE INDEX IF NOT EXISTS comments_by_thread ON comments(space_id, change_request_id, parent_id);
CREATE TABLE IF NOT EXISTS comment_reactions (
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  emoji TEXT NOT NULL,
  user_id TEXT NOT NULL,
  reacted_at TEXT NOT NULL,
  PRIMARY KEY (comment_id, emoji, user_id)
);
`;

export interface CommentRow {
  id: string;
  spaceId: string;
  changeRequestId: string | null;
  parentId: string | null;
  revision: string;
  pageId: string | null;
  node: string | null;
  tableRecord: string | null;
  tableDefinition: string | null;
  postedBy: string;
  postedAt: string;
  editedAt: string | null;
  /** Null for an empty body (§2.1: an empty object instead of Markdown). */
  markdown: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  replies: number;
}

export interface ReactionRow {
  emoji: string;
  userId: string;
  reactedAt: string;
}

const COLUMNS = `c.id, c.space_id AS spaceId, c.change_request_id AS changeRequestId,
  c.parent_id AS parentId, c.revision, c.page_id AS pageId, c.node, c.table_record AS tableRecord,
  c.table_definition AS tableDefinition, c.posted_by AS postedBy, c.posted_at AS postedAt,
  c.edited_at AS editedAt, c.markdown, c.resolved_at AS resolvedAt, c.resolved_by AS resolvedBy,
  (SELECT COUNT(*) FROM comments r WHERE r.parent_id = c.id) AS replies`;

/** Where a thread lives: a space's own comments, or a change request's. */
export interface Thread {
  spaceId: string;
  changeRequestId: string | null;
}

const IN_THREAD = "c.space_id = ? AND c.change_request_id IS ?";

export function findComment(
  store: Store,
  thread: Thread,
  id: string,
  parentId: string | null,
): CommentRow | undefined {
  return store
    .statement(
      `SELECT ${COLUMNS} FROM comments c WHERE ${IN_THREAD} AND c.id = ? AND c.parent_id IS ?`,
    )
    .get(thread.spaceId, thread.changeRequestId, id, parentId) as CommentRow | undefined;
}

export interface CommentFilter {
  order: "asc" | "desc";
  status: "open" | "resolved" | "all";
  pageId?: string;
  authors?: readonly string[];
}

/** A thread's comments (not replies) matching `filter`, one page of them and how many match. */
export function listComments(
  store: Store,
  thread: Thread,
  filter: CommentFilter,
  page: { limit: number; offset: number },
): { rows: CommentRow[]; count: number } {
  const where = `${IN_THREAD} AND c.parent_id IS NULL
    AND (? = 'all' OR (? = 'resolved') = (c.resolved_at IS NOT NULL))
    AND (? IS NULL OR c.page_id = ?)
    AND (? IS NULL OR c.posted_by IN (SELECT value FROM json_each(?)))`;
  const authors = filter.authors === undefined ? null : JSON.stringify(filter.authors);
  const params = [
    thread.spaceId,
    thread.changeRequestId,
    filter.status,
    filter.status,
    filter.pageId ?? null,
    filter.pageId ?? null,
    authors,
    authors,
  ];
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  const rows = store
    .statement(
      `SELECT ${COLUMNS} FROM comments c WHERE ${where}
       ORDER BY c.posted_at ${direction}, c.rowid ${direction} LIMIT ? OFFSET ?`,
    )
    .all(...params, page.limit, page.offset) as unknown as CommentRow[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM comments c WHERE ${where}`)
    .get(...params) as { n: number };
  return { rows, count: n };
}

/** A comment's replies, oldest first. */
export function listReplies(
  store: Store,
  thread: Thread,
  commentId: string,
  page: { limit: number; offset: number },
): { rows: CommentRow[]; count: number } {
  const rows = store
    .statement(
      `SELECT ${COLUMNS} FROM comments c WHERE ${IN_THREAD} AND c.parent_id = ?
       ORDER BY c.posted_at, c.rowid LIMIT ? OFFSET ?`,
    )
    .all(
      thread.spaceId,
      thread.changeRequestId,
      commentId,
      page.limit,
      page.offset,
    ) as unknown as CommentRow[];
  const { n } = store
    .statement(`SELECT COUNT(*) AS n FROM comments c WHERE ${IN_THREAD} AND c.parent_id = ?`)
    .get(thread.spaceId, thread.changeRequestId, commentId) as { n: number };
  return { rows, count: n };
}

export interface NewComment {
  parentId: string | null;
  revision: string;
  pageId?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
  markdown: string | null;
  userId: string;
}

export function insertComment(store: Store, thread: Thread, input: NewComment): CommentRow {
  const id = store.newId();
  store
    .statement(
      `INSERT INTO comments (id, space_id, change_request_id, parent_id, revision, page_id, node,
         table_record, table_definition, posted_by, posted_at, markdown)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      thread.spaceId,
      thread.changeRequestId,
      input.parentId,
      input.revision,
      input.pageId ?? null,
      input.node ?? null,
      input.tableCell?.record ?? null,
      input.tableCell?.definition ?? null,
      input.userId,
      store.now(),
      input.markdown,
    );
  return findComment(store, thread, id, input.parentId)!;
}

/** Edits a comment's body, sets its resolution, or both; `editedAt` moves with a new body. */
export function updateComment(
  store: Store,
  id: string,
  change: { markdown?: string | null; resolvedBy?: string | null },
): void {
  const now = store.now();
  if (change.markdown !== undefined)
    store
      .statement("UPDATE comments SET markdown = ?, edited_at = ? WHERE id = ?")
      .run(change.markdown, now, id);
  if (change.resolvedBy !== undefined)
    store
      .statement(
        `UPDATE comments SET resolved_by = ?, resolved_at = CASE WHEN ? IS NULL THEN NULL
           ELSE COALESCE(resolved_at, ?) END WHERE id = ?`,
      )
      .run(change.resolvedBy, change.resolvedBy, now, id);
}

export function deleteComment(store: Store, id: string): void {
  store.statement("DELETE FROM comments WHERE id = ?").run(id);
}

export function reactionsOf(store: Store, commentId: string): ReactionRow[] {
  return store
    .statement(
      `SELECT emoji, user_id AS userId, reacted_at AS reactedAt FROM comment_reactions
       WHERE comment_id = ? ORDER BY reacted_at, rowid`,
    )
    .all(commentId) as unknown as ReactionRow[];
}

/** Who replied to a comment: one row per user, with how many replies and the last time. */
export interface ReplierRow {
  userId: string;
  count: number;
  updatedAt: string;
}

/** A comment's repliers, first to reply first; `updatedAt` is their latest reply or edit. */
export function repliersOf(store: Store, commentId: string): ReplierRow[] {
  return store
    .statement(
      `SELECT posted_by AS userId, COUNT(*) AS count,
         MAX(COALESCE(edited_at, posted_at)) AS updatedAt
       FROM comments WHERE parent_id = ?
       GROUP BY posted_by ORDER BY MIN(posted_at), MIN(rowid)`,
    )
    .all(commentId) as unknown as ReplierRow[];
}

/** The caller's reactions: added ones kept once, removed ones gone (also when never added). */
export function react(
  store: Store,
  commentId: string,
  userId: string,
  added: readonly string[],
  removed: readonly string[],
): void {
  const now = store.now();
  for (const emoji of added)
    store
      .statement(
        `INSERT OR IGNORE INTO comment_reactions (comment_id, emoji, user_id, reacted_at)
         VALUES (?, ?, ?, ?)`,
      )
      .run(commentId, emoji, userId, now);
  for (const emoji of removed)
    store
      .statement("DELETE FROM comment_reactions WHERE comment_id = ? AND emoji = ? AND user_id = ?")
      .run(commentId, emoji, userId);
}

/** Open (unresolved) comments of a space's own thread, or of a change request's (§2.3, §2.7). */
export function openCommentCount(
  store: Store,
  spaceId: string,
  changeRequestId: string | null,
): number {
  const { n } = store
    .statement(
      `SELECT COUNT(*) AS n FROM comments c WHERE ${IN_THREAD} AND c.parent_id IS NULL
         AND c.resolved_at IS NULL`,
    )
    .get(spaceId, changeRequestId) as { n: number };
  return n;
}

/** Who posted in a thread (comments and replies), first to post first. */
export function commentersOf(store: Store, thread: Thread): string[] {
  return (
    store
      .statement(
        `SELECT c.posted_by AS userId FROM comments c WHERE ${IN_THREAD}
         GROUP BY c.posted_by ORDER BY MIN(c.posted_at), MIN(c.rowid)`,
      )
      .all(thread.spaceId, thread.changeRequestId) as { userId: string }[]
  ).map((r) => r.userId);
}

/** §2.3's `comments`: the open comments of the space's own thread. */
export const commentHooks: FamilyHooks = {
  spaceCounts: (store, space) => ({ comments: openCommentCount(store, space.id, null) }),
};
