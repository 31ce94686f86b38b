import type { ApiContext } from "../context";
import { HttpError, notFound } from "../errors";
import { hasRole } from "../auth";
import type { ContentScope } from "../render/content";
import { findChangeRequest, type ChangeRequestRow } from "../store/change-requests";
import { findComment, type CommentRow, type Thread } from "../store/comments";
import { findRevision, type RevisionRow } from "../store/content";
import type { SpaceRow } from "../store/spaces";
import { visibleSpace } from "./spaces";

/**
 * What lives in a space and a change request, and who reaches it: the change request a path
 * names, the revision a content route reads (§4.5, §4.7), the comment thread a comment route
 * works in (§4.8, §4.9), and who may edit or delete a comment.
 */

/** The change request the path names (its id or number), in a space the caller can see. */
export function requireChangeRequest(
  ctx: ApiContext,
  params: { spaceId: string; changeRequestId: string },
  // A guest reaches no space (docs/api-decisions.md), nor its change requests: `read` at least.
  minimum: "read" | "comment" | "edit" | "review" = "read",
): { space: SpaceRow; cr: ChangeRequestRow; role: string | null } {
  const { row: space, role } = visibleSpace(ctx, params.spaceId, { minimum });
  const cr = findChangeRequest(ctx.store, space.id, params.changeRequestId);
  if (cr === undefined) throw notFound(`change request ${params.changeRequestId}`);
  return { space, cr, role };
}

/** The revision a content route reads, and where its objects live. */
export interface ContentAt {
  space: SpaceRow;
  scope: ContentScope;
  revisionId: string;
  /** Undefined for a revision never written: the empty content a space starts with. */
  revision: RevisionRow | undefined;
  createdAt: string;
}

/** Finds the content a route's path names, checking the caller may read it. */
export type ContentResolver = (ctx: ApiContext, params: Record<string, string>) => ContentAt;

export function contentOfSpace(
  ctx: ApiContext,
  space: SpaceRow,
  revisionId: string,
  changeRequest?: number,
): ContentAt {
  return {
    space,
    scope: {
      origin: ctx.origin,
      organizationId: space.organizationId,
      spaceId: space.id,
      ...(changeRequest !== undefined ? { changeRequest } : {}),
    },
    revisionId,
    revision: findRevision(ctx.store, revisionId),
    createdAt: space.createdAt,
  };
}

/** The space's own content (§4.5): its current revision. */
export const spaceContent: ContentResolver = (ctx, params) => {
  // A guest reaches no space's content (docs/api-decisions.md): a role is needed, `read` or up.
  const { row } = visibleSpace(ctx, params.spaceId!, { minimum: "read" });
  return contentOfSpace(ctx, row, row.revision);
};

/** §4.7: a change request's content is its own revision. */
export const changeRequestContent: ContentResolver = (ctx, params) => {
  const { space, cr } = requireChangeRequest(ctx, {
    spaceId: params.spaceId!,
    changeRequestId: params.changeRequestId!,
  });
  return contentOfSpace(ctx, space, cr.revision, cr.number);
};

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

export function requireComment(
  ctx: ApiContext,
  at: ThreadAt,
  id: string,
  parentId: string | null = null,
): CommentRow {
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
