import type { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../auth";
import { badRequest, conflict, HttpError, notFound } from "../errors";
import type { Family } from "../families";
import { envelope, readPage } from "../pagination";
import type { Store } from "../store";
import {
  activeShareLinkByKey,
  containerSiteSpaces,
  deleteSite,
  findSection,
  findSite,
  findSiteSpace,
  insertSite,
  listSites,
  orderedSections,
  orgFacts,
  sectionJson,
  siteJson,
  siteSpaceJson,
  sitesSchema,
  siteView,
  spacePublishedUrl,
  updateSection,
  updateSite,
  type SitePatch,
  type SiteRow,
} from "../store/sites";
import { registerPublishedUrlResolver } from "../store/spaces";
import { readBody, readQuery } from "../validation";
import { mountSectionGroups } from "./section-groups";
import { mountShareLinks } from "./share-links";
import {
  badReference,
  linkSpace,
  originOf,
  param,
  readShareKey,
  requireLiveSpace,
  requireOrg,
  requireSite,
} from "./site-context";
import { mountSiteSections } from "./site-sections";
import { mountSiteSpaces } from "./site-spaces";

export const SITE_TYPES = [
  "basic",
  "premium",
  "ultimate",
  "sponsored",
  "legacy-basic",
  "legacy-premium",
] as const;
const siteType = z.enum(SITE_TYPES);
const visibility = z.enum(["public", "unlisted", "share-link", "visitor-auth"]);
const siteTitle = z.string().min(2).max(128);
/** §4.10: a host plus a path, such as `example.com/docs`. */
const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
/** The free plan, on which only `basic` sites can be created (GAPS.md). */
const FREE_PLAN = "free_2024";

const listQuery = z.looseObject({
  space: z.string().optional(),
  title: z.string().optional(),
  published: z.enum(["true", "false"]).optional(),
  type: siteType.optional(),
});

const createBody = z.object({
  type: siteType.optional(),
  title: siteTitle.optional(),
  visibility: visibility.optional(),
  spaces: z.array(z.string()).optional(),
});

const patchBody = z.object({
  title: siteTitle.optional(),
  visibility: visibility.optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  agentsContext: z.enum(["excluded", "included"]).optional(),
  defaultSiteSpace: z.string().optional(),
  defaultSiteSection: z.string().optional(),
  proxy: z.string().max(512).regex(PROXY_PATTERN).nullable().optional(),
  // Read only so that a caller who sends it hears why it is refused instead of seeing it ignored.
  published: z.unknown().optional(),
});

/** Visitor attribute names become `visitor.claims.<name>`, so they must be identifiers. */
const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const booleanClaim = z.strictObject({
  type: z.literal("boolean"),
  description: z.string().max(1024).optional(),
});
function claimNames(properties: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(properties))
    if (!CLAIM_NAME.test(name))
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `must be named by an identifier matching ${CLAIM_NAME.source}`,
      });
}
const unsignedClaims = z.strictObject({
  type: z.literal("object"),
  description: z.string().max(1024).optional(),
  properties: z.record(z.string(), booleanClaim).superRefine(claimNames),
  additionalProperties: z.boolean(),
});
/**
 * The adaptive schema this emulator accepts (§2.4): a draft-07 object schema whose properties
 * are boolean visitor claims, plus an optional `unsigned` object of boolean claims; every other
 * keyword or claim type is refused with 400.
 */
const adaptiveSchema = z.strictObject({
  $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
  type: z.literal("object"),
  properties: z
    .object({ unsigned: unsignedClaims.optional() })
    .catchall(booleanClaim)
    .superRefine(claimNames),
  additionalProperties: z.literal(false),
});
interface BooleanClaim {
  type: "boolean";
  description?: string;
}
interface UnsignedClaims {
  type: "object";
  description?: string;
  properties: Record<string, BooleanClaim>;
  additionalProperties: boolean;
}
/** The accepted document, typed by hand: zod cannot type `unsigned` beside a catch-all. */
interface AdaptiveSchema {
  $schema?: string;
  type: "object";
  properties: {
    unsigned?: UnsignedClaims;
    [claim: string]: BooleanClaim | UnsignedClaims | undefined;
  };
  additionalProperties: false;
}
const adaptiveBody = z.object({ jsonSchema: adaptiveSchema });

