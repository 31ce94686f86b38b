import type { FamilyHooks } from "../hooks";
import type { Store } from "./index";
import { Table, all, one, text, type SqlValue, type RowIn } from "./sql";

/**
 * Comments and their replies (§2.8), on a space or on one of its change requests. A reply is a
 * row whose `parent_id` names its comment; only comments are resolved. Reactions are one row
 * per emoji and user.
 */
const comments = new Table(
  "comments",
  {
    id: text("PRIMARY KEY"),
    spaceId: text("NOT NULL REFERENCES spaces(id) ON DELETE CASCADE"),
    changeRequestId: text("REFERENCES change_requests(id) ON DELETE CASCADE"),
    parentId: text("REFERENCES comments(id) ON DELETE CASCADE"),
    revision: text("NOT NULL"),
    pageId: text(),
    node: text(),
    tableRecord: text(),
    tableDefinition: text(),
    postedBy: text("NOT NULL"),
    postedAt: text("NOT NULL"),
    editedAt: text(),
    /** Null for an empty body (§2.1: an empty object instead of Markdown). */
    markdown: text(),
    resolvedAt: text(),
    resolvedBy: text(),
  },
  { indexes: { comments_by_thread: "(space_id, change_request_id, parent_id)" } },
);

const reactions = new Table(
  "comment_reactions",
  {
    commentId: text("NOT NULL REFERENCES comments(id) ON DELETE CASCADE"),
    emoji: text("NOT NULL"),
    userId: text("NOT NULL"),
    reactedAt: text("NOT NULL"),
  },
  { constraints: ["PRIMARY KEY (comment_id, emoji, user_id)"] },
);

/** The family's tables, created at every open. */
export const commentsTables = [comments, reactions];

/** A comment or a reply as the comments table keeps it. */
type CommentRecord = RowIn<typeof comments>;

export interface CommentRow extends CommentRecord {
  /** How many replies it has. */
  replies: number;
}

export interface ReactionRow {
  emoji: string;
  userId: string;
  reactedAt: string;
}

/** A comment's columns read under `c`, with how many replies it has. */
const COLUMNS = `${comments.columnsOf("c")},
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
  return one<CommentRow>(
    store,
    `SELECT ${COLUMNS} FROM comments c WHERE ${IN_THREAD} AND c.id = ? AND c.parent_id IS ?`,
    thread.spaceId,
    thread.changeRequestId,
    id,
    parentId,
  );
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
  const params: SqlValue[] = [
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
  const rows = all<CommentRow>(
    store,
    `SELECT ${COLUMNS} FROM comments c WHERE ${where}
     ORDER BY c.posted_at ${direction}, c.rowid ${direction} LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
  const { n } = one<{ n: number }>(
    store,
    `SELECT COUNT(*) AS n FROM comments c WHERE ${where}`,
    ...params,
  )!;
  return { rows, count: n };
}

/** A comment's replies, oldest first. */
export function listReplies(
  store: Store,
  thread: Thread,
  commentId: string,
  page: { limit: number; offset: number },
): { rows: CommentRow[]; count: number } {
  const rows = all<CommentRow>(
    store,
    `SELECT ${COLUMNS} FROM comments c WHERE ${IN_THREAD} AND c.parent_id = ?
     ORDER BY c.posted_at, c.rowid LIMIT ? OFFSET ?`,
    thread.spaceId,
    thread.changeRequestId,
    commentId,
    page.limit,
    page.offset,
  );
  const { spaceId, changeRequestId } = thread;
  const count = comments.count(store, { spaceId, changeRequestId, parentId: commentId });
  return { rows, count };
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
  const { id } = comments.insert(store, {
    id: store.newId(),
    spaceId: thread.spaceId,
    changeRequestId: thread.changeRequestId,
    parentId: input.parentId,
    revision: input.revision,
    pageId: input.pageId ?? null,
    node: input.node ?? null,
    tableRecord: input.tableCell?.record ?? null,
    tableDefinition: input.tableCell?.definition ?? null,
    postedBy: input.userId,
    postedAt: store.now(),
    markdown: input.markdown,
  });
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
    comments.update(store, { id }, { markdown: change.markdown, editedAt: now });
  if (change.resolvedBy !== undefined) {
    const { resolvedBy } = change;
    // Resolving again keeps the first resolution's time; reopening clears it.
    const resolvedAt =
      resolvedBy === null ? null : (comments.find(store, { id })?.resolvedAt ?? now);
    comments.update(store, { id }, { resolvedBy, resolvedAt });
  }
}

export function deleteComment(store: Store, id: string): void {
  comments.delete(store, { id });
}

export function reactionsOf(store: Store, commentId: string): ReactionRow[] {
  const page = { limit: -1, offset: 0 };
  return reactions
    .list(store, { commentId }, "reacted_at, rowid", page)
    .rows.map(({ emoji, userId, reactedAt }) => ({ emoji, userId, reactedAt }));
}

/** Who replied to a comment: one row per user, with how many replies and the last time. */
export interface ReplierRow {
  userId: string;
  count: number;
  updatedAt: string;
}

/** A comment's repliers, first to reply first; `updatedAt` is their latest reply or edit. */
export function repliersOf(store: Store, commentId: string): ReplierRow[] {
  return all<ReplierRow>(
    store,
    `SELECT posted_by AS userId, COUNT(*) AS count,
       MAX(COALESCE(edited_at, posted_at)) AS updatedAt
     FROM comments WHERE parent_id = ?
     GROUP BY posted_by ORDER BY MIN(posted_at), MIN(rowid)`,
    commentId,
  );
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
  for (const emoji of removed) reactions.delete(store, { commentId, emoji, userId });
}

/** Open (unresolved) comments of a space's own thread, or of a change request's (§2.3, §2.7). */
export function openCommentCount(
  store: Store,
  spaceId: string,
  changeRequestId: string | null,
): number {
  return comments.count(store, { spaceId, changeRequestId, parentId: null, resolvedAt: null });
}

/** Who posted in a thread (comments and replies), first to post first. */
export function commentersOf(store: Store, thread: Thread): string[] {
  return all<{ userId: string }>(
    store,
    `SELECT c.posted_by AS userId FROM comments c WHERE ${IN_THREAD}
     GROUP BY c.posted_by ORDER BY MIN(c.posted_at), MIN(c.rowid)`,
    thread.spaceId,
    thread.changeRequestId,
  ).map((r) => r.userId);
}

/** §2.3's `comments`: the open comments of the space's own thread. */
export const commentHooks: FamilyHooks = {
  spaceCounts: (store, space) => ({ comments: openCommentCount(store, space.id, null) }),
};
