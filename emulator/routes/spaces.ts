import { z } from "zod";
import { moveAmongSiblings, requireParent, visibleSpace } from "../access/spaces";
import { empty, json } from "../http/route";
import { roleLevel } from "../auth";
import { reachedPage } from "../access/guests";
import { checkRole } from "../auth";
import { apiRoute, type ApiContext } from "../context";
import { id, moveBody } from "../validation";
import { envelope, pageOf, pageQuery } from "../pagination";
import { listOf } from "../render/common";
import { optionalShape, patchShape, presentFields } from "../render/common";
import { LANGUAGES, renderSpaceFor, SPACE_OPTIONAL_FIELDS, SpaceJson } from "../render/spaces";
import { findCollection, placeAmongSiblings } from "../store/collections";
import { copyRevision } from "../store/content";
import {
  findSpace,
  insertSpace,
  listSpaces,
  restoreSpace,
  transferSpace,
  trashSpace,
  updateSpace,
  type SpaceRow,
} from "../store/spaces";
import { EMOJI_MAX, TITLE_MAX } from "../limits";

const language = z.enum(LANGUAGES);
const editMode = z.enum(["live", "locked"]);

const createSpace = z.strictObject({
  title: z.string().max(TITLE_MAX).optional(),
  emoji: z.string().min(1).max(EMOJI_MAX).optional(),
  parent: id.nullable().optional(),
  language: language.optional(),
  editMode: editMode.optional(),
  empty: z.boolean().optional(),
  ...optionalShape(SPACE_OPTIONAL_FIELDS),
});

const patchSpace = z.strictObject({
  editMode: editMode.optional(),
  title: z.string().max(TITLE_MAX).optional(),
  defaultLevel: roleLevel.nullable().optional(),
  language: language.optional(),
  // null removes the emoji (GAPS.md).
  emoji: z.string().min(1).max(EMOJI_MAX).nullable().optional(),
  ...patchShape(SPACE_OPTIONAL_FIELDS),
});

const transferBody = z.strictObject({ organization: id, parent: id.nullable().optional() });

const SpaceList = listOf("SpaceList", SpaceJson);
const spaceAnswer = { description: "The space", schema: SpaceJson };
const answer = (ctx: ApiContext, row: SpaceRow, role: string | null) =>
  json(200, renderSpaceFor(ctx, row, role));

