import type { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { notFound } from "../errors";
import { pageOf, readPage } from "../pagination";
import type { Store } from "../store";
import {
  deleteShareLink,
  findShareLink,
  insertShareLink,
  listShareLinks,
  shareLinkJson,
  updateShareLink,
} from "../store/sites";
import { readBody } from "../validation";
import { param, refreshView, requireSite } from "./site-context";

const name = z.string().max(50);
const createBody = z.object({ name });
const patchBody = z.object({ name: name.optional(), active: z.boolean().optional() });

/** Share links (§4.11). Their published URL carries the secret key, whatever the visibility. */
export function mountShareLinks(app: Hono<EmulatorEnv>, store: Store): void {
  const base = "/orgs/:organizationId/sites/:siteId/share-links";

  // Share links hold secrets, so even reading them is the site admin's.
  app.get(base, (c) => {
    const request = requireSite(store, c, "admin");
    const page = pageOf(readPage(c), listShareLinks(store, request.site.id));
    return c.json({ ...page, items: page.items.map((l) => shareLinkJson(request.view, l)) });
  });

  app.post(base, async (c) => {
    const request = requireSite(store, c, "admin");
    const body = await readBody(c, createBody);
    const link = insertShareLink(store, request.site.id, body.name);
    return c.json(shareLinkJson(refreshView(store, request), link), 201);
  });

  app.patch(`${base}/:shareLinkId`, async (c) => {
    const request = requireSite(store, c, "admin");
    const body = await readBody(c, patchBody);
    const id = param(c, "shareLinkId");
    const current = findShareLink(store, request.site.id, id);
    if (current === undefined) throw notFound(`share link ${id}`);
    return c.json(shareLinkJson(request.view, updateShareLink(store, current, body)));
  });

  app.delete(`${base}/:shareLinkId`, (c) => {
    const request = requireSite(store, c, "admin");
    const link = findShareLink(store, request.site.id, param(c, "shareLinkId"));
    if (link !== undefined) deleteShareLink(store, link.id);
    return c.body(null, 204);
  });
}
