import { z } from "zod";
import { empty, json } from "../http/route";
import { apiRoute } from "../context";
import { conflict, notFound } from "../errors";
import { pageOf, pageQuery, slicePage } from "../pagination";
import { listOf } from "../render/common";
import { SiteSectionJson } from "../render/site-sections";
import { addSectionToGroup, findGroup, removeSectionFromGroup } from "../store/site-section-groups";
import {
  deleteSection,
  findSection,
  insertSection,
  orderedSections,
  sectionPathTaken,
  updateSection,
} from "../store/site-sections";
import { findSiteSpace } from "../store/site-spaces";
import { updateSite } from "../store/sites";
import { insertSpace } from "../store/spaces";
import { badReference, refreshView, requireLiveSpace, requireSite } from "../access/sites";
import { linkSpace } from "../store/site-spaces";
import { renderSectionFor } from "../views";
import { shareKeyQuery } from "../validation";
import { pathSlug, uniquePath } from "../markdown";
import { TITLE_MAX } from "../limits";

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
const UNTITLED = "Untitled section";

const base = "/orgs/{organizationId}/sites/{siteId}/sections";
const SiteSectionList = listOf("SiteSectionList", SiteSectionJson);

/** Sections per GAPS.md: list, create, update, delete under `.../sites/{siteId}/sections`. */
export const siteSectionRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "listSiteSections",
    summary: "A site's sections in reading order, each with its site spaces",
    query: pageQuery.extend(shareKeyQuery.shape),
    responses: { 200: { description: "A page of sections", schema: SiteSectionList } },
    handler({ params, query }, ctx) {
      const { site, view } = requireSite(ctx, params, "member", query.shareKey);
      const page = slicePage(pageOf(query), orderedSections(ctx.store, site.id));
      const items = page.items.map((s) => renderSectionFor(ctx, view, s));
      return json(200, { ...page, items });
    },
  }),

  apiRoute({
    method: "post",
    path: base,
    operationId: "createSiteSection",
    summary: "Add a section, linking an existing space or a new one in it",
    body: createBody,
    responses: { 201: { description: "The new section", schema: SiteSectionJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { site, organizationId } = request;
      const { store } = ctx;
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
                ...(body.title ? { title: body.title.slice(0, TITLE_MAX) } : {}),
              })
            : requireLiveSpace(store, organizationId, body.spaceId, "spaceId");
        const title = body.title ?? (space.title.length >= 2 ? space.title : UNTITLED);
        const path = uniquePath(pathSlug(title), (p) => sectionPathTaken(store, site.id, p));
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
      return json(201, renderSectionFor(ctx, refreshView(ctx, request), section));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/{siteSectionId}`,
    operationId: "updateSiteSection",
    summary: "Change a section, or move it in or out of a group",
    body: patchBody,
    responses: { 200: { description: "The section", schema: SiteSectionJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { store } = ctx;
      const section = store.transaction(() => {
        const current = findSection(store, request.site.id, params.siteSectionId);
        if (current === undefined) throw notFound(`site section ${params.siteSectionId}`);
        if (
          body.path !== undefined &&
          sectionPathTaken(store, current.siteId, body.path, current.id)
        )
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
      return json(200, renderSectionFor(ctx, refreshView(ctx, request), section));
    },
  }),

  apiRoute({
    method: "delete",
    path: `${base}/{siteSectionId}`,
    operationId: "deleteSiteSection",
    summary: "Delete a section and its site spaces",
    responses: {
      204: { description: "The section did not exist" },
      205: { description: "The section has been deleted" },
    },
    handler({ params }, ctx) {
      const request = requireSite(ctx, params, "create");
      const section = findSection(ctx.store, request.site.id, params.siteSectionId);
      if (section === undefined) return empty(204);
      deleteSection(ctx.store, section.id);
      return empty(205);
    },
  }),
];
