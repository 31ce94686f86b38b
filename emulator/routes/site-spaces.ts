import type { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { conflict, notFound } from "../errors";
import { pageOf, readPage } from "../pagination";
import type { Store } from "../store";
import {
  containerSiteSpaces,
  deleteSiteSpace,
  findSection,
  findSiteSpace,
  orderedSections,
  siteSpaceJson,
  siteSpacePathTaken,
  updateSiteSpace,
  writeSiteSpaceOrder,
  type SiteRow,
  type SiteSpaceRow,
} from "../store/sites";
import { readBody, readQuery } from "../validation";
import {
  badReference,
  insertionIndex,
  linkSpace,
  param,
  readShareKey,
  refreshView,
  requireLiveSpace,
  requireSite,
} from "./site-context";

const listQuery = z.looseObject({ default: z.enum(["true", "false"]).optional() });

const createBody = z.object({
  spaceId: z.string(),
  sectionId: z.string().optional(),
});

const patchBody = z.object({
  path: z.string().min(1).max(100).optional(),
  condition: z.string().min(1).max(1024).nullable().optional(),
  spaceId: z.string().optional(),
});

const pointer = z.object({ type: z.literal("site-space"), siteSpace: z.string() });
const moveBody = z.object({
  position: z.object({ before: pointer.optional(), after: pointer.optional() }),
});

/** Every site space of the site in reading order: the root first, then section by section. */
function allSiteSpaces(store: Store, siteId: string): SiteSpaceRow[] {
  return [
    ...containerSiteSpaces(store, siteId, null),
    ...orderedSections(store, siteId).flatMap((s) => containerSiteSpaces(store, siteId, s.id)),
  ];
}

function where(sectionId: string | null): string {
  return sectionId === null ? "at the site root" : `in section ${sectionId}`;
}

function requirePathFree(store: Store, row: SiteSpaceRow, path: string): void {
  if (siteSpacePathTaken(store, row.siteId, row.sectionId, path, row.id))
    throw conflict(`path ${path} is already used ${where(row.sectionId)}`);
}

function requireSiteSpace(store: Store, site: SiteRow, id: string): SiteSpaceRow {
  const row = findSiteSpace(store, site.id, id);
  if (row === undefined) throw notFound(`site space ${id}`);
  return row;
}

/** Site spaces (§4.11), the deprecated move included. */
export function mountSiteSpaces(app: Hono<EmulatorEnv>, store: Store): void {
  const base = "/orgs/:organizationId/sites/:siteId/site-spaces";

  app.get(base, (c) => {
    const request = requireSite(store, c, "read", readShareKey(c));
    const { default: onlyDefault } = readQuery(c, listQuery);
    const rows = allSiteSpaces(store, request.site.id).filter(
      (row) =>
        onlyDefault === undefined ||
        (row.id === request.view.defaultSiteSpaceId) === (onlyDefault === "true"),
    );
    const page = pageOf(readPage(c), rows);
    return c.json({
      ...page,
      items: page.items.map((row) => siteSpaceJson(store, request.view, row)),
    });
  });

  app.post(base, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, createBody);
    const { site, organizationId } = request;
    const row = store.transaction(() => {
      const space = requireLiveSpace(store, organizationId, body.spaceId, "spaceId");
      let sectionId: string | null;
      if (body.sectionId !== undefined) {
        if (findSection(store, site.id, body.sectionId) === undefined)
          throw badReference("sectionId", `${body.sectionId} is not a section of this site`);
        sectionId = body.sectionId;
      } else {
        // Without sectionId: the default section, or the root of a site without sections.
        sectionId = request.view.defaultSectionId;
      }
      return linkSpace(store, site.id, sectionId, space);
    });
    return c.json(siteSpaceJson(store, refreshView(store, request), row), 201);
  });

  app.patch(`${base}/:siteSpaceId`, async (c) => {
    const request = requireSite(store, c, "create");
    const body = await readBody(c, patchBody);
    const row = store.transaction(() => {
      const current = requireSiteSpace(store, request.site, param(c, "siteSpaceId"));
      if (body.path !== undefined) requirePathFree(store, current, body.path);
      if (body.spaceId !== undefined)
        requireLiveSpace(store, request.organizationId, body.spaceId, "spaceId");
      return updateSiteSpace(store, current, body);
    });
    return c.json(siteSpaceJson(store, refreshView(store, request), row));
  });

  app.delete(`${base}/:siteSpaceId`, (c) => {
    const request = requireSite(store, c, "create");
    const row = findSiteSpace(store, request.site.id, param(c, "siteSpaceId"));
    if (row !== undefined) deleteSiteSpace(store, row.id);
    return c.body(null, 204);
  });

  app.post(`${base}/:siteSpaceId/move`, async (c) => {
    const request = requireSite(store, c, "create");
    const { position } = await readBody(c, moveBody);
    const row = store.transaction(() => {
      const moved = requireSiteSpace(store, request.site, param(c, "siteSpaceId"));
      // A site space moves among the site spaces of its own container only.
      const order = containerSiteSpaces(store, moved.siteId, moved.sectionId)
        .map((r) => r.id)
        .filter((id) => id !== moved.id);
      const at = insertionIndex(
        order,
        moved.id,
        { before: position.before?.siteSpace, after: position.after?.siteSpace },
        { before: "position.before.siteSpace", after: "position.after.siteSpace" },
        `the site spaces ${where(moved.sectionId)}`,
      );
      order.splice(at, 0, moved.id);
      writeSiteSpaceOrder(store, order);
      return findSiteSpace(store, moved.siteId, moved.id)!;
    });
    return c.json(siteSpaceJson(store, refreshView(store, request), row));
  });
}
