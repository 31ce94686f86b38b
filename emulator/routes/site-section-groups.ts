import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute, type ApiContext } from "../context";
import { badRequest, notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import { SiteSectionGroupJson } from "../render/site-section-groups";
import {
  addSectionToGroup,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  removeSectionFromGroup,
  updateGroup,
  type GroupRow,
} from "../store/site-section-groups";
import { findSection, topLevel, writeTopLevel } from "../store/site-sections";
import type { SiteRow } from "../store/sites";
import { badReference, insertionIndex, refreshView, requireSite } from "../access/sites";
import { renderGroupFor } from "../views";
import { shareKeyQuery } from "../validation";

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

function requireGroup(ctx: ApiContext, site: SiteRow, id: string): GroupRow {
  const group = findGroup(ctx.store, site.id, id);
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
  ctx: ApiContext,
  site: SiteRow,
  ref: z.output<typeof pointer> | undefined,
  field: string,
): void {
  if (ref === undefined || ref.type !== "site-section") return;
  const section = findSection(ctx.store, site.id, ref.id);
  if (section === undefined) throw badRequest(`${field} ${ref.id} is not a section of this site`);
  if (section.groupId !== null)
    throw badRequest(
      `${field} ${ref.id} is inside section group ${section.groupId}; a group moves among the site's top-level sections and groups`,
    );
}

const base = "/orgs/{organizationId}/sites/{siteId}/section-groups";
const SectionGroupList = listOf("SiteSectionGroupList", SiteSectionGroupJson);
const groupAnswer = { description: "The section group", schema: SiteSectionGroupJson };

/** Section groups (§4.11): their `sections` are ordered, and the group sits on the top level. */
export const sectionGroupRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteSectionGroups",
    summary: "A site's section groups, each with its sections",
    query: pageQuery.extend(shareKeyQuery.shape),
    responses: { 200: { description: "A page of section groups", schema: SectionGroupList } },
    handler({ params, query }, ctx) {
      const { site, view } = requireSite(ctx, params, "member", query.shareKey);
      const page = slicePage(pageOf(query), listGroups(ctx.store, site.id));
      return json(200, { ...page, items: page.items.map((g) => renderGroupFor(ctx, view, g)) });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteSectionGroup",
    summary: "Add a section group, moving the listed sections into it",
    body: createBody,
    responses: { 201: { description: "The new section group", schema: SiteSectionGroupJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { store } = ctx;
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
      return json(201, renderGroupFor(ctx, refreshView(ctx, request), group));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteSectionGroupId}`,
    operationId: "updateSiteSectionGroup",
    summary: "Change a section group's title or icon",
    body: patchBody,
    responses: { 200: groupAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const group = updateGroup(
        ctx.store,
        requireGroup(ctx, request.site, params.siteSectionGroupId),
        body,
      );
      return json(200, renderGroupFor(ctx, request.view, group));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteSectionGroupId}`,
    operationId: "deleteSiteSectionGroup",
    summary: "Delete a section group; its sections stay, in its place",
    responses: {
      204: { description: "The section group did not exist" },
      205: { description: "The section group has been deleted" },
    },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "create");
      const group = findGroup(ctx.store, request.site.id, params.siteSectionGroupId);
      if (group === undefined) return empty(204);
      ctx.store.transaction(() => deleteGroup(ctx.store, group));
      return empty(205);
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{siteSectionGroupId}/sections`,
    operationId: "addSiteSectionToGroup",
    summary: "Put a section at the end of a group",
    body: addBody,
    responses: { 200: groupAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const group = requireGroup(ctx, request.site, params.siteSectionGroupId);
      ctx.store.transaction(() => {
        const section = findSection(ctx.store, request.site.id, body.sectionId);
        if (section === undefined)
          throw badReference("sectionId", `${body.sectionId} is not a section of this site`);
        addSectionToGroup(ctx.store, section, group.id);
      });
      return json(200, renderGroupFor(ctx, refreshView(ctx, request), group));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteSectionGroupId}/sections/{siteSectionId}`,
    operationId: "removeSiteSectionFromGroup",
    summary: "Take a section out of a group, to the top level right after the group",
    responses: {
      204: { description: "The section is not in the group, whether it was before or not" },
    },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "create");
      const section = findSection(ctx.store, request.site.id, params.siteSectionId);
      if (section !== undefined && section.groupId === params.siteSectionGroupId)
        ctx.store.transaction(() => removeSectionFromGroup(ctx.store, section));
      return empty(204);
    },
  }),

  apiRoute({
    method: "post",
    path: `${base}/{siteSectionGroupId}/move`,
    operationId: "moveSiteSectionGroup",
    summary: "Move a section group among the site's top-level sections and groups",
    body: moveBody,
    responses: { 200: groupAnswer },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const group = requireGroup(ctx, request.site, params.siteSectionGroupId);
      const { position } = body;
      checkReference(ctx, request.site, position.before, "position.before.id");
      checkReference(ctx, request.site, position.after, "position.after.id");
      ctx.store.transaction(() => {
        const items = topLevel(ctx.store, request.site.id);
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
        writeTopLevel(ctx.store, rest);
      });
      return json(200, renderGroupFor(ctx, request.view, group));
    },
  }),
];
