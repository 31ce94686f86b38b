import { z } from "zod";
import type { CommentRow, ReactionRow, ReplierRow } from "../store/comments";
import type { UserRow } from "../store/identity";
import { named, present, timestamp, url } from "./common";
import { renderUser, UserJson } from "./members";

const ReactionsJson = named(
  "EmojiReactions",
  z.array(
    z.strictObject({
      emoji: z.string(),
      count: z.number().int().min(1),
      users: z.array(z.strictObject({ user: UserJson, reactedAt: timestamp })),
    }),
  ),
);

/** A comment's body: Markdown, or the empty object §2.1 allows. */
const BodyJson = named(
  "CommentBody",
  z.union([z.strictObject({ markdown: z.string() }), z.strictObject({})]),
);

/** The hosted service's UserContributor: a user who replied, how often, and when last. */
const ReplierJson = named(
  "UserContributor",
  z.strictObject({ user: UserJson, count: z.number().int().min(1), updatedAt: timestamp }),
);

const permissions = named(
  "CommentPermissions",
  z.strictObject({
    view: z.boolean(),
    edit: z.boolean(),
    reply: z.boolean(),
    delete: z.boolean(),
  }),
);

/** §2.8's Comment, with the hosted service's `status` of `open` for an unresolved one. */
export const CommentJson = named(
  "Comment",
  z.strictObject({
    object: z.literal("comment"),
    id: z.string(),
    postedBy: UserJson,
    postedAt: timestamp,
    editedAt: timestamp.optional(),
    reactions: ReactionsJson,
    replies: z.number().int().min(0),
    repliers: z.array(ReplierJson),
    body: BodyJson,
    target: z.strictObject({
      space: z.string(),
      revision: z.string(),
      changeRequest: z.string().optional(),
      page: z.strictObject({ id: z.string() }).optional(),
      node: z.strictObject({ id: z.string() }).optional(),
      tableCell: z.strictObject({ record: z.string(), definition: z.string() }).optional(),
    }),
    urls: z.strictObject({ location: url }),
    permissions,
    status: z.enum(["open", "resolved"]),
    resolvedAt: timestamp.optional(),
    resolvedBy: UserJson.optional(),
  }),
);
export type CommentJson = z.input<typeof CommentJson>;

export const CommentReplyJson = named(
  "CommentReply",
  z.strictObject({
    object: z.literal("comment-reply"),
    id: z.string(),
    postedBy: UserJson,
    postedAt: timestamp,
    editedAt: timestamp.optional(),
    reactions: ReactionsJson,
    body: BodyJson,
    urls: z.strictObject({ location: url }),
    permissions,
  }),
);
export type CommentReplyJson = z.input<typeof CommentReplyJson>;

export interface CommentExtras {
  /** The API location of the thread: `/v1/spaces/{id}` or its change request's. */
  location: string;
  reactions: readonly ReactionRow[];
  /** Who replied to it (a comment's; a reply has none). */
  repliers: readonly ReplierRow[];
  users: (id: string) => UserRow;
  /** Whether the caller posted it (edits its own) and may moderate (deletes any). */
  own: boolean;
  canComment: boolean;
  canModerate: boolean;
}

function reactionsJson(origin: string, rows: readonly ReactionRow[], extras: CommentExtras) {
  const byEmoji = new Map<string, ReactionRow[]>();
  for (const row of rows) byEmoji.set(row.emoji, [...(byEmoji.get(row.emoji) ?? []), row]);
  return [...byEmoji].map(([emoji, users]) => ({
    emoji,
    count: users.length,
    users: users.map((u) => ({
      user: renderUser(origin, extras.users(u.userId)),
      reactedAt: u.reactedAt,
    })),
  }));
}

const EMPTY_BODY: Record<string, never> = {};

function common(origin: string, row: CommentRow, extras: CommentExtras) {
  return {
    id: row.id,
    postedBy: renderUser(origin, extras.users(row.postedBy)),
    postedAt: row.postedAt,
    ...present("editedAt", row.editedAt),
    reactions: reactionsJson(origin, extras.reactions, extras),
    body: row.markdown === null ? EMPTY_BODY : { markdown: row.markdown },
    permissions: {
      view: true,
      edit: extras.own,
      reply: extras.canComment,
      delete: extras.own || extras.canModerate,
    },
  };
}

export function renderComment(origin: string, row: CommentRow, extras: CommentExtras): CommentJson {
  return {
    object: "comment",
    ...common(origin, row, extras),
    replies: row.replies,
    repliers: extras.repliers.map((r) => ({
      user: renderUser(origin, extras.users(r.userId)),
      count: r.count,
      updatedAt: r.updatedAt,
    })),
    target: {
      space: row.spaceId,
      revision: row.revision,
      ...present("changeRequest", row.changeRequestId),
      ...(row.pageId !== null ? { page: { id: row.pageId } } : {}),
      ...(row.node !== null ? { node: { id: row.node } } : {}),
      ...(row.tableRecord !== null && row.tableDefinition !== null
        ? { tableCell: { record: row.tableRecord, definition: row.tableDefinition } }
        : {}),
    },
    urls: { location: `${extras.location}/comments/${row.id}` },
    status: row.resolvedAt === null ? "open" : "resolved",
    ...present("resolvedAt", row.resolvedAt),
    ...(row.resolvedBy !== null
      ? { resolvedBy: renderUser(origin, extras.users(row.resolvedBy)) }
      : {}),
  };
}

export function renderReply(
  origin: string,
  row: CommentRow,
  extras: CommentExtras,
): CommentReplyJson {
  return {
    object: "comment-reply",
    ...common(origin, row, extras),
    urls: { location: `${extras.location}/comments/${row.parentId}/replies/${row.id}` },
  };
}
