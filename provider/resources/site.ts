import { z } from "zod";
import { publicUrls } from "../api/common";
import * as api from "../api/sites";
import { listSections } from "../api/site-sections";
import { getDefaultSiteSpace } from "../api/site-spaces";
import { defineResource, Id, reported, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import type { Target } from "../api/permissions";
import {
  applyPermissions,
  currentGrants,
  Grants,
  Permissions,
  permissionsOutput,
} from "./permission-list";

const target = (id: string, organizationId: string): Target => ({
  kind: "site",
  id,
  organizationId,
});

export const site = defineResource({
  kind: "site",
  type: "Site",
  inputs: resourceInputs({
    title: api.SiteTitle,
    type: api.SiteType.optional(),
    visibility: api.SiteVisibility.optional(),
    basename: api.SiteBasename.optional(),
    published: z.boolean().optional(),
    adaptiveContent: api.AdaptiveContent.optional(),
    agentsContext: api.AgentsContext.optional(),
    proxy: api.SiteProxy.nullable().optional(),
    defaultSiteSpace: Id.optional(),
    defaultSiteSection: Id.optional(),
    permissions: Permissions.optional(),
  }),
  // A site cannot be transferred, and its type is its plan: neither changes in place.
  replaceOnChange: ["organizationId", "type"],
  // The site object carries neither default: `read` adds them when the program declares them.
  response: api.Site.extend({
    defaultSiteSpace: z.string().nullish(),
    defaultSiteSection: z.string().nullish(),
    grants: Grants.optional(),
  }),
  createBody: api.SiteCreate,
  patchBody: api.SitePatch,
  outputs: {
    /** `null` when the service does not report it (the hosted one does not) and it is not set. */
    agentsContext: (site, known) => reported(site.agentsContext, known.agentsContext),
    // The API answers `{ origin, target }`; the argument is the origin's host and path.
    proxy: (site) => site.proxy?.origin?.replace(/^https?:\/\//, "") ?? null,
    /** Read back only when declared: the site object does not carry it. */
    defaultSiteSpace: (site, known) => reported(site.defaultSiteSpace, known.defaultSiteSpace),
    /** Read back only when declared: the site object does not carry it. */
    defaultSiteSection: (site, known) =>
      reported(site.defaultSiteSection, known.defaultSiteSection),
    /**
     * Deprecated: kept as the state holds it (`null` for a site made since CustomHostname), never
     * read again. A CustomHostname attaches after the site is written, so a value read here would
     * go stale at every clean `up` (DESIGN.md: an output other resources change is not kept). The
     * hostname is the CustomHostname's `hostname`, or `getCustomHostname`'s.
     */
    hostname: (_site, known) => (known.hostname as string | null | undefined) ?? null,
    createdAt: (site) => site.createdAt,
    /** `location`, `app`, and `published` once published; never with a share key. */
    urls: (site) => publicUrls(site.urls, ["location", "app", "published"]),
    /**
     * The grants as declared (sorted by principal), and every other grant on the site; `null`
     * when `permissions` is not declared (then not managed, and not read).
     */
    permissions: (site, known) => permissionsOutput(site.grants, known.permissions),
  },
  // A basename is unique in its organization: a replacement keeping it must delete the old site
  // first, or the new one's PATCH would answer 409.
  deleteBeforeReplace: (olds, news) =>
    news.basename !== undefined &&
    news.basename === olds.basename &&
    news.organizationId === olds.organizationId,
  create: ({ client }, inputs, body) => api.createSite(client, inputs.organizationId, body),
  async read({ client }, id, olds, declares) {
    const org = olds.organizationId;
    // Each default costs a request of its own, so it is read only when it is managed.
    const [site, defaultSiteSpace, sections, grants] = await Promise.all([
      api.getSite(client, org, id),
      declares("defaultSiteSpace") ? getDefaultSiteSpace(client, org, id) : undefined,
      declares("defaultSiteSection") ? listSections(client, org, id) : undefined,
      declares("permissions") ? currentGrants(client, target(id, org)) : undefined,
    ]);
    return {
      ...site,
      ...(grants ? { grants } : {}),
      ...(declares("defaultSiteSpace") ? { defaultSiteSpace: defaultSiteSpace?.id ?? null } : {}),
      ...(sections ? { defaultSiteSection: sections.find((s) => s.default)?.id ?? null } : {}),
    };
  },
  patch: ({ client }, id, olds, body) => api.updateSite(client, olds.organizationId, id, body),
  delete: ({ client }, id, olds) => api.deleteSite(client, olds.organizationId, id),
  naturalKey: {
    describe: "title in its organization",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listSites(client, inputs.organizationId)).filter((s) => s.title === inputs.title),
  },
  operations: [
    {
      input: "published",
      // After the PATCH: a site goes live with its declared basename and visibility.
      afterPatch: true,
      run: ({ client }, id, news) =>
        api.setSitePublished(client, news.organizationId, id, news.published === true),
    },
    {
      // Authoritative: one read of the grants now, then the fewest requests that leave exactly
      // the declared ones. The outputs then show the declared list.
      input: "permissions",
      afterPatch: true,
      async run(ctx, id, news, _olds, current) {
        await applyPermissions(ctx, target(id, news.organizationId), news.permissions ?? []);
        return current;
      },
    },
  ],
});

type Inputs = ArgsInputs<typeof site>;

/** The arguments of a {@link Site}. */
export interface SiteArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. Sites
   * cannot be transferred: a change replaces the site.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The title, 2 to 128 characters.
   * @example "Developer docs"
   */
  title: Input<Inputs["title"]>;
  /**
   * The site's plan type; the API creates `basic` when it is omitted, and only `basic` can be
   * created on the free plan. A change replaces the site.
   * @example "premium"
   */
  type?: Input<Inputs["type"]>;
  /**
   * Who can reach the published site: `public`, `unlisted`, `share-link` or `visitor-auth`.
   * @example "share-link"
   */
  visibility?: Input<Inputs["visibility"]>;
  /**
   * The path under the organization's host where the site is published, 1 to 100 characters.
   * @example "developers"
   */
  basename?: Input<Inputs["basename"]>;
  /**
   * Whether the site is published; applied through the publish and unpublish operations.
   * Omitted: left as it is (a new site starts unpublished).
   * @example true
   */
  published?: Input<Inputs["published"]>;
  /**
   * Adaptive content: pages that adapt to visitor claims.
   * @example { enabled: true }
   */
  adaptiveContent?: Input<Inputs["adaptiveContent"]>;
  /**
   * Whether AI agents may read the site: `included` or `excluded`. The hosted service does not
   * report it back: there the output holds the value last set, and drift is not detected.
   * @example "excluded"
   */
  agentsContext?: Input<Inputs["agentsContext"]>;
  /**
   * Serve the site from a host and path of your own through a proxy, at most 512 characters,
   * matching `^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$`; `null` removes the proxy.
   * @example "example.com/docs"
   */
  proxy?: Input<Inputs["proxy"]>;
  /**
   * The site space visitors land on. It must already exist, so it is usually set once the site
   * spaces are created (or on a section through its own `defaultSiteSpace`).
   * @example "sitesp_1a2b"
   */
  defaultSiteSpace?: Input<Inputs["defaultSiteSpace"]>;
  /**
   * The section visitors land on.
   * @example guides.id
   */
  defaultSiteSection?: Input<Inputs["defaultSiteSection"]>;
  /**
   * The site's grants, **authoritative**: each a team (`teamId`) or a user (`userId`, or the
   * `email` of a member of the organization) with its role (`admin`, `create`, `edit`, `review`,
   * `comment`, `read`). Any other grant, made by hand, is removed at the next `up` that sees it
   * (after `pulumi refresh`, or `up --refresh`), and the preview lists `permissions`. An e-mail no
   * member has fails with an error naming it, before anything is written. Omitted: the grants are
   * not managed (use {@link SitePermission} then; never both on one site, refused at preview).
   * @example [{ teamId: writers.id, role: "edit" }, { email: "ada@example.com", role: "admin" }]
   */
  permissions?: Input<Inputs["permissions"]>;
  /**
   * The id of an existing site to take over instead of creating one. Later changes to it are no
   * change.
   * @example "site_7c2d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