/** What GET answers for a site whose schema was never written: no claims at all. */
const EMPTY_ADAPTIVE_SCHEMA: AdaptiveSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: {},
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

function storedSchema(site: SiteRow): AdaptiveSchema {
  return site.adaptiveSchema === null
    ? EMPTY_ADAPTIVE_SCHEMA
    : (JSON.parse(site.adaptiveSchema) as AdaptiveSchema);
}

function adaptiveSchemaJson(site: SiteRow) {
  return {
    object: "site-adaptive-schema",
    jsonSchema: storedSchema(site),
    updatedAt: site.adaptiveSchemaUpdatedAt ?? site.createdAt,
  };
}

/** One suggested condition per boolean claim: `visitor.claims.<name> === true`. */
export function templateConditions(schema: AdaptiveSchema) {
  const items: { description: string; condition: string }[] = [];
  for (const [name, claim] of Object.entries(schema.properties)) {
    if (name === "unsigned" || claim?.type !== "boolean") continue;
    items.push({
      description: claim.description ?? `Visitors whose ${name} claim is true`,
      condition: `visitor.claims.${name} === true`,
    });
  }
  for (const [name, claim] of Object.entries(schema.properties.unsigned?.properties ?? {}))
    items.push({
      description: claim.description ?? `Visitors whose unsigned ${name} claim is true`,
      condition: `visitor.claims.unsigned.${name} === true`,
    });
  return items;
}

function mountSiteRoutes(app: Hono<EmulatorEnv>, store: Store): void {
  const base = "/orgs/:organizationId/sites";

  app.get(base, (c) => {
    const { organizationId, role } = requireOrg(store, c, "read");
    const page = readPage(c);
    const query = readQuery(c, listQuery);
    const { rows, count } = listSites(
      store,
      organizationId,
      {
        space: query.space,
        title: query.title,
        published: query.published === undefined ? undefined : query.published === "true",
        type: query.type,
      },
      page,
    );
    const origin = originOf(c);
    const items = rows.map((site) => siteJson(store, siteView(store, site, origin, role)));
    return c.json(envelope(page, items, count));
  });

  app.post(base, async (c) => {
    const { organizationId, role } = requireOrg(store, c, "admin");
    const body = await readBody(c, createBody);
    const type = body.type ?? "basic";
    const plan = orgFacts(store, organizationId).plan;
    if (type !== "basic" && plan === FREE_PLAN)
      throw new HttpError(
        403,
        `type ${type} cannot be created on the free plan ${FREE_PLAN}; only basic can`,
      );
    const site = store.transaction(() => {
      const created = insertSite(store, organizationId, {
        type,
        title: body.title ?? "Untitled site",
        visibility: body.visibility ?? "public",
      });
      (body.spaces ?? []).forEach((spaceId, i) =>
        linkSpace(
          store,
          created.id,
          null,
          requireLiveSpace(store, organizationId, spaceId, `spaces[${i}]`),
        ),
      );
      return created;
    });
    return c.json(siteJson(store, siteView(store, site, originOf(c), role)), 201);
  });

  app.get(`${base}/:siteId`, (c) => {
    const request = requireSite(store, c, "read", readShareKey(c));
    return c.json(siteJson(store, request.view));
  });

  app.patch(`${base}/:siteId`, async (c) => {
    const request = requireSite(store, c, "admin", readShareKey(c));
    const body = await readBody(c, patchBody);
    if (body.published !== undefined)
      throw badRequest(
        "published cannot be set through PATCH; use POST .../publish or .../unpublish",
      );
    const site = store.transaction(() => applySitePatch(store, request.site, body));
    return c.json(siteJson(store, siteView(store, site, request.origin, request.role)));
  });

  app.delete(`${base}/:siteId`, (c) => {
    const { organizationId } = requireOrg(store, c, "admin");
    const site = findSite(store, organizationId, param(c, "siteId"));
    if (site !== undefined) deleteSite(store, site.id);
    return c.body(null, 204);
  });

  for (const [action, published] of [
    ["publish", true],
    ["unpublish", false],
  ] as const)
    app.post(`${base}/:siteId/${action}`, (c) => {
      const request = requireSite(store, c, "admin");
      const site = updateSite(store, request.site, { published });
      return c.json(siteJson(store, siteView(store, site, request.origin, request.role)));
    });

  app.get(`${base}/:siteId/adaptive-schema`, (c) => {
    const { site } = requireSite(store, c, "read");
    return c.json(adaptiveSchemaJson(site));
  });

  app.put(`${base}/:siteId/adaptive-schema`, async (c) => {
    const request = requireSite(store, c, "admin");
    const jsonSchema: AdaptiveSchema = (await readBody(c, adaptiveBody)).jsonSchema;
    const site = updateSite(store, request.site, {
      adaptiveSchema: JSON.stringify(jsonSchema),
      adaptiveSchemaUpdatedAt: store.now(),
    });
    return c.json(adaptiveSchemaJson(site));
  });

  app.get(`${base}/:siteId/adaptive-schema/template-conditions`, (c) => {
    const { site } = requireSite(store, c, "read");
    return c.json({ items: templateConditions(storedSchema(site)) });
  });

  app.get(`${base}/:siteId/published`, (c) => {
    const shareKey = readShareKey(c);
    const { site, view } = requireSite(store, c, "read", shareKey);
    if (!site.published) throw notFound(`published site ${site.id}`);
    if (
      site.visibility === "share-link" &&
      (shareKey === undefined || activeShareLinkByKey(store, site.id, shareKey) === undefined)
    )
      throw notFound(`published site ${site.id} (a share-link site needs an active shareKey)`);
    const sections = orderedSections(store, site.id);
    const structure =
      sections.length > 0
        ? { type: "sections", structure: sections.map((s) => sectionJson(store, view, s)) }
        : {
            // A site without sections publishes its root site spaces (the hosted service's
            // `siteSpaces` structure), so they are not hidden behind an empty section list.
            type: "siteSpaces",
            structure: containerSiteSpaces(store, site.id, null).map((row) =>
              siteSpaceJson(store, view, row),
            ),
          };
    return c.json({ object: "published-content-site", site: siteJson(store, view), structure });
  });
}

