import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Urls } from "../api/common";
import {
  AdaptiveContent,
  AgentsContext,
  createSite,
  deleteSite,
  getDefaultSiteSpace,
  getSite,
  listSections,
  publicUrls,
  setSitePublished,
  Site as WireSite,
  SiteBasename,
  SiteProxy,
  SiteTitle,
  SiteType,
  SiteVisibility,
  updateSite,
  type SitePatch,
} from "../api/sites";
import { shim } from "../runtime/shim";
import {
  Id,
  lifecycle,
  patchBody,
  undoOnFailure,
  type CommonInputs,
  type ResourceDefinition,
} from "./lifecycle";

interface Inputs extends CommonInputs {
  organizationId: string;
  title: string;
  type?: SiteType;
  visibility?: SiteVisibility;
  basename?: string;
  published?: boolean;
  adaptiveContent?: AdaptiveContent;
  agentsContext?: AgentsContext;
  proxy?: string | null;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  title: string;
  type: string;
  visibility: SiteVisibility;
  basename: string | null;
  published: boolean;
  adaptiveContent: AdaptiveContent | null;
  agentsContext: AgentsContext;
  proxy: string | null;
  defaultSiteSpace: string | null;
  defaultSiteSection: string | null;
  hostname: string | null;
  siteSpaces: number;
  createdAt: string;
  urls: Urls;
}

/** The site object carries neither default; they are filled in from what was read or sent. */
type Defaults = Pick<Outputs, "defaultSiteSpace" | "defaultSiteSection">;

