import type { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { badRequest, notFound } from "../errors";
import { pageOf, readPage } from "../pagination";
import type { Store } from "../store";
import {
  addSectionToGroup,
  deleteGroup,
  findGroup,
  findSection,
  groupJson,
  insertGroup,
  listGroups,
  removeSectionFromGroup,
  topLevel,
  updateGroup,
  writeTopLevel,
  type GroupRow,
  type SiteRow,
} from "../store/sites";
import { readBody } from "../validation";
import {
  badReference,
  insertionIndex,
  param,
  readShareKey,
  refreshView,
  requireSite,
} from "./site-context";

const groupTitle = z.string().min(1).max(100);
const icon = z.string().max(50);

const createBody = z.object({
  title: groupTitle,
  icon: icon.nullable().optional(),
  sections: z.array(z.string()).optional(),
});

const patchBody = z.object({
  title: groupTitle.optional(),
  icon: icon.nullable().optional(),
});

const addBody = z.object({ sectionId: z.string() });

const pointer = z.object({ type: z.enum(["site-section", "site-section-group"]), id: z.string() });
const moveBody = z.object({
  position: z.object({ before: pointer.optional(), after: pointer.optional() }),
});

function requireGroup(store: Store, site: SiteRow, id: string): GroupRow {
  const group = findGroup(store, site.id, id);
  if (group === undefined) throw notFound(`site section group ${id}`);
  return group;
}

/**
 * A position reference names a sibling on the site's top level, where a group sits among the
 * sections that are in no group and the other groups: `site-section:<id>` or
 * `site-section-group:<id>`. Anything else (a section inside a group, an unknown id, another
 * site's object) is an invalid position.
 */
function topKey(type: string, id: string): string {
  return `${type}:${id}`;
}

function checkReference(
  store: Store,
  site: SiteRow,
  ref: z.output<typeof pointer> | undefined,
  field: string,
): void {
  if (ref === undefined || ref.type !== "site-section") return;
  const section = findSection(store, site.id, ref.id);
  if (section === undefined) throw badRequest(`${field} ${ref.id} is not a section of this site`);
  if (section.groupId !== null)
    throw badRequest(
      `${field} ${ref.id} is inside section group ${section.groupId}; a group moves among the site's top-level sections and groups`,
    );
}

/** Section groups (§4.11): their `sections` are ordered, and the group sits on the top level. */
export function mountSectionGroups(app: Hono<EmulatorEnv>, store: Store): void {
  const base = "/orgs/:organizationId/sites/:siteId/section-groups";

  app.get(base, (c) => {
    const request = requireSite(store, c, "read", readShareKey(c));
    const page = pageOf(readPage(c), listGroups(store, request.site.id));
    return c.json({ ...page, items: page.items.map((g) => groupJson(store, request.view, g)) });
  });

  app.post(base, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, createBody);
    const group = store.transaction(() => {
      const ids = body.sections ?? [];
      const sections = ids.map((id, i) => {
        if (ids.indexOf(id) !== i) throw badRequest(`sections[${i}] ${id} is listed twice`);
        const section = findSection(store, request.site.id, id);
        if (section === undefined)
          throw badReference(`sections[${i}]`, `${id} is not a section of this site`);
        return section;
      });
      const created = insertGroup(store, request.site.id, {
        title: body.title,
        icon: body.icon ?? null,
      });
      for (const section of sections) addSectionToGroup(store, section, created.id);
      return created;
    });
    return c.json(groupJson(store, refreshView(store, request), group), 201);
  });

  app.patch(`${base}/:siteSectionGroupId`, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, patchBody);
    const group = updateGroup(
      store,
      requireGroup(store, request.site, param(c, "siteSectionGroupId")),
      body,
    );
    return c.json(groupJson(store, request.view, group));
  });

  app.delete(`${base}/:siteSectionGroupId`, (c) => {
    const request = requireSite(store, c, "create");
    const group = findGroup(store, request.site.id, param(c, "siteSectionGroupId"));
    if (group !== undefined) store.transaction(() => deleteGroup(store, group));
    return c.body(null, 204);
  });

  app.post(`${base}/:siteSectionGroupId/sections`, async (c) => {
    const request = requireSite(store, c, "create");
    const group = requireGroup(store, request.site, param(c, "siteSectionGroupId"));
    const { sectionId } = await readBody(c, addBody);
    store.transaction(() => {
      const section = findSection(store, request.site.id, sectionId);
      if (section === undefined)
        throw badReference("sectionId", `${sectionId} is not a section of this site`);
      addSectionToGroup(store, section, group.id);
    });
    return c.json(groupJson(store, refreshView(store, request), group));
  });

  app.delete(`${base}/:siteSectionGroupId/sections/:siteSectionId`, (c) => {
    const request = requireSite(store, c, "create");
    const groupId = param(c, "siteSectionGroupId");
    const section = findSection(store, request.site.id, param(c, "siteSectionId"));
    if (section !== undefined && section.groupId === groupId)
      store.transaction(() => removeSectionFromGroup(store, section));
    return c.body(null, 204);
  });

  app.post(`${base}/:siteSectionGroupId/move`, async (c) => {
    const request = requireSite(store, c, "create");
    const group = requireGroup(store, request.site, param(c, "siteSectionGroupId"));
    const { position } = await readBody(c, moveBody);
    checkReference(store, request.site, position.before, "position.before.id");
    checkReference(store, request.site, position.after, "position.after.id");
    store.transaction(() => {
      const items = topLevel(store, request.site.id);
      const movedKey = topKey("site-section-group", group.id);
      const order = items.map((i) => topKey(i.type, i.id)).filter((k) => k !== movedKey);
      const at = insertionIndex(
        order,
        movedKey,
        {
          before: position.before && topKey(position.before.type, position.before.id),
          after: position.after && topKey(position.after.type, position.after.id),
        },
        { before: "position.before", after: "position.after" },
        "the site's top-level sections and section groups",
      );
      const rest = items.filter((i) => topKey(i.type, i.id) !== movedKey);
      rest.splice(at, 0, { type: "site-section-group", id: group.id });
      writeTopLevel(store, rest);
    });
    return c.json(groupJson(store, request.view, findGroup(store, request.site.id, group.id)!));
  });
}
