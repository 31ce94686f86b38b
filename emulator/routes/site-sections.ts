import type { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { conflict, notFound } from "../errors";
import { pageOf, readPage } from "../pagination";
import type { Store } from "../store";
import {
  addSectionToGroup,
  deleteSection,
  findGroup,
  findSection,
  findSiteSpace,
  insertSection,
  orderedSections,
  removeSectionFromGroup,
  sectionJson,
  sectionPathTaken,
  slugify,
  uniquePath,
  updateSection,
  updateSite,
} from "../store/sites";
import { insertSpace } from "../store/spaces";
import { readBody } from "../validation";
import {
  badReference,
  linkSpace,
  param,
  readShareKey,
  refreshView,
  requireLiveSpace,
  requireSite,
} from "./site-context";

const sectionTitle = z.string().min(2).max(128);
const icon = z.string().max(50);
const condition = z.string().min(1).max(1024);

const createBody = z.object({
  // Required, but may be null: null asks for a new space (GAPS.md).
  spaceId: z.string().nullable(),
  title: sectionTitle.nullable().optional(),
  icon: icon.nullable().optional(),
  siteSectionGroupId: z.string().optional(),
});

const patchBody = z.object({
  title: sectionTitle.optional(),
  path: z.string().min(1).max(100).optional(),
  defaultSiteSpace: z.string().optional(),
  condition: condition.nullable().optional(),
  icon: icon.nullable().optional(),
  description: z.string().max(256).optional(),
  siteSectionGroupId: z.string().nullable().optional(),
});

/** A space title is at most 50 characters, a section title at least 2. */
const SPACE_TITLE_MAX = 50;
const UNTITLED = "Untitled section";

/** Sections per GAPS.md: list, create, update, delete under `.../sites/{siteId}/sections`. */
export function mountSiteSections(app: Hono<EmulatorEnv>, store: Store): void {
  const base = "/orgs/:organizationId/sites/:siteId/sections";

  app.get(base, (c) => {
    const request = requireSite(store, c, "read", readShareKey(c));
    const page = pageOf(readPage(c), orderedSections(store, request.site.id));
    return c.json({ ...page, items: page.items.map((s) => sectionJson(store, request.view, s)) });
  });

  app.post(base, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, createBody);
    const { site, organizationId } = request;
    const section = store.transaction(() => {
      const group =
        body.siteSectionGroupId === undefined
          ? undefined
          : findGroup(store, site.id, body.siteSectionGroupId);
      if (body.siteSectionGroupId !== undefined && group === undefined)
        throw badReference(
          "siteSectionGroupId",
          `${body.siteSectionGroupId} is not a section group of this site`,
        );
      const space =
        body.spaceId === null
          ? insertSpace(store, organizationId, {
              ...(body.title ? { title: body.title.slice(0, SPACE_TITLE_MAX) } : {}),
            })
          : requireLiveSpace(store, organizationId, body.spaceId, "spaceId");
      const title = body.title ?? (space.title.length >= 2 ? space.title : UNTITLED);
      const path = uniquePath(slugify(title), (p) => sectionPathTaken(store, site.id, p));
      const created = insertSection(store, site.id, {
        title,
        path,
        icon: body.icon ?? null,
        groupId: group?.id ?? null,
      });
      linkSpace(store, site.id, created.id, space);
      // The first section of a site is its default one.
      if (
        site.defaultSectionId === null ||
        findSection(store, site.id, site.defaultSectionId) === undefined
      )
        updateSite(store, site, { defaultSectionId: created.id });
      return created;
    });
    return c.json(sectionJson(store, refreshView(store, request), section), 201);
  });

  app.patch(`${base}/:siteSectionId`, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, patchBody);
    const sectionId = param(c, "siteSectionId");
    const section = store.transaction(() => {
      const current = findSection(store, request.site.id, sectionId);
      if (current === undefined) throw notFound(`site section ${sectionId}`);
      if (body.path !== undefined && sectionPathTaken(store, current.siteId, body.path, current.id))
        throw conflict(`path ${body.path} is already used by another section of this site`);
      if (body.defaultSiteSpace !== undefined) {
        const row = findSiteSpace(store, current.siteId, body.defaultSiteSpace);
        if (row === undefined || row.sectionId !== current.id)
          throw badReference(
            "defaultSiteSpace",
            `${body.defaultSiteSpace} is not a site space of this section`,
          );
      }
      if (body.siteSectionGroupId === null) removeSectionFromGroup(store, current);
      else if (body.siteSectionGroupId !== undefined) {
        const group = findGroup(store, current.siteId, body.siteSectionGroupId);
        if (group === undefined)
          throw badReference(
            "siteSectionGroupId",
            `${body.siteSectionGroupId} is not a section group of this site`,
          );
        addSectionToGroup(store, current, group.id);
      }
      return updateSection(store, findSection(store, current.siteId, current.id)!, {
        title: body.title,
        path: body.path,
        description: body.description,
        condition: body.condition,
        icon: body.icon,
        defaultSiteSpaceId: body.defaultSiteSpace,
      });
    });
    return c.json(sectionJson(store, refreshView(store, request), section));
  });

  app.delete(`${base}/:siteSectionId`, (c) => {
    const request = requireSite(store, c, "create");
    const section = findSection(store, request.site.id, param(c, "siteSectionId"));
    if (section !== undefined) deleteSection(store, section.id);
    return c.body(null, 204);
  });
}
