import { z } from "zod";
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
} from "../store/comments";
import { findPage } from "../store/content";
import { findMember } from "../store/members";
import {
  changeRequestThread,
  requireAuthor,
  requireComment,
  requireDeleter,
  spaceThread,
  type ThreadResolver,
} from "../access/threads";
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
const markdownOf = (b: z.output<typeof body>) => ("markdown" in b ? b.markdown : null);

/** The routes of one kind of thread: a space's (§4.8) or a change request's (§4.9). */
function commentRoutesFor(
  prefix: string,
  name: "Space" | "ChangeRequest",
  resolve: ThreadResolver,
): Route<ApiContext>[] {
  const p = (params: unknown) => params as Record<string, string>;
  const at = (ctx: ApiContext, params: unknown, minimum?: "comment") => {
    const found = resolve(ctx, p(params));
    if (minimum) ctx.requireRole(found.space.organizationId, minimum);
    return found;
  };
  const CommentList = listOf(`${name}CommentList`, CommentJson);
  const ReplyList = listOf(`${name}CommentReplyList`, CommentReplyJson);
  const commentAnswer = { description: "The comment", schema: CommentJson };
  const replyAnswer = { description: "The reply", schema: CommentReplyJson };
  return [
    apiRoute({
      method: "get",
      path: `${prefix}/comments`,
      operationId: `list${name}Comments`,
      summary: "Comments (not replies), newest first unless order=asc",
      query: listQuery,
      responses: { 200: { description: "A page of comments", schema: CommentList } },
      handler({ params, query }, ctx) {
        const t = at(ctx, params);
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
        return json(
          200,
          envelope(
            page,
            rows.map((r) => commentOf(ctx, t, r)),
            count,
          ),
        );
      },
    }),

    apiRoute({
      method: "post",
      path: `${prefix}/comments`,
      operationId: `post${name}Comment`,
      summary: "Post a comment, on the content or on one of its pages",
      body: z.strictObject({
        body,
        page: z.string().min(1).max(64).optional(),
        node: z.string().min(1).max(64).optional(),
        tableCell: z
          .strictObject({ record: z.string().min(1), definition: z.string().min(1) })
          .optional(),
      }),
      responses: { 200: commentAnswer },
      handler({ params, body: input }, ctx) {
        const t = at(ctx, params, "comment");
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
        return json(200, commentOf(ctx, t, row));
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/comments/{commentId}`,
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
      path: `${prefix}/comments/{commentId}`,
      operationId: `update${name}Comment`,
      summary: "Resolve or reopen a comment, edit its body (its author only), react to it",
      body: z.strictObject({
        resolved: z.boolean().optional(),
        body: body.optional(),
        addedReactions: reactions.optional(),
        removedReactions: reactions.optional(),
      }),
      responses: { 200: commentAnswer },
      handler({ params, body: input }, ctx) {
        const t = at(ctx, params, "comment");
        const row = requireComment(ctx, t, p(params).commentId!);
        if (input.body !== undefined) requireAuthor(ctx, row);
        ctx.store.transaction(() => {
          updateComment(ctx.store, row.id, {
            ...(input.body !== undefined ? { markdown: markdownOf(input.body) } : {}),
            ...(input.resolved !== undefined
              ? { resolvedBy: input.resolved ? ctx.userId : null }
              : {}),
          });
          react(
            ctx.store,
            row.id,
            ctx.userId,
            input.addedReactions ?? [],
            input.removedReactions ?? [],
          );
        });
        return json(200, commentOf(ctx, t, requireComment(ctx, t, row.id)));
      },
    }),

    apiRoute({
      method: "delete",
      path: `${prefix}/comments/{commentId}`,
      operationId: `delete${name}Comment`,
      summary: "Delete a comment and its replies",
      responses: {
        204: { description: "The comment did not exist" },
        205: { description: "The comment and its replies have been deleted" },
      },
      handler({ params }, ctx) {
        const t = at(ctx, params);
        const row = findComment(ctx.store, t.thread, p(params).commentId!, null);
        if (row === undefined) return empty(204);
        requireDeleter(ctx, t, row);
        deleteComment(ctx.store, row.id);
        return empty(205);
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/comments/{commentId}/replies`,
      operationId: `list${name}CommentReplies`,
      summary: "A comment's replies, oldest first",
      query: pageQuery.extend({ format }),
      responses: { 200: { description: "A page of replies", schema: ReplyList } },
      handler({ params, query }, ctx) {
        const t = at(ctx, params);
        const comment = requireComment(ctx, t, p(params).commentId!);
        const page = pageOf(query);
        const { rows, count } = listReplies(ctx.store, t.thread, comment.id, page);
        return json(
          200,
          envelope(
            page,
            rows.map((r) => replyOf(ctx, t, r)),
            count,
          ),
        );
      },
    }),

    apiRoute({
      method: "post",
      path: `${prefix}/comments/{commentId}/replies`,
      operationId: `post${name}CommentReply`,
      summary: "Reply to a comment",
      body: z.strictObject({ body }),
      responses: { 200: replyAnswer },
      handler({ params, body: input }, ctx) {
        const t = at(ctx, params, "comment");
        const comment = requireComment(ctx, t, p(params).commentId!);
        const row = insertComment(ctx.store, t.thread, {
          parentId: comment.id,
          revision: t.revision,
          markdown: markdownOf(input.body),
          userId: ctx.userId,
        });
        return json(200, replyOf(ctx, t, row));
      },
    }),

    apiRoute({
      method: "get",
      path: `${prefix}/comments/{commentId}/replies/{commentReplyId}`,
      operationId: `get${name}CommentReply`,
      summary: "A reply",
      query: z.looseObject({ format }),
      responses: { 200: replyAnswer },
      handler({ params }, ctx) {
        const t = at(ctx, params);
        const comment = requireComment(ctx, t, p(params).commentId!);
        return json(
          200,
          replyOf(ctx, t, requireComment(ctx, t, p(params).commentReplyId!, comment.id)),
        );
      },
    }),

    apiRoute({
      method: "put",
      path: `${prefix}/comments/{commentId}/replies/{commentReplyId}`,
      operationId: `update${name}CommentReply`,
      summary: "Edit a reply (its author only) or react to it; `resolved` resolves its comment",
      body: z.strictObject({
        resolved: z.boolean().optional(),
        body: body.optional(),
        addedReactions: reactions.optional(),
        removedReactions: reactions.optional(),
      }),
      responses: { 200: replyAnswer },
      handler({ params, body: input }, ctx) {
        const t = at(ctx, params, "comment");
        const comment = requireComment(ctx, t, p(params).commentId!);
        const reply = requireComment(ctx, t, p(params).commentReplyId!, comment.id);
        if (input.body !== undefined) requireAuthor(ctx, reply);
        ctx.store.transaction(() => {
          if (input.body !== undefined)
            updateComment(ctx.store, reply.id, { markdown: markdownOf(input.body) });
          if (input.resolved !== undefined)
            updateComment(ctx.store, comment.id, {
              resolvedBy: input.resolved ? ctx.userId : null,
            });
          react(
            ctx.store,
            reply.id,
            ctx.userId,
            input.addedReactions ?? [],
            input.removedReactions ?? [],
          );
        });
        return json(200, replyOf(ctx, t, requireComment(ctx, t, reply.id, comment.id)));
      },
    }),

    apiRoute({
      method: "delete",
      path: `${prefix}/comments/{commentId}/replies/{commentReplyId}`,
      operationId: `delete${name}CommentReply`,
      summary: "Delete a reply",
      responses: {
        204: { description: "The reply did not exist" },
        205: { description: "The reply has been deleted" },
      },
      handler({ params }, ctx) {
        const t = at(ctx, params);
        const comment = findComment(ctx.store, t.thread, p(params).commentId!, null);
        const reply =
          comment && findComment(ctx.store, t.thread, p(params).commentReplyId!, comment.id);
        if (!reply) return empty(204);
        requireDeleter(ctx, t, reply);
        deleteComment(ctx.store, reply.id);
        return empty(205);
      },
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
      handler({ params, query }, ctx) {
        const t = at(ctx, params);
        const members = commentersOf(ctx.store, t.thread).flatMap((userId) => {
          const row = findMember(ctx.store, t.space.organizationId, userId);
          return row === undefined ? [] : [memberJson(ctx, row)];
        });
        return json(200, slicePage(pageOf(query), members));
      },
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
