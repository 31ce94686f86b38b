import { z } from "zod";
import { mergePages } from "../content-tree";
import { apiRoute } from "../context";
import { badRequest, HttpError } from "../errors";
import { json } from "../http/route";
import { envelope, pageOf, pageQuery } from "../pagination";
import {
  ChangeRequestJson,
  ChangeRequestResultJson,
  changeRequestStatus,
} from "../render/change-requests";
import { listOf } from "../render/common";
import {
  insertChangeRequest,
  listChangeRequests,
  updateChangeRequest,
  type ChangeRequestRow,
} from "../store/change-requests";
import { findPage, insertRevision, pagesOf, setSpaceRevision } from "../store/content";
import { organizationKey } from "../store/members";
import { PDF_LINK_TTL, pdfLinkSignature, type PdfLink } from "../pdf";
import { visibleSpace } from "../access/spaces";
import { requireChangeRequest } from "../access/threads";
import { renderChangeRequestFor } from "../views";

const base = "/spaces/{spaceId}/change-requests";
const one = `${base}/{changeRequestId}`;

function requireActive(cr: ChangeRequestRow, action: string): void {
  if (cr.status === "merged" || cr.status === "archived")
    throw new HttpError(409, `change request ${cr.number} is ${cr.status}: it cannot be ${action}`);
}

const ChangeRequestList = listOf("ChangeRequestList", ChangeRequestJson);
const crAnswer = { description: "The change request", schema: ChangeRequestJson };
const PdfUrlJson = z.strictObject({ url: z.string() });
const resultAnswer = { description: "The revision it produced", schema: ChangeRequestResultJson };

