import { z } from "zod";
import { json } from "../http/route";
import { apiRoute } from "../context";
import { notFound } from "../errors";
import {
  SiteStructureItemJson,
  SiteStructureJson,
  StructurePointer,
} from "../render/site-structure";
import { findSiteSpace } from "../store/site-spaces";
import { levelOf, type StructureItem } from "../store/site-structure";
import { insertionIndex, refreshView, requireSite } from "../access/sites";
import { renderSiteSpaceFor, renderStructureItemFor, siteStructureFor } from "../views";
import { shareKeyQuery } from "../validation";

const sortBody = z.strictObject({
  item: StructurePointer,
  position: z.strictObject({
    before: StructurePointer.optional(),
    after: StructurePointer.optional(),
  }),
});

const key = (p: StructureItem | undefined) => p && `${p.type}:${p.id}`;

const base = "/orgs/{organizationId}/sites/{siteId}/structure";

/**
 * A site's navigation structure (docs/api-decisions.md, "Site external links"): the hosted
 * `getSiteStructure`, where external links are read, and `sortSiteStructure`, which orders any
 * item among its siblings (never between levels: a section or link changes level through its
 * own update). Reading needs membership; sorting is the `create` role's, as the structure is.
 */
export const siteStructureRoutes = [
  apiRoute({
    method: "get",
    path: base,
    operationId: "getSiteStructure",
    summary: "A site's whole navigation: sections, groups with their children, external links",
    query: shareKeyQuery,
    responses: { 200: { description: "The site's structure", schema: SiteStructureJson } },
    handler({ params, query }, ctx) {
      const { view } = requireSite(ctx, params, "member", query.shareKey);
      return json(200, siteStructureFor(ctx, view));
    },
  }),

  apiRoute({
    method: "patch",
    path: `${base}/sort`,
    operationId: "sortSiteStructure",
    summary: "Move a site space, section, group or external link among its siblings",
    body: sortBody,
    responses: { 200: { description: "The moved item", schema: SiteStructureItemJson } },
    handler({ params, body }, ctx) {
      const request = requireSite(ctx, params, "create");
      const { item, position } = body;
      ctx.store.transaction(() => {
        const level = levelOf(ctx.store, request.site.id, item);
        if (level === undefined) throw notFound(`${item.type} ${item.id}`);
        const movedKey = key(item)!;
        const rest = level.items.filter((p) => key(p) !== movedKey);
        // No neighbour named: the end of the level, as the hosted sort does.
        const at =
          position.before === undefined && position.after === undefined
            ? rest.length
            : insertionIndex(
                rest.map((p) => key(p)!),
                movedKey,
                { before: key(position.before), after: key(position.after) },
                { before: "position.before", after: "position.after" },
                `the siblings in ${level.where}`,
              );
        rest.splice(at, 0, item);
        level.write(rest);
      });
      const view = refreshView(ctx, request);
      if (item.type === "site-space") {
        const row = findSiteSpace(ctx.store, request.site.id, item.id)!;
        return json(200, renderSiteSpaceFor(ctx, view, row));
      }
      return json(200, renderStructureItemFor(ctx, view, { type: item.type, id: item.id }));
    },
  }),
];
