import { z } from "zod";
import { hasRole } from "../auth";
import { pageQuery } from "../pagination";
import type { ApiContext } from "../context";
import { HttpError, notFound } from "../errors";
import { renderComment, renderReply, type CommentExtras } from "../render/comments";
import {
  findComment,
  reactionsOf,
  repliersOf,
  type CommentRow,
  type Thread,
} from "../store/comments";
import type { SpaceRow } from "../store/spaces";
import { requireChangeRequest, userOf } from "./change-requests";
import { visibleSpace } from "./spaces";

/** The comment threads of §4.8 and §4.9: where each lives, and what every route of them shares. */

/** The thread a route's path names, the revision new comments target, and the caller's role. */
export interface ThreadAt {
  thread: Thread;
  space: SpaceRow;
  revision: string;
  /** `/v1/spaces/{id}` or `/v1/spaces/{id}/change-requests/{crId}`: the root of `urls.location`. */
  location: string;
  role: string | null;
}

export type ThreadResolver = (ctx: ApiContext, params: Record<string, string>) => ThreadAt;

export const spaceThread: ThreadResolver = (ctx, params) => {
  // Comments are on the space's content, which a guest does not reach (docs/api-decisions.md).
  const { row: space, role } = visibleSpace(ctx, params.spaceId!, { minimum: "read" });
  return {
    thread: { spaceId: space.id, changeRequestId: null },
    space,
    revision: space.revision,
    location: `${ctx.origin}/v1/spaces/${space.id}`,
    role,
  };
};

export const changeRequestThread: ThreadResolver = (ctx, params) => {
  const { space, cr, role } = requireChangeRequest(ctx, {
    spaceId: params.spaceId!,
    changeRequestId: params.changeRequestId!,
  });
  return {
    thread: { spaceId: space.id, changeRequestId: cr.id },
    space,
    revision: cr.revision,
    location: `${ctx.origin}/v1/spaces/${space.id}/change-requests/${cr.id}`,
    role,
  };
};

export const body = z.union([
  z.strictObject({ markdown: z.string().max(100_000) }),
  z.strictObject({}),
]);
export const reactions = z.array(z.string().min(1).max(50)).max(50);
export const format = z.literal("markdown").optional();
export const listQuery = pageQuery.extend({
  order: z.enum(["asc", "desc"]).optional(),
  status: z.enum(["open", "resolved", "all"]).optional(),
  format,
  targetPage: z.string().min(1).max(64).optional(),
  // Several authors are repeated (`authors=u1&authors=u2`, the hosted service's array) or
  // comma-separated (`authors=u1,u2`); both read as one list of user ids.
  authors: z
    .union([z.string().min(1).max(2048), z.array(z.string().min(1).max(2048)).max(100)])
    .transform((value) => [value].flat().flatMap((ids) => ids.split(",")))
    .optional(),
});

export function extrasFor(ctx: ApiContext, at: ThreadAt, row: CommentRow): CommentExtras {
  return {
    location: at.location,
    reactions: reactionsOf(ctx.store, row.id),
    repliers: row.parentId === null ? repliersOf(ctx.store, row.id) : [],
    users: (id) => userOf(ctx, id),
    own: row.postedBy === ctx.userId,
    canComment: hasRole(at.role, "comment"),
    canModerate: hasRole(at.role, "review"),
  };
}

export const commentOf = (ctx: ApiContext, at: ThreadAt, row: CommentRow) =>
  renderComment(ctx.origin, row, extrasFor(ctx, at, row));
export const replyOf = (ctx: ApiContext, at: ThreadAt, row: CommentRow) =>
  renderReply(ctx.origin, row, extrasFor(ctx, at, row));

export function requireComment(
  ctx: ApiContext,
  at: ThreadAt,
  id: string,
  parentId: string | null = null,
) {
  const row = findComment(ctx.store, at.thread, id, parentId);
  if (row === undefined) throw notFound(parentId === null ? `comment ${id}` : `reply ${id}`);
  return row;
}

/** Only its author edits a comment's body; resolving, reacting and replying need `comment`. */
export function requireAuthor(ctx: ApiContext, row: CommentRow): void {
  if (row.postedBy !== ctx.userId)
    throw new HttpError(403, "only the author of a comment or reply can edit its body");
}

export function requireDeleter(ctx: ApiContext, at: ThreadAt, row: CommentRow): void {
  if (row.postedBy !== ctx.userId && !hasRole(at.role, "review"))
    throw new HttpError(403, "deleting another person's comment needs the review role");
}

export const markdownOf = (b: z.output<typeof body>) => ("markdown" in b ? b.markdown : null);
