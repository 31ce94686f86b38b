import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Urls } from "../api/common";
import {
  Condition,
  createSiteSpace,
  deleteSiteSpace,
  getSiteSpace,
  publicUrls,
  SiteSpace as WireSiteSpace,
  SiteSpacePath,
  updateSiteSpace,
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
  siteId: string;
  sectionId?: string;
  spaceId: string;
  path?: string;
  condition?: string | null;
}

interface Outputs extends Record<string, unknown> {
  organizationId: string;
  siteId: string;
  sectionId: string | null;
  spaceId: string | null;
  path: string;
  condition: string | null;
  title: string;
  default: boolean;
  urls: Urls;
}

function outputs(organizationId: string, siteId: string, wire: WireSiteSpace): Outputs {
  return {
    organizationId,
    siteId,
    sectionId: wire.section ?? null,
    spaceId: wire.space?.id ?? null,
    path: wire.path,
    condition: wire.condition ?? null,
    title: wire.title,
    default: wire.default ?? false,
    urls: publicUrls(wire.urls),
  };
}

function patchOf(inputs: Inputs, only: readonly string[]) {
  return patchBody(inputs, ["spaceId", "path", "condition"], only);
}

const definition: ResourceDefinition<Inputs & Record<string, unknown>, Outputs> = {
  kind: "site-space",
  inputs: z.object({
    organizationId: Id.optional(),
    siteId: Id,
    sectionId: Id.optional(),
    spaceId: Id,
    path: SiteSpacePath.optional(),
    condition: Condition.nullable().optional(),
    adoptId: Id.optional(),
  }),
  // No operation moves a site space to another site or section (its move only reorders it).
  replaceOnChange: ["organizationId", "siteId", "sectionId"],
  // The path is unique in its section: a replacement keeping it must free it first.
  deleteBeforeReplace: (olds, news) => news.path !== undefined && news.path === olds.path,

  async create({ client }, inputs) {
    const { organizationId: org, siteId } = inputs;
    const created = await createSiteSpace(client, org, siteId, {
      spaceId: inputs.spaceId,
      ...(inputs.sectionId !== undefined ? { sectionId: inputs.sectionId } : {}),
    });
    // The create body takes no path or condition; a removal (null) has nothing to remove yet.
    const patch = patchOf(inputs, inputs.condition === null ? ["path"] : ["path", "condition"]);
    if (Object.keys(patch).length === 0) {
      return { id: created.id, outs: outputs(org, siteId, created) };
    }
    const patched = await undoOnFailure(
      () => deleteSiteSpace(client, org, siteId, created.id),
      () => updateSiteSpace(client, org, siteId, created.id, patch),
    );
    return { id: created.id, outs: outputs(org, siteId, patched) };
  },

  async read({ client }, id, props) {
    const { organizationId: org, siteId } = props;
    return outputs(org, siteId, await getSiteSpace(client, org, siteId, id));
  },

  async update({ client }, id, olds, news, changed) {
    const patch = patchOf(news, changed);
    if (Object.keys(patch).length === 0) return olds;
    const { organizationId: org, siteId } = olds;
    return outputs(org, siteId, await updateSiteSpace(client, org, siteId, id, patch));
  },

  async delete({ client }, id, props) {
    await deleteSiteSpace(client, props.organizationId, props.siteId, id);
  },
};

/** What the runtime runs for `site-space` resources. */
export const siteSpaceHandlers = lifecycle(definition);

/** The arguments of a {@link SiteSpace}. */
export interface SiteSpaceArgs {
  /**
   * The organization that owns the site; defaults to `docs-workspace:organizationId`. A change
   * replaces the site space.
   * @example "org_engineering"
   */
  organizationId?: pulumi.Input<string>;
  /**
   * The site to publish the space on. A change replaces the site space.
   * @example docs.id
   */
  siteId: pulumi.Input<string>;
  /**
   * The section to put the space in; omitted, the API uses the site's default section, or the
   * site root when the site has no sections. A change replaces the site space.
   * @example guides.id
   */
  sectionId?: pulumi.Input<string>;
  /**
   * The space published. A change re-points the site space in place.
   * @example runbook.id
   */
  spaceId: pulumi.Input<string>;
  /**
   * The space's path on the site, 1 to 100 characters, unique in its section; the API derives
   * it from the space's title when omitted. A replacement that keeps it deletes the old site
   * space first.
   * @example "runbook"
   */
  path?: pulumi.Input<string>;
  /**
   * An expression deciding whether a visitor sees the space, 1 to 1024 characters; `null`
   * removes it.
   * @example "visitor.claims.unsigned.staff === true"
   */
  condition?: pulumi.Input<string | null>;
  /**
   * The id of an existing site space of `siteId` to take over instead of creating one.
   * @example guides.siteSpaces[0].id
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A space published on a docs site, at a path in one of its sections or at its root.
 *
 * @example
 * ```ts
 * const runbookOnDocs = new SiteSpace("runbook", { siteId: docs.id, spaceId: runbook.id, path: "runbook" });
 * ```
 */
export class SiteSpace extends pulumi.dynamic.Resource {
  declare public readonly organizationId: pulumi.Output<string>;
  declare public readonly siteId: pulumi.Output<string>;
  /** The containing section; `null` at the site root. */
  declare public readonly sectionId: pulumi.Output<string | null>;
  declare public readonly spaceId: pulumi.Output<string | null>;
  declare public readonly path: pulumi.Output<string>;
  declare public readonly condition: pulumi.Output<string | null>;
  /** The linked space's title. */
  declare public readonly title: pulumi.Output<string>;
  /** Whether this is the site's default site space. */
  declare public readonly default: pulumi.Output<boolean>;
  /** `published` once the site is published; never with a share key. */
  declare public readonly urls: pulumi.Output<Urls>;

  constructor(name: string, args: SiteSpaceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shim("site-space"),
      name,
      {
        organizationId: undefined,
        sectionId: undefined,
        path: undefined,
        condition: undefined,
        ...args,
        title: undefined,
        default: undefined,
        urls: undefined,
      },
      opts,
      "docs-workspace",
      "SiteSpace",
    );
  }
}
