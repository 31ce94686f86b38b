import type { Context, Hono } from "hono";
import { z } from "zod";
import { requireMember, type EmulatorEnv } from "../auth";
import { notFound } from "../errors";
import { envelope, readPage } from "../pagination";
import type { Store } from "../store";
import { endPosition, findCollection, placeAmongSiblings } from "../store/collections";
import {
  findSpace,
  insertSpace,
  isExpired,
  listSpaces,
  spaceJson,
  type SpaceRow,
} from "../store/spaces";
import { readBody } from "../validation";
import { moveAmongSiblings, moveBody, requireParent } from "./collections";
import { originOf, requireRole, roleLevel } from "./organizations";

/** The language codes of GAPS.md. */
export const LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-br",
  "ru",
  "ja",
  "zh",
  "zh-tw",
  "yue",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
  "sv",
  "no",
  "da",
  "fi",
  "el",
  "cs",
  "hu",
  "ro",
  "th",
  "vi",
  "id",
  "ms",
  "he",
  "uk",
  "sk",
  "bg",
  "hr",
  "lt",
  "lv",
  "et",
  "sl",
] as const;

const id = z.string().min(1).max(64);
const language = z.enum(LANGUAGES);
const editMode = z.enum(["live", "locked"]);

const createSpace = z.strictObject({
  title: z.string().max(50).optional(),
  emoji: z.string().min(1).max(50).optional(),
  parent: id.nullable().optional(),
  language: language.optional(),
  editMode: editMode.optional(),
  empty: z.boolean().optional(),
});

const patchSpace = z.strictObject({
  editMode: editMode.optional(),
  title: z.string().max(50).optional(),
  defaultLevel: roleLevel.nullable().optional(),
  language: language.optional(),
  // null removes the emoji (GAPS.md).
  emoji: z.string().min(1).max(50).nullable().optional(),
});

const transferBody = z.strictObject({ organization: id, parent: id.nullable().optional() });

