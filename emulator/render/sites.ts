import { z } from "zod";
import type { SiteAdsRow } from "../store/site-ads";
import { renderSiteAds, SiteAdsJson } from "./site-ads";
import { hasRole } from "../auth";
import type { SiteRow } from "../store/sites";
import { defaultLevel, named, present, timestamp, url } from "./common";

export const SITE_TYPES = [
  "basic",
  "premium",
  "ultimate",
  "sponsored",
  "legacy-basic",
  "legacy-premium",
] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/**
 * The premium features the emulator can tell a site uses, and the plan each belongs to. A site
 * whose type is below that plan keeps the feature but frozen, as the hosted service does for a
 * downgraded site. docs/api-decisions.md, "Site features".
 */
const FEATURE_PLANS = {
  "sites-sections": "premium",
  "sites-share-links": "ultimate",
  "sites-visitor-authentication": "ultimate",
  "sites-adaptive-content": "ultimate",
  "sites-custom-subdirectory": "ultimate",
} as const satisfies Record<string, SiteType>;
type FeatureId = keyof typeof FEATURE_PLANS;

const PLAN_RANK: Record<SiteType, number> = {
  basic: 0,
  "legacy-basic": 0,
  premium: 1,
  "legacy-premium": 1,
  sponsored: 1,
  ultimate: 2,
};

export const SiteJson = named(
  "Site",
  z.strictObject({
    object: z.literal("site"),
    id: z.string(),
    type: z.enum(SITE_TYPES),
    appliedType: z.enum(SITE_TYPES),
    title: z.string().min(2).max(128),
    hostname: z.string().optional(),
    basename: z.string().min(1).max(100).optional(),
    proxy: z
      .strictObject({
        origin: z
          .string()
          .max(512)
          .regex(/^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/),
        target: z.string(),
      })
      .optional(),
    visibility: z.enum(["public", "unlisted", "share-link", "visitor-auth"]),
    defaultLevel,
    permissions: z.strictObject({
      view: z.boolean(),
      access: z.boolean(),
      edit: z.boolean(),
      create: z.boolean(),
      admin: z.boolean(),
      installIntegration: z.boolean(),
      viewAdaptiveSchema: z.boolean(),
      editAdaptiveSchema: z.boolean(),
    }),
    published: z.boolean(),
    siteSpaces: z.number().int().min(0),
    createdAt: timestamp,
    adaptiveContent: z.strictObject({ enabled: z.boolean() }),
    agentsContext: z.enum(["excluded", "included"]),
    ads: SiteAdsJson,
    features: z.array(
      z.strictObject({
        id: z.enum(Object.keys(FEATURE_PLANS) as [FeatureId, ...FeatureId[]]),
        plan: z.enum(SITE_TYPES),
        frozen: z.boolean(),
      }),
    ),
    urls: z.strictObject({ location: url, app: url, published: url.optional(), preview: url }),
  }),
);
export type SiteJson = z.input<typeof SiteJson>;

/**
 * What every object of one site needs to render itself, worked out once per request by
 * `siteView` (store/sites.ts): where the site is published, which share key its published URLs
 * carry, which section and site space are the defaults.
 */
export interface SiteView {
  site: SiteRow;
  origin: string;
  /** The caller's role in the site's organization (`null`: guest). */
  role: string | null;
  /** The emulator's own published address of the site, before any proxy. */
  hostedBase: string;
  /** The published URL of the site itself, without a share key: the proxy's, or the hosted one. */
  base: string;
  /** Carried by every published URL of a `share-link` site (`?share=<key>`). */
  shareKey: string | undefined;
  defaultSectionId: string | null;
  defaultSiteSpaceId: string | null;
  siteSpaceCount: number;
  sectionCount: number;
  /** Where the site stands in the ads program; `undefined` while nobody changed it (`pending`). */
  ads: SiteAdsRow | undefined;
  /** The custom hostname the site uses, whatever its status; `undefined` when none. */
  hostname: string | undefined;
}

/**
 * `https://<org hostname, or the org id>.docs.emulator.local/<basename or site id>`. Host names
 * are case-insensitive and URL parsers lower-case them, so they are written that way.
 */
export function hostedBase(site: SiteRow, organizationHostname: string | null): string {
  const host = (organizationHostname ?? site.organizationId).toLowerCase();
  return `https://${host}.docs.emulator.local/${site.basename ?? site.id}`;
}

/** Where the site's published content is, below `segments`; undefined while unpublished. */
export function publishedUrl(view: SiteView, segments: readonly string[]): string | undefined {
  if (!view.site.published) return undefined;
  const path = segments.map((s) => `/${encodeURIComponent(s)}`).join("");
  return `${view.base}${path}${view.shareKey !== undefined ? `?share=${view.shareKey}` : ""}`;
}

export function siteAppUrl(origin: string, site: SiteRow): string {
  return `${origin}/app/o/${site.organizationId}/sites/${site.id}`;
}

/** The emulator's preview of a site: its structure as readers will see it, published or not. */
export function sitePreviewUrl(origin: string, site: SiteRow): string {
  return `${siteAppUrl(origin, site)}/preview`;
}

function featuresOf(view: SiteView): SiteJson["features"] {
  const { site } = view;
  const used: FeatureId[] = [];
  if (view.sectionCount > 0) used.push("sites-sections");
  if (site.visibility === "share-link") used.push("sites-share-links");
  if (site.visibility === "visitor-auth") used.push("sites-visitor-authentication");
  if (site.adaptiveContent) used.push("sites-adaptive-content");
  if (site.proxy !== null) used.push("sites-custom-subdirectory");
  return used.map((id) => ({
    id,
    plan: FEATURE_PLANS[id],
    frozen: PLAN_RANK[site.type as SiteType] < PLAN_RANK[FEATURE_PLANS[id]],
  }));
}

/** The Site object of §2.4 and of the hosted service, with `permissions` for the caller. */
export function renderSite(view: SiteView): SiteJson {
  const { site, role } = view;
  const admin = hasRole(role, "admin");
  return {
    object: "site",
    id: site.id,
    type: site.type as SiteType,
    // The emulator never freezes a site, so the applied type is always the type.
    appliedType: site.type as SiteType,
    title: site.title,
    ...present("hostname", view.hostname),
    ...present("basename", site.basename),
    // The service's proxy origin is the host and path as set, without a scheme.
    ...(site.proxy !== null ? { proxy: { origin: site.proxy, target: view.hostedBase } } : {}),
    visibility: site.visibility,
    defaultLevel: "inherit",
    permissions: {
      view: true,
      access: true,
      edit: hasRole(role, "edit"),
      create: hasRole(role, "create"),
      admin,
      installIntegration: admin,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: admin,
    },
    published: site.published,
    siteSpaces: view.siteSpaceCount,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    ads: renderSiteAds(site, view.ads),
    features: featuresOf(view),
    urls: {
      location: `${view.origin}/v1/orgs/${site.organizationId}/sites/${site.id}`,
      app: siteAppUrl(view.origin, site),
      ...present("published", publishedUrl(view, [])),
      preview: sitePreviewUrl(view.origin, site),
    },
  };
}
