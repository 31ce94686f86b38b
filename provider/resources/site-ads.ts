import { z } from "zod";
import * as api from "../api/site-ads";
import type { Context } from "../context";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";

const Declared = z.object({ enabled: z.boolean(), topic: api.AdsTopic });

/** Sends what changed, then reads where the site stands. */
async function applied(
  { client }: Context,
  organizationId: string,
  siteId: string,
  change: { enabled?: boolean; topic?: api.SiteAdsUpdate["topic"] },
): Promise<api.SiteAds> {
  const body: api.SiteAdsUpdate = {
    ...(change.enabled !== undefined && { status: change.enabled ? "in-review" : "disabled" }),
    ...(change.topic !== undefined && { topic: change.topic }),
  };
  if (Object.keys(body).length > 0) await api.updateSiteAds(client, organizationId, siteId, body);
  return api.getSiteAds(client, organizationId, siteId);
}

/**
 * A site's place in the service's ads program is a property of the site: its id is the site's.
 * `enabled` submits the site for review (`in-review`, then `live` or `rejected`, as the service
 * decides) or takes it out; a review is never waited for, and a site in review or live is
 * `enabled`. A rejection reads as `enabled: false`, so the next `up` submits the site again.
 * Deleting the resource takes the site out of the program.
 */
export const siteAds = defineResource({
  kind: "site-ads",
  type: "SiteAds",
  importId: OF_SITE,
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, enabled: z.boolean(), topic: api.AdsTopic.optional() }),
  rules: ({ adoptId, siteId, enabled, topic }) => [
    ...adoptsItsSite("SiteAds", { adoptId, siteId }),
    ...(enabled && topic === undefined
      ? [
          {
            property: "topic",
            reason:
              'is required while enabled: the service reviews a site for one topic ("webdev", "crypto")',
          },
        ]
      : []),
  ],
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SiteAds,
  createBody: Declared.partial(),
  patchBody: Declared.partial(),
  outputs: {
    siteId: (_, known) => known.siteId,
    enabled: (ads) => api.IN_PROGRAM.includes(ads.status),
    /** The topic the service holds; a site it holds none for (pending, rejected) keeps the declared one. */
    topic: (ads, known) => ads.topic ?? known.topic ?? null,
  },
  create: (ctx, inputs, body) => applied(ctx, inputs.organizationId, inputs.siteId, body),
  idOf: (_, inputs) => inputs.siteId,
  read: ({ client }, id, olds) => api.getSiteAds(client, olds.organizationId, id),
  // A submission names its topic: an unchanged one is sent again with it.
  patch: (ctx, id, olds, body) =>
    applied(ctx, olds.organizationId, id, {
      ...body,
      topic: body.topic ?? (body.enabled ? (olds.topic as api.SiteAdsUpdate["topic"]) : undefined),
    }),
  delete: async (ctx, id, olds) => {
    const current = await api.getSiteAds(ctx.client, olds.organizationId, id);
    if (api.IN_PROGRAM.includes(current.status))
      await api.updateSiteAds(ctx.client, olds.organizationId, id, { status: "disabled" });
  },
});

type Inputs = ArgsInputs<typeof siteAds>;

/** The arguments of a {@link SiteAds}. */
export interface SiteAdsArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site that shows ads; it is also the resource's id. A change replaces the resource. The
   * site must be published before it is submitted.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * `true` submits the site for the service's review (it then shows ads once approved);
   * `false` takes it out of the program. A site in review or live reads as `true`; a rejected
   * one as `false`, so the next `up` submits it again.
   * @example true
   */
  enabled: Input<Inputs["enabled"]>;
  /**
   * What the site's content is about, which picks its ads: `webdev` or `crypto`. Required while
   * `enabled`. A change of a site in the program is a new review.
   * @example "webdev"
   */
  topic?: Input<Inputs["topic"]>;
  /**
   * The id of the site whose ads to take over (the same as `siteId`); every site has them, so
   * this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