export function mountSpaces(app: Hono<EmulatorEnv>, store: Store): void {
  /**
   * A live space the caller can see: absent, deleted and other organizations' spaces are all
   * 404. A deleted space past its restore window is removed for good on the way.
   */
  const visible = (
    c: Context<EmulatorEnv>,
    spaceId: string,
    options: { deleted?: boolean } = {},
  ) => {
    const row = findSpace(store, spaceId);
    if (!row) throw notFound(`space ${spaceId}`);
    let role: string | null;
    try {
      role = requireMember(store, c, row.organizationId);
    } catch {
      throw notFound(`space ${spaceId}`);
    }
    if (isExpired(store, row)) {
      store.statement("DELETE FROM spaces WHERE id = ?").run(row.id);
      throw notFound(`space ${spaceId} (deleted more than 7 days ago and permanently removed)`);
    }
    if (row.deletedAt !== null && !options.deleted) throw notFound(`space ${spaceId}`);
    return { row, role };
  };
  const writable = (
    c: Context<EmulatorEnv>,
    spaceId: string,
    options: { deleted?: boolean } = {},
  ) => {
    const { row } = visible(c, spaceId, options);
    return { row, role: requireRole(store, c, row.organizationId, "create") };
  };
  const answer = (
    c: Context<EmulatorEnv>,
    spaceId: string,
    role: string | null,
    status: 200 | 201 = 200,
  ) => c.json(spaceJson(store, findSpace(store, spaceId)!, originOf(c), role), status);

  app.get("/orgs/:organizationId/spaces", (c) => {
    const organizationId = c.req.param("organizationId");
    const role = requireMember(store, c, organizationId);
    const page = readPage(c);
    const { rows, count } = listSpaces(store, "organization_id = ?", [organizationId], page);
    const origin = originOf(c);
    return c.json(
      envelope(
        page,
        rows.map((s) => spaceJson(store, s, origin, role)),
        count,
      ),
    );
  });

  app.post("/orgs/:organizationId/spaces", async (c) => {
    const organizationId = c.req.param("organizationId");
    const role = requireRole(store, c, organizationId, "create");
    const body = await readBody(c, createSpace);
    const row = store.transaction(() => {
      if (body.parent != null) requireParent(store, organizationId, body.parent);
      return insertSpace(store, organizationId, body);
    });
    // insertSpace read the row back inside the transaction: no second lookup.
    return c.json(spaceJson(store, row, originOf(c), role), 201);
  });

  app.get("/spaces/:spaceId", (c) => {
    const { row, role } = visible(c, c.req.param("spaceId"));
    return c.json(spaceJson(store, row, originOf(c), role));
  });

  app.patch("/spaces/:spaceId", async (c) => {
    const { row, role } = writable(c, c.req.param("spaceId"));
    const body = await readBody(c, patchSpace);
    const next: SpaceRow = {
      ...row,
      editMode: body.editMode ?? row.editMode,
      title: body.title ?? row.title,
      defaultLevel: body.defaultLevel === undefined ? row.defaultLevel : body.defaultLevel,
      language: body.language ?? row.language,
      emoji: body.emoji === undefined ? row.emoji : (body.emoji ?? ""),
    };
    store
      .statement(
        `UPDATE spaces SET edit_mode = ?, title = ?, default_level = ?, language = ?, emoji = ?,
           updated_at = ? WHERE id = ?`,
      )
      .run(
        next.editMode,
        next.title,
        next.defaultLevel,
        next.language,
        next.emoji,
        store.now(),
        row.id,
      );
    return answer(c, row.id, role);
  });

  app.delete("/spaces/:spaceId", (c) => {
    const spaceId = c.req.param("spaceId");
    const row = findSpace(store, spaceId);
    // Absent, already deleted and invisible spaces all answer 204 (§4.1).
    if (!row || row.deletedAt !== null) return c.body(null, 204);
    try {
      requireMember(store, c, row.organizationId);
    } catch {
      return c.body(null, 204);
    }
    requireRole(store, c, row.organizationId, "create");
    const now = store.now();
    store
      .statement("UPDATE spaces SET deleted_at = ?, updated_at = ? WHERE id = ?")
      .run(now, now, row.id);
    return c.body(null, 204);
  });

  app.post("/spaces/:spaceId/restore", (c) => {
    const { row, role } = writable(c, c.req.param("spaceId"), { deleted: true });
    if (row.deletedAt !== null) {
      store.transaction(() => {
        // Its collection may have been deleted meanwhile: the space then comes back at the top.
        const parent =
          row.parentId !== null && findCollection(store, row.parentId) ? row.parentId : null;
        store
          .statement(
            "UPDATE spaces SET deleted_at = NULL, parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
          )
          .run(
            parent,
            parent === row.parentId ? row.position : endPosition(store, row.organizationId, null),
            store.now(),
            row.id,
          );
      });
    }
    return answer(c, row.id, role);
  });

  app.post("/spaces/:spaceId/duplicate", (c) => {
    const { row, role } = writable(c, c.req.param("spaceId"));
    const copy = store.transaction(() => {
      const created = insertSpace(store, row.organizationId, {
        title: row.title,
        emoji: row.emoji,
        parent: row.parentId,
        editMode: row.editMode,
        ...(row.language !== null ? { language: row.language } : {}),
        defaultLevel: row.defaultLevel,
      });
      // The copy sits right after its original.
      placeAmongSiblings(
        store,
        row.organizationId,
        row.parentId,
        { kind: "space", id: created.id },
        { after: { kind: "space", id: row.id } },
      );
      return created;
    });
    return answer(c, copy.id, role, 201);
  });

  app.post("/spaces/:spaceId/move", async (c) => {
    const { row, role } = writable(c, c.req.param("spaceId"));
    const body = await readBody(c, moveBody);
    store.transaction(() => {
      const parentId = body.parent === undefined ? row.parentId : body.parent;
      moveAmongSiblings(
        store,
        row.organizationId,
        { kind: "space", id: row.id },
        parentId,
        body.position,
      );
    });
    return answer(c, row.id, role);
  });

  app.post("/spaces/:spaceId/transfer", async (c) => {
    const { row } = writable(c, c.req.param("spaceId"));
    const body = await readBody(c, transferBody);
    const role = requireRole(store, c, body.organization, "create");
    store.transaction(() => {
      const parentId = body.parent ?? null;
      if (parentId !== null) requireParent(store, body.organization, parentId);
      store
        .statement(
          "UPDATE spaces SET organization_id = ?, parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
        )
        .run(
          body.organization,
          parentId,
          endPosition(store, body.organization, parentId),
          store.now(),
          row.id,
        );
    });
    return answer(c, row.id, role);
  });
}