function applySitePatch(store: Store, site: SiteRow, body: z.output<typeof patchBody>): SiteRow {
  const patch: SitePatch = {
    title: body.title,
    visibility: body.visibility,
    basename: body.basename,
    proxy: body.proxy,
    adaptiveContent: body.adaptiveContent?.enabled,
    agentsContext: body.agentsContext,
  };
  if (body.basename !== undefined) {
    // Published URLs are `<org host>/<basename>`: two sites with one basename would collide.
    const other = store
      .statement("SELECT id FROM sites WHERE organization_id = ? AND basename = ? AND id <> ?")
      .get(site.organizationId, body.basename, site.id) as { id: string } | undefined;
    if (other !== undefined)
      throw conflict(`basename ${body.basename} is already used by site ${other.id}`);
  }
  if (body.defaultSiteSection !== undefined) {
    if (findSection(store, site.id, body.defaultSiteSection) === undefined)
      throw badReference(
        "defaultSiteSection",
        `${body.defaultSiteSection} is not a section of this site`,
      );
    patch.defaultSectionId = body.defaultSiteSection;
  }
  if (body.defaultSiteSpace !== undefined) {
    const row = findSiteSpace(store, site.id, body.defaultSiteSpace);
    if (row === undefined)
      throw badReference(
        "defaultSiteSpace",
        `${body.defaultSiteSpace} is not a site space of this site`,
      );
    if (row.sectionId === null) patch.defaultSiteSpaceId = row.id;
    else {
      if (body.defaultSiteSection !== undefined && body.defaultSiteSection !== row.sectionId)
        throw badRequest(
          `defaultSiteSpace ${row.id} is in section ${row.sectionId}, not in defaultSiteSection ${body.defaultSiteSection}`,
        );
      // The site's default space is its default section's default: choosing a space in a
      // section makes that section the default too.
      updateSection(store, findSection(store, site.id, row.sectionId)!, {
        defaultSiteSpaceId: row.id,
      });
      patch.defaultSectionId = row.sectionId;
    }
  }
  return updateSite(store, site, patch);
}

function mountSites(app: Hono<EmulatorEnv>, store: Store): void {
  registerPublishedUrlResolver(spacePublishedUrl);
  mountSiteRoutes(app, store);
  mountSiteSections(app, store);
  mountSiteSpaces(app, store);
  mountSectionGroups(app, store);
  mountShareLinks(app, store);
}

/** The docs-sites family: §4.10, §4.11 and the sections of GAPS.md. */
export const sitesFamily: Family = { name: "sites", schema: sitesSchema, mount: mountSites };