/** §4.6 change requests and §4.7 their content. */
export const changeRequestRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listChangeRequestsForSpace",
    summary: "A space's change requests with a status (default open), newest first",
    query: pageQuery.extend({
      status: changeRequestStatus.optional(),
      contributor: z.string().min(1).max(64).optional(),
    }),
    responses: { 200: { description: "A page of change requests", schema: ChangeRequestList } },
    handler({ params, query }, ctx) {
      const { row: space } = visibleSpace(ctx, params.spaceId);
      const page = pageOf(query);
      const { rows, count } = listChangeRequests(
        ctx.store,
        space.id,
        query.status ?? "open",
        query.contributor,
        page,
      );
      const items = rows.map((cr) => renderChangeRequestFor(ctx, space, cr));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createChangeRequest",
    summary: "Open a change request on the space's current revision, as a draft",
    body: z.strictObject({
      subject: z.string().max(100).optional(),
      agentTaskId: z.string().max(256).optional(),
    }),
    responses: { 201: { description: "The new change request", schema: ChangeRequestJson } },
    handler({ params, body }, ctx) {
      const { row: space } = visibleSpace(ctx, params.spaceId, { minimum: "edit" });
      const cr = insertChangeRequest(
        ctx.store,
        space.id,
        space.revision,
        body.subject ?? "",
        ctx.userId,
      );
      return json(201, renderChangeRequestFor(ctx, space, cr));
    },
  }),

  apiRoute({
    method: "get",
    path: one,
    operationId: "getChangeRequestById",
    summary: "A change request, by id or by number",
    responses: { 200: crAnswer },
    handler({ params }, ctx) {
      const { space, cr } = requireChangeRequest(ctx, params);
      return json(200, renderChangeRequestFor(ctx, space, cr));
    },
  }),

  apiRoute({
    method: "patch",
    path: one,
    operationId: "updateChangeRequestById",
    summary: "Change a change request's subject or status (draft, open, archived)",
    body: z.strictObject({
      subject: z.string().max(100).optional(),
      // `merged` comes only from merge, with the revision it produces.
      status: z.enum(["draft", "open", "archived"]).optional(),
    }),
    responses: { 200: crAnswer },
    handler({ params, body }, ctx) {
      const { space, cr } = requireChangeRequest(ctx, params, "edit");
      if (cr.status === "merged") requireActive(cr, "changed");
      const updated = updateChangeRequest(ctx.store, cr.id, body);
      return json(200, renderChangeRequestFor(ctx, space, updated));
    },
  }),

  apiRoute({
    method: "post",
    path: `${one}/merge`,
    operationId: "mergeChangeRequest",
    summary: "Make the change request's content the space's new revision",
    responses: { 200: resultAnswer },
    handler({ params }, ctx) {
      const { space, cr } = requireChangeRequest(ctx, params, "review");
      requireActive(cr, "merged");
      if (space.editMode === "locked")
        throw new HttpError(409, `space ${space.id} is locked: unlock it to merge`);
      const revision = ctx.store.transaction(() => {
        const ancestor = cr.revisionMergedAncestor ?? cr.revisionInitial;
        // Nothing to merge: the space keeps its revision.
        const merged =
          cr.revision === ancestor
            ? space.revision
            : insertRevision(ctx.store, {
                spaceId: space.id,
                parents: [space.revision, cr.revision],
                type: "merge",
                pages:
                  ancestor === space.revision
                    ? pagesOf(ctx.store, cr.revision)
                    : mergePages(
                        pagesOf(ctx.store, ancestor),
                        pagesOf(ctx.store, space.revision),
                        pagesOf(ctx.store, cr.revision),
                        "incoming",
                      ),
                files: { from: cr.revision },
              });
        setSpaceRevision(ctx.store, space.id, merged);
        updateChangeRequest(ctx.store, cr.id, {
          status: "merged",
          revisionMerged: merged,
          mergedBy: ctx.userId,
          mergedAt: ctx.store.now(),
        });
        return merged;
      });
      return json(200, { revision, result: "merge" as const });
    },
  }),

  apiRoute({
    method: "post",
    path: `${one}/update`,
    operationId: "updateChangeRequestFromMain",
    summary: "Pull the space's current content into the change request",
    responses: { 200: resultAnswer },
    handler({ params }, ctx) {
      const { space, cr } = requireChangeRequest(ctx, params, "edit");
      requireActive(cr, "updated");
      const revision = ctx.store.transaction(() => {
        const ancestor = cr.revisionMergedAncestor ?? cr.revisionInitial;
        if (ancestor === space.revision) return cr.revision;
        // Untouched, the change request simply moves to the space's revision.
        const updated =
          cr.revision === ancestor
            ? space.revision
            : insertRevision(ctx.store, {
                spaceId: space.id,
                parents: [cr.revision, space.revision],
                type: "update",
                pages: mergePages(
                  pagesOf(ctx.store, ancestor),
                  pagesOf(ctx.store, cr.revision),
                  pagesOf(ctx.store, space.revision),
                  "current",
                ),
                files: { from: cr.revision },
              });
        updateChangeRequest(ctx.store, cr.id, {
          revision: updated,
          revisionMergedAncestor: space.revision,
        });
        return updated;
      });
      return json(200, { revision, result: "update" as const });
    },
  }),

  apiRoute({
    method: "get",
    path: `${one}/pdf`,
    operationId: "getChangeRequestPDF",
    summary: "A URL of the change request's content as a PDF, working for one hour",
    query: z.looseObject({
      only: z.enum(["true", "false"]).optional(),
      page: z.string().min(1).optional(),
    }),
    responses: { 200: { description: "The PDF's URL", schema: PdfUrlJson } },
    handler({ params, query }, ctx) {
      const { space, cr } = requireChangeRequest(ctx, params);
      const only = query.only === "true";
      if (only && query.page === undefined)
        throw badRequest("only: prints the page named by page alone, and page is missing");
      if (query.page !== undefined && !findPage(ctx.store, cr.revision, query.page))
        throw badRequest(`page: ${query.page} is not a page of change request ${cr.number}`);
      const link: PdfLink = {
        spaceId: space.id,
        revisionId: cr.revision,
        ...(query.page === undefined ? {} : { page: query.page }),
        only,
        expires: Math.floor(Date.parse(ctx.store.now()) / 1000) + PDF_LINK_TTL,
      };
      const signature = pdfLinkSignature(organizationKey(ctx.store, space.organizationId), link);
      const search = new URLSearchParams({
        ...(link.page === undefined ? {} : { page: link.page }),
        ...(only ? { only: "true" } : {}),
        expires: String(link.expires),
        signature,
      });
      return json(200, {
        url: `${ctx.origin}/app/pdf/${space.id}/${cr.revision}?${search.toString()}`,
      });
    },
  }),
];
