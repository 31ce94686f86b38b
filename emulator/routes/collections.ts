import { z } from "zod";
import { moveAmongSiblings, requireParent, visibleCollection } from "../access/spaces";
import { empty, json } from "../http/route";
import { roleLevel } from "../auth";
import { reachedPage } from "../access/guests";
import { apiRoute, type ApiContext } from "../context";
import { patched } from "../store/sql";
import { id, moveBody } from "../validation";
import { conflict } from "../errors";
import { envelope, pageOf, pageQuery } from "../pagination";
import { CollectionJson, renderCollection } from "../render/collections";
import { listOf } from "../render/common";
import { renderSpaceFor, SpaceJson } from "../render/spaces";
import {
  collectionSubtree,
  deleteCollectionTree,
  findCollection,
  insertCollection,
  listCollections,
  transferCollectionTree,
  updateCollection,
} from "../store/collections";
import { listSpaces } from "../store/spaces";
import { DESCRIPTION_MAX, TITLE_MAX } from "../limits";

const createCollection = z.strictObject({
  title: z.string().max(TITLE_MAX).optional(),
  parent: id.nullable().optional(),
});

const patchCollection = z.strictObject({
  title: z.string().max(TITLE_MAX).optional(),
  description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
  defaultLevel: z
    .union([roleLevel, z.literal("inherit")])
    .nullable()
    .optional(),
});

const transferBody = z.strictObject({ organization: id });

const listQuery = pageQuery.extend({ nested: z.enum(["true", "false"]).optional() });

const answer = (ctx: ApiContext, id: string, role: string | null) =>
  json(200, renderCollection(findCollection(ctx.store, id)!, ctx.origin, role));

const CollectionList = listOf("CollectionList", CollectionJson);
const SpaceList = listOf("SpaceList", SpaceJson);
const collectionAnswer = { description: "The collection", schema: CollectionJson };

/** §4.3 Collections. */
export const collectionRoutes = [
  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/collections",
    operationId: "listCollections",
    summary: "An organization's collections, nested ones too unless nested=false",
    query: listQuery,
    responses: { 200: { description: "A page of collections", schema: CollectionList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "guest");
      const page = pageOf(query);
      const { rows, count } = reachedPage(ctx, "collection", role, page, (p) =>
        listCollections(ctx.store, params.organizationId, { nested: query.nested !== "false" }, p),
      );
      const items = rows.map((row) => renderCollection(row, ctx.origin, role));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: "/orgs/{organizationId}/collections",
    operationId: "createCollection",
    summary: "Create a collection",
    body: createCollection,
    responses: { 201: { description: "The new collection", schema: CollectionJson } },
    handler({ params, body }, ctx) {
      const role = ctx.requireRole(params.organizationId, "create");
      const row = ctx.store.transaction(() => {
        if (body.parent != null) requireParent(ctx, params.organizationId, body.parent);
        return insertCollection(ctx.store, params.organizationId, body);
      });
      return json(201, renderCollection(row, ctx.origin, role));
    },
  }),

  apiRoute({
    method: "get",
    path: "/collections/{collectionId}",
    operationId: "getCollection",
    summary: "A collection",
    responses: { 200: collectionAnswer },
    handler({ params }, ctx) {
      const { row, role } = visibleCollection(ctx, params.collectionId);
      return json(200, renderCollection(row, ctx.origin, role));
    },
  }),

  apiRoute({
    method: "patch",
    path: "/collections/{collectionId}",
    operationId: "updateCollection",
    summary: "Change a collection's title, description or default level",
    body: patchCollection,
    responses: { 200: collectionAnswer },
    handler({ params, body }, ctx) {
      const { row, role } = visibleCollection(ctx, params.collectionId, "create");
      const updated = updateCollection(ctx.store, row.id, patched(row, body));
      return json(200, renderCollection(updated, ctx.origin, role));
    },
  }),

  apiRoute({
    method: "delete",
    path: "/collections/{collectionId}",
    operationId: "deleteCollection",
    summary: "Delete a collection, its nested collections, and (to the trash) their spaces",
    responses: {
      204: { description: "The collection did not exist (or is not visible to the caller)" },
      205: { description: "The collection has been deleted" },
    },
    handler({ params }, ctx) {
      const row = findCollection(ctx.store, params.collectionId);
      // Absent and invisible targets both answer 204 (§4.1): a DELETE cannot probe ids either.
      if (!row || ctx.roleIn(row.organizationId) === undefined) return empty(204);
      visibleCollection(ctx, row.id, "create");
      deleteCollectionTree(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "get",
    path: "/collections/{collectionId}/spaces",
    operationId: "listCollectionSpaces",
    summary: "The live spaces directly in a collection",
    query: pageQuery,
    responses: { 200: { description: "A page of spaces", schema: SpaceList } },
    handler({ params, query }, ctx) {
      const { row, role } = visibleCollection(ctx, params.collectionId);
      const page = pageOf(query);
      const { rows, count } = listSpaces(ctx.store, { parentId: row.id }, page);
      const items = rows.map((space) => renderSpaceFor(ctx, space, role));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: "/collections/{collectionId}/move",
    operationId: "moveCollection",
    summary: "Move a collection to another parent, or to another place among its siblings",
    body: moveBody,
    responses: { 200: collectionAnswer },
    handler({ params, body }, ctx) {
      const { row, role } = visibleCollection(ctx, params.collectionId, "create");
      ctx.store.transaction(() => {
        const parentId = body.parent === undefined ? row.parentId : body.parent;
        if (parentId !== null && collectionSubtree(ctx.store, row.id).includes(parentId)) {
          throw conflict(
            `parent: cannot move collection ${row.id} into itself or its own descendant ${parentId}`,
          );
        }
        moveAmongSiblings(
          ctx,
          row.organizationId,
          { kind: "collection", id: row.id },
          parentId,
          body.position,
        );
      });
      return answer(ctx, row.id, role);
    },
  }),

  apiRoute({
    method: "post",
    path: "/collections/{collectionId}/transfer",
    operationId: "transferCollection",
    summary: "Move a collection, with its nested collections and spaces, to another organization",
    body: transferBody,
    responses: { 200: collectionAnswer },
    handler({ params, body }, ctx) {
      const { row } = visibleCollection(ctx, params.collectionId, "create");
      // Out of its organization: the organization's own role, not a grant on the collection.
      if (body.organization !== row.organizationId) ctx.requireRole(row.organizationId, "create");
      // The target must be an organization the caller may create content in; others are 404.
      const role = ctx.requireRole(body.organization, "create");
      if (body.organization !== row.organizationId)
        ctx.store.transaction(() => {
          const spaceIds = transferCollectionTree(ctx.store, row.id, body.organization);
          // What the old organization links to the spaces moved is cut in the same transaction.
          ctx.hooks.spacesTransferred(ctx.store, spaceIds, body.organization);
        });
      return answer(ctx, row.id, role);
    },
  }),
];