function outputs(organizationId: string, wire: WireSite, defaults: Defaults): Outputs {
  return {
    organizationId,
    title: wire.title,
    type: wire.type,
    visibility: wire.visibility,
    basename: wire.basename ?? null,
    published: wire.published,
    adaptiveContent: wire.adaptiveContent ? { enabled: wire.adaptiveContent.enabled } : null,
    agentsContext: wire.agentsContext,
    // The API answers `{ origin, target }`; the argument is the origin's host and path.
    proxy: wire.proxy?.origin?.replace(/^https?:\/\//, "") ?? null,
    ...defaults,
    hostname: wire.hostname ?? null,
    siteSpaces: wire.siteSpaces,
    createdAt: wire.createdAt,
    urls: publicUrls(wire.urls),
  };
}

/** What a site's PATCH can set. */
const PATCHABLE = [
  "title",
  "visibility",
  "basename",
  "adaptiveContent",
  "agentsContext",
  "proxy",
  "defaultSiteSpace",
  "defaultSiteSection",
] as const;

function patchOf(inputs: Inputs, only: readonly string[]): SitePatch {
  return patchBody(inputs, PATCHABLE, only);
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "site",
  inputs: z.object({
    organizationId: Id.optional(),
    title: SiteTitle,
    type: SiteType.optional(),
    visibility: SiteVisibility.optional(),
    basename: SiteBasename.optional(),
    published: z.boolean().optional(),
    adaptiveContent: AdaptiveContent.optional(),
    agentsContext: AgentsContext.optional(),
    proxy: SiteProxy.nullable().optional(),
    defaultSiteSpace: Id.optional(),
    defaultSiteSection: Id.optional(),
    adoptId: Id.optional(),
  }),
  // A site cannot be transferred, and its type is its plan: neither changes in place.
  replaceOnChange: ["organizationId", "type"],
  // A basename is unique in its organization: a replacement keeping it must delete the old site
  // first, or the new one's PATCH would answer 409.
  deleteBeforeReplace: (olds, news) =>
    news.basename !== undefined &&
    news.basename === olds.basename &&
    news.organizationId === olds.organizationId,

  async create({ client }, inputs) {
    const org = inputs.organizationId;
    const created = await createSite(client, org, {
      title: inputs.title,
      ...(inputs.type ? { type: inputs.type } : {}),
      ...(inputs.visibility ? { visibility: inputs.visibility } : {}),
    });
    const defaults: Defaults = {
      defaultSiteSpace: inputs.defaultSiteSpace ?? null,
      defaultSiteSection: inputs.defaultSiteSection ?? null,
    };
    // A proxy declared as null at creation has nothing to remove.
    const patch = patchOf(
      inputs,
      [
        "basename",
        "adaptiveContent",
        "agentsContext",
        "defaultSiteSpace",
        "defaultSiteSection",
      ].concat(inputs.proxy === null ? [] : ["proxy"]),
    );
    if (Object.keys(patch).length === 0 && inputs.published !== true) {
      return { id: created.id, outs: outputs(org, created, defaults) };
    }
    const site = await undoOnFailure(
      () => deleteSite(client, org, created.id),
      async () => {
        let current = created;
        if (Object.keys(patch).length > 0)
          current = await updateSite(client, org, created.id, patch);
        if (inputs.published === true)
          current = await setSitePublished(client, org, created.id, true);
        return current;
      },
    );
    return { id: created.id, outs: outputs(org, site, defaults) };
  },

  async read({ client }, id, props) {
    const org = props.organizationId;
    const site = await getSite(client, org, id);
    // The site object does not report its defaults: they cost a request each, so they are read
    // only when they are managed.
    const defaults: Defaults = { defaultSiteSpace: null, defaultSiteSection: null };
    if (typeof props.defaultSiteSpace === "string") {
      defaults.defaultSiteSpace = (await getDefaultSiteSpace(client, org, id))?.id ?? null;
    }
    if (typeof props.defaultSiteSection === "string") {
      const sections = await listSections(client, org, id);
      defaults.defaultSiteSection = sections.find((s) => s.default === true)?.id ?? null;
    }
    return outputs(org, site, defaults);
  },

  async update({ client }, id, olds, news, changed) {
    const org = news.organizationId;
    let current: WireSite | undefined;
    const patch = patchOf(news, changed);
    if (Object.keys(patch).length > 0) current = await updateSite(client, org, id, patch);
    if (changed.includes("published") && news.published !== undefined) {
      current = await setSitePublished(client, org, id, news.published);
    }
    const defaults: Defaults = {
      defaultSiteSpace: patch.defaultSiteSpace ?? olds.defaultSiteSpace,
      defaultSiteSection: patch.defaultSiteSection ?? olds.defaultSiteSection,
    };
    return current ? outputs(org, current, defaults) : { ...olds, ...defaults };
  },

  async delete({ client }, id, props) {
    await deleteSite(client, props.organizationId, id);
  },
};

/** What the runtime runs for `site` resources. */
export const siteHandlers = lifecycle(definition);

/** The arguments of a {@link Site}. */
export interface SiteArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`. Sites
   * cannot be transferred: a change replaces the site.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The title, 2 to 128 characters.
   * @example "Developer docs"
   */
  title: pulumi.Input<string>;
  /**
   * The site's plan type; the API creates `basic` when it is omitted, and only `basic` can be
   * created on the free plan. A change replaces the site.
   * @example "premium"
   */
  type?: pulumi.Input<SiteType>;
  /**
   * Who can reach the published site: `public`, `unlisted`, `share-link` or `visitor-auth`.
   * @example "share-link"
   */
  visibility?: pulumi.Input<SiteVisibility>;
  /**
   * The path under the organization's host where the site is published, 1 to 100 characters.
   * @example "developers"
   */
  basename?: pulumi.Input<string>;
  /**
   * Whether the site is published; applied through the publish and unpublish operations.
   * Omitted: left as it is (a new site starts unpublished).
   * @example true
   */
  published?: pulumi.Input<boolean>;
  /**
   * Adaptive content: pages that adapt to visitor claims.
   * @example { enabled: true }
   */
  adaptiveContent?: pulumi.Input<{ enabled: pulumi.Input<boolean> }>;
  /**
   * Whether AI agents may read the site: `included` or `excluded`.
   * @example "excluded"
   */
  agentsContext?: pulumi.Input<AgentsContext>;
  /**
   * Serve the site from a host and path of your own through a proxy, at most 512 characters,
   * matching `^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$`; `null` removes the proxy.
   * @example "example.com/docs"
   */
  proxy?: pulumi.Input<string | null>;
  /**
   * The site space visitors land on. It must already exist, so it is usually set once the site
   * spaces are created (or on a section through its own `defaultSiteSpace`).
   * @example "sitesp_1a2b"
   */
  defaultSiteSpace?: pulumi.Input<string>;
  /**
   * The section visitors land on.
   * @example guides.id
   */
  defaultSiteSection?: pulumi.Input<string>;
  /**
   * The id of an existing site to take over instead of creating one. Later changes to it are no
   * change.
   * @example "site_7c2d"
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A docs site: publishes spaces, through sections and site spaces, to an audience.
 *
 * @example
 * ```ts
 * const docs = new Site("docs", { title: "Developer docs", visibility: "public", published: true });
 * ```
 */
export class Site extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly title: pulumi.Output<string>;
  declare public readonly type: pulumi.Output<string>;
  declare public readonly visibility: pulumi.Output<SiteVisibility>;
  declare public readonly basename: pulumi.Output<string | null>;
  declare public readonly published: pulumi.Output<boolean>;
  declare public readonly adaptiveContent: pulumi.Output<AdaptiveContent | null>;
  declare public readonly agentsContext: pulumi.Output<AgentsContext>;
  declare public readonly proxy: pulumi.Output<string | null>;
  /** Read back only when declared: the site object does not carry it. */
  declare public readonly defaultSiteSpace: pulumi.Output<string | null>;
  /** Read back only when declared: the site object does not carry it. */
  declare public readonly defaultSiteSection: pulumi.Output<string | null>;
  /** The custom hostname, read only. */
  declare public readonly hostname: pulumi.Output<string | null>;
  /** How many site spaces the site has. */
  declare public readonly siteSpaces: pulumi.Output<number>;
  declare public readonly createdAt: pulumi.Output<string>;
  /** `location`, `app`, and `published` once published; never with a share key. */
  declare public readonly urls: pulumi.Output<Urls>;

  constructor(name: string, args: SiteArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("site"),
      name,
      {
        organizationId: undefined,
        type: undefined,
        visibility: undefined,
        basename: undefined,
        published: undefined,
        adaptiveContent: undefined,
        agentsContext: undefined,
        proxy: undefined,
        defaultSiteSpace: undefined,
        defaultSiteSection: undefined,
        ...args,
        hostname: undefined,
        siteSpaces: undefined,
        createdAt: undefined,
        urls: undefined,
      },
      opts,
      "docs-workspace",
      "Site",
    );
  }
}