/** §4.4 Spaces, with the create and list routes of GAPS.md. */
export const spaceRoutes = [
  apiRoute({
    method: "get",
    path: "/orgs/{organizationId}/spaces",
    operationId: "listSpaces",
    summary: "An organization's live spaces",
    query: pageQuery,
    responses: { 200: { description: "A page of spaces", schema: SpaceList } },
    handler({ params, query }, ctx) {
      const role = ctx.requireRole(params.organizationId, "guest");
      const page = pageOf(query);
      const { rows, count } = reachedPage(ctx, "space", role, page, (p) =>
        listSpaces(ctx.store, { organizationId: params.organizationId }, p),
      );
      const items = rows.map((row) => renderSpaceFor(ctx, row, role));
      return json(200, envelope(page, items, count));
    },
  }),

  apiRoute({
    method: "post",
    path: "/orgs/{organizationId}/spaces",
    operationId: "createSpace",
    summary: "Create a space",
    body: createSpace,
    responses: { 201: { description: "The new space", schema: SpaceJson } },
    handler({ params, body }, ctx) {
      const role = ctx.requireRole(params.organizationId, "create");
      const row = ctx.store.transaction(() => {
        const { parent, ...fields } = body;
        if (parent != null) requireParent(ctx, params.organizationId, parent);
        return insertSpace(ctx.store, params.organizationId, { ...fields, parentId: parent });
      });
      return json(201, renderSpaceFor(ctx, row, role));
    },
  }),

  apiRoute({
    method: "get",
    path: "/spaces/{spaceId}",
    operationId: "getSpace",
    summary: "A space",
    query: z.looseObject({ shareKey: z.string().optional() }),
    responses: { 200: spaceAnswer },
    handler({ params }, ctx) {
      const { row, role } = visibleSpace(ctx, params.spaceId);
      return answer(ctx, row, role);
    },
  }),

  apiRoute({
    method: "patch",
    path: "/spaces/{spaceId}",
    operationId: "updateSpace",
    summary: "Change a space's title, emoji, edit mode, language or default level",
    body: patchSpace,
    responses: { 200: spaceAnswer },
    handler({ params, body }, ctx) {
      // Editing a space's settings is the edit role's; who reaches it (defaultLevel) the admin's.
      const minimum = body.defaultLevel !== undefined ? "admin" : "edit";
      const { row, role } = visibleSpace(ctx, params.spaceId, { minimum });
      // Locking and unlocking is the admin's: a lock an edit member could lift would not stop
      // it from editing or importing (docs/api-decisions.md, "Locked spaces").
      if (body.editMode !== undefined && body.editMode !== row.editMode)
        checkRole(role, "admin", row.organizationId, `space ${row.id}`);
      // A null emoji removes it: the row keeps no emoji as "".
      const emoji = body.emoji === null ? "" : body.emoji;
      const updated = updateSpace(ctx.store, row.id, { ...body, emoji });
      return answer(ctx, updated, role);
    },
  }),

  apiRoute({
    method: "delete",
    path: "/spaces/{spaceId}",
    operationId: "deleteSpace",
    summary: "Move a space to the trash, restorable for 7 days",
    responses: {
      204: { description: "The space did not exist, was already deleted, or is not visible" },
      205: { description: "The space has been deleted" },
    },
    handler({ params }, ctx) {
      const row = findSpace(ctx.store, params.spaceId);
      // Absent, already deleted and invisible spaces all answer 204 (§4.1).
      if (!row || row.deletedAt !== null || ctx.roleIn(row.organizationId) === undefined)
        return empty(204);
      visibleSpace(ctx, row.id, { minimum: "create" });
      trashSpace(ctx.store, row.id);
      return empty(205);
    },
  }),

  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/restore",
    operationId: "restoreSpace",
    summary: "Bring back a space deleted in the last 7 days",
    responses: { 200: spaceAnswer },
    handler({ params }, ctx) {
      const { row, role } = visibleSpace(ctx, params.spaceId, { minimum: "create", deleted: true });
      if (row.deletedAt === null) return answer(ctx, row, role);
      const restored = ctx.store.transaction(() =>
        restoreSpace(
          ctx.store,
          row,
          row.parentId !== null && findCollection(ctx.store, row.parentId) !== undefined,
        ),
      );
      return answer(ctx, restored, role);
    },
  }),

  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/duplicate",
    operationId: "duplicateSpace",
    summary: "Copy a space with its current content, placed right after the original",
    responses: { 201: { description: "The copy", schema: SpaceJson } },
    handler({ params }, ctx) {
      const { row, role } = visibleSpace(ctx, params.spaceId, { minimum: "create" });
      const copy = ctx.store.transaction(() => {
        const { title, emoji, parentId, editMode, language, defaultLevel } = row;
        const created = insertSpace(ctx.store, row.organizationId, {
          ...{ title, emoji, parentId, editMode, language, defaultLevel },
          ...presentFields(SPACE_OPTIONAL_FIELDS, row),
        });
        placeAmongSiblings(
          ctx.store,
          row.organizationId,
          row.parentId,
          { kind: "space", id: created.id },
          { after: { kind: "space", id: row.id } },
        );
        copyRevision(ctx.store, row.revision, created.id);
        return findSpace(ctx.store, created.id)!;
      });
      return json(201, renderSpaceFor(ctx, copy, role));
    },
  }),

  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/move",
    operationId: "moveSpace",
    summary: "Move a space to another collection, or to another place among its siblings",
    body: moveBody,
    responses: { 200: spaceAnswer },
    handler({ params, body }, ctx) {
      const { row, role } = visibleSpace(ctx, params.spaceId, { minimum: "create" });
      ctx.store.transaction(() =>
        moveAmongSiblings(
          ctx,
          row.organizationId,
          { kind: "space", id: row.id },
          body.parent === undefined ? row.parentId : body.parent,
          body.position,
        ),
      );
      return answer(ctx, findSpace(ctx.store, row.id)!, role);
    },
  }),

  apiRoute({
    method: "post",
    path: "/spaces/{spaceId}/transfer",
    operationId: "transferSpace",
    summary: "Move a space to another organization (and collection)",
    body: transferBody,
    responses: { 200: spaceAnswer },
    handler({ params, body }, ctx) {
      const { row } = visibleSpace(ctx, params.spaceId, { minimum: "create" });
      // Out of its organization: a grant on the space is not enough, the organization's own
      // role must allow it (a guest admin elsewhere would otherwise take the space with it).
      if (body.organization !== row.organizationId) ctx.requireRole(row.organizationId, "create");
      const role = ctx.requireRole(body.organization, "create");
      const moved = ctx.store.transaction(() => {
        const parentId = body.parent ?? null;
        if (parentId !== null) requireParent(ctx, body.organization, parentId);
        // What the old organization links to the space is cut in the same transaction.
        if (body.organization !== row.organizationId)
          ctx.hooks.spacesTransferred(ctx.store, [row.id], body.organization);
        return transferSpace(ctx.store, row.id, body.organization, parentId);
      });
      return answer(ctx, moved, role);
    },
  }),
];
