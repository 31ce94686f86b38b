import { z } from "zod";
import {
  changeRequestThread,
  requireAuthor,
  requireComment,
  requireDeleter,
  spaceThread,
  type ThreadAt,
  type ThreadResolver,
} from "../access/threads";
import { checkRole } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { badRequest } from "../errors";
import { empty, json, type Route } from "../http/route";
import { envelope, pageOf, pageQuery, slicePage } from "../pagination";
import { CommentJson, CommentReplyJson } from "../render/comments";
import { listOf } from "../render/common";
import { MemberJson } from "../render/members";
import {
  commentersOf,
  deleteComment,
  findComment,
  insertComment,
  listComments,
  listReplies,
  react,
  updateComment,
  type CommentRow,
} from "../store/comments";
import { findPage } from "../store/content";
import { findMember } from "../store/members";
import { commentOf, memberJson, replyOf } from "../views";

const body = z.union([z.strictObject({ markdown: z.string().max(100_000) }), z.strictObject({})]);
const reactions = z.array(z.string().min(1).max(50)).max(50);
const format = z.literal("markdown").optional();
const listQuery = pageQuery.extend({
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
const postBody = z.strictObject({
  body,
  page: z.string().min(1).max(64).optional(),
  node: z.string().min(1).max(64).optional(),
  tableCell: z
    .strictObject({ record: z.string().min(1), definition: z.string().min(1) })
    .optional(),
});
const updateBody = z.strictObject({
  resolved: z.boolean().optional(),
  body: body.optional(),
  addedReactions: reactions.optional(),
  removedReactions: reactions.optional(),
});
const markdownOf = (b: z.output<typeof body>) => ("markdown" in b ? b.markdown : null);

type Params = Record<string, string>;
type Update = z.output<typeof updateBody>;
type Page = z.output<typeof pageQuery>;

function listThread(ctx: ApiContext, t: ThreadAt, query: z.output<typeof listQuery>) {
  const page = pageOf(query);
  const { rows, count } = listComments(
    ctx.store,
    t.thread,
    {
      order: query.order ?? "desc",
      status: query.status ?? "all",
      ...(query.targetPage !== undefined ? { pageId: query.targetPage } : {}),
      ...(query.authors !== undefined ? { authors: query.authors } : {}),
    },
    page,
  );
  const items = rows.map((r) => commentOf(ctx, t, r));
  return envelope(page, items, count);
}

function postComment(ctx: ApiContext, t: ThreadAt, input: z.output<typeof postBody>) {
  if (input.page !== undefined && findPage(ctx.store, t.revision, input.page) === undefined)
    throw badRequest(`page: ${input.page} is not a page of revision ${t.revision}`);
  const row = insertComment(ctx.store, t.thread, {
    parentId: null,
    revision: t.revision,
    ...(input.page !== undefined ? { pageId: input.page } : {}),
    ...(input.node !== undefined ? { node: input.node } : {}),
    ...(input.tableCell !== undefined ? { tableCell: input.tableCell } : {}),
    markdown: markdownOf(input.body),
    userId: ctx.userId,
  });
  return commentOf(ctx, t, row);
}

/**
 * Edits a comment or a reply (`target`): its body (its author only), the resolution of its
 * comment (`resolves`: a reply's `resolved` resolves the comment it answers), its reactions.
 */
function updateCommentOrReply(
  ctx: ApiContext,
  target: CommentRow,
  resolves: string,
  input: Update,
): void {
  if (input.body !== undefined) requireAuthor(ctx, target);
  ctx.store.transaction(() => {
    if (input.body !== undefined)
      updateComment(ctx.store, target.id, { markdown: markdownOf(input.body) });
    if (input.resolved !== undefined)
      updateComment(ctx.store, resolves, { resolvedBy: input.resolved ? ctx.userId : null });
    const added = input.addedReactions ?? [];
    react(ctx.store, target.id, ctx.userId, added, input.removedReactions ?? []);
  });
}

function updateOne(ctx: ApiContext, t: ThreadAt, params: Params, input: Update) {
  const row = requireComment(ctx, t, params.commentId!);
  updateCommentOrReply(ctx, row, row.id, input);
  return commentOf(ctx, t, requireComment(ctx, t, row.id));
}

/** A comment, or one of its replies: 204 when either is absent, 205 once it is deleted. */
function deleteOne(ctx: ApiContext, t: ThreadAt, params: Params) {
  const comment = findComment(ctx.store, t.thread, params.commentId!, null);
  const row =
    params.commentReplyId === undefined
      ? comment
      : comment && findComment(ctx.store, t.thread, params.commentReplyId, comment.id);
  if (!row) return empty(204);
  requireDeleter(ctx, t, row);
  deleteComment(ctx.store, row.id);
  return empty(205);
}

function listRepliesOf(ctx: ApiContext, t: ThreadAt, params: Params, query: Page) {
  const comment = requireComment(ctx, t, params.commentId!);
  const page = pageOf(query);
  const { rows, count } = listReplies(ctx.store, t.thread, comment.id, page);
  const items = rows.map((r) => replyOf(ctx, t, r));
  return envelope(page, items, count);
}

function postReply(
  ctx: ApiContext,
  t: ThreadAt,
  params: Params,
  input: { body: z.output<typeof body> },
) {
  const comment = requireComment(ctx, t, params.commentId!);
  const row = insertComment(ctx.store, t.thread, {
    parentId: comment.id,
    revision: t.revision,
    markdown: markdownOf(input.body),
    userId: ctx.userId,
  });
  return replyOf(ctx, t, row);
}

function getReply(ctx: ApiContext, t: ThreadAt, params: Params) {
  const comment = requireComment(ctx, t, params.commentId!);
  return replyOf(ctx, t, requireComment(ctx, t, params.commentReplyId!, comment.id));
}

function updateReply(ctx: ApiContext, t: ThreadAt, params: Params, input: Update) {
  const comment = requireComment(ctx, t, params.commentId!);
  const reply = requireComment(ctx, t, params.commentReplyId!, comment.id);
  updateCommentOrReply(ctx, reply, comment.id, input);
  return replyOf(ctx, t, requireComment(ctx, t, reply.id, comment.id));
}

function commenters(ctx: ApiContext, t: ThreadAt, query: Page) {
  const members = commentersOf(ctx.store, t.thread).flatMap((userId) => {
    const row = findMember(ctx.store, t.space.organizationId, userId);
    return row === undefined ? [] : [memberJson(ctx, row)];
  });
  return slicePage(pageOf(query), members);
}

/** The routes of one kind of thread: a space's (§4.8) or a change request's (§4.9). */
function commentRoutesFor(
  prefix: string,
  name: "Space" | "ChangeRequest",
  resolve: ThreadResolver,
): Route<ApiContext>[] {
  const p = (params: unknown) => params as Params;
  const at = (ctx: ApiContext, params: unknown, minimum?: "comment") => {
    const found = resolve(ctx, p(params));
    if (minimum) checkRole(found.role, minimum, found.space.organizationId);
    return found;
  };
  const comment = `${prefix}/comments/{commentId}`;
  const reply = `${comment}/replies/{commentReplyId}`;
  const commentAnswer = { description: "The comment", schema: CommentJson };
  const replyAnswer = { description: "The reply", schema: CommentReplyJson };
  const deleted = (what: string, also = "") => ({
    204: { description: `The ${what} did not exist` },
    205: { description: `The ${what}${also} has been deleted` },
  });
  return [
    apiRoute({
      method: "get",
      path: `${prefix}/comments`,
      operationId: `list${name}Comments`,
      summary: "Comments (not replies), newest first unless order=asc",
      query: listQuery,
      responses: {
        200: {
          description: "A page of comments",
          schema: listOf(`${name}CommentList`, CommentJson),
        },
      },
      handler: ({ params, query }, ctx) => json(200, listThread(ctx, at(ctx, params), query)),
    }),
    apiRoute({
      method: "post",
      path: `${prefix}/comments`,
      operationId: `post${name}Comment`,
      summary: "Post a comment, on the content or on one of its pages",
      body: postBody,
      responses: { 200: commentAnswer },
      handler: ({ params, body }, ctx) =>
        json(200, postComment(ctx, at(ctx, params, "comment"), body)),
    }),
    apiRoute({
      method: "get",
      path: comment,
      operationId: `get${name}Comment`,
      summary: "A comment",
      query: z.looseObject({ format }),
      responses: { 200: commentAnswer },
      handler({ params }, ctx) {
        const t = at(ctx, params);
        return json(200, commentOf(ctx, t, requireComment(ctx, t, p(params).commentId!)));
      },
    }),
    apiRoute({
      method: "put",
      path: comment,
      operationId: `update${name}Comment`,
      summary: "Resolve or reopen a comment, edit its body (its author only), react to it",
      body: updateBody,
      responses: { 200: commentAnswer },
      handler: ({ params, body }, ctx) =>
        json(200, updateOne(ctx, at(ctx, params, "comment"), p(params), body)),
    }),
    apiRoute({
      method: "delete",
      path: comment,
      operationId: `delete${name}Comment`,
      summary: "Delete a comment and its replies",
      responses: deleted("comment", " and its replies"),
      handler: ({ params }, ctx) => deleteOne(ctx, at(ctx, params), p(params)),
    }),
    apiRoute({
      method: "get",
      path: `${comment}/replies`,
      operationId: `list${name}CommentReplies`,
      summary: "A comment's replies, oldest first",
      query: pageQuery.extend({ format }),
      responses: {
        200: {
          description: "A page of replies",
          schema: listOf(`${name}CommentReplyList`, CommentReplyJson),
        },
      },
      handler: ({ params, query }, ctx) =>
        json(200, listRepliesOf(ctx, at(ctx, params), p(params), query)),
    }),
    apiRoute({
      method: "post",
      path: `${comment}/replies`,
      operationId: `post${name}CommentReply`,
      summary: "Reply to a comment",
      body: z.strictObject({ body }),
      responses: { 200: replyAnswer },
      handler: ({ params, body }, ctx) =>
        json(200, postReply(ctx, at(ctx, params, "comment"), p(params), body)),
    }),
    apiRoute({
      method: "get",
      path: reply,
      operationId: `get${name}CommentReply`,
      summary: "A reply",
      query: z.looseObject({ format }),
      responses: { 200: replyAnswer },
      handler: ({ params }, ctx) => json(200, getReply(ctx, at(ctx, params), p(params))),
    }),
    apiRoute({
      method: "put",
      path: reply,
      operationId: `update${name}CommentReply`,
      summary: "Edit a reply (its author only) or react to it; `resolved` resolves its comment",
      body: updateBody,
      responses: { 200: replyAnswer },
      handler: ({ params, body }, ctx) =>
        json(200, updateReply(ctx, at(ctx, params, "comment"), p(params), body)),
    }),
    apiRoute({
      method: "delete",
      path: reply,
      operationId: `delete${name}CommentReply`,
      summary: "Delete a reply",
      responses: deleted("reply"),
      handler: ({ params }, ctx) => deleteOne(ctx, at(ctx, params), p(params)),
    }),
    apiRoute({
      method: "get",
      path: `${prefix}/commenters`,
      operationId: `list${name}Commenters`,
      summary: "The members who posted comments or replies, first to post first",
      query: pageQuery,
      responses: {
        200: {
          description: "A page of members",
          schema: listOf(`${name}CommenterList`, MemberJson),
        },
      },
      handler: ({ params, query }, ctx) => json(200, commenters(ctx, at(ctx, params), query)),
    }),
  ];
}

/** §4.8 space comments and §4.9 change request comments. */
export const commentRoutes = [
  ...commentRoutesFor("/spaces/{spaceId}", "Space", spaceThread),
  ...commentRoutesFor(
    "/spaces/{spaceId}/change-requests/{changeRequestId}",
    "ChangeRequest",
    changeRequestThread,
  ),
];
