import { z } from "zod";
import { badRequest } from "../errors";
import { empty } from "../http/route";
import { apiRoute } from "../context";
import { reviewSiteAds } from "../jobs/site-ads";
import { adsSubmittable, AdsTopic } from "../render/site-ads";
import { disableSiteAds, findSiteAds, setSiteAdsTopic, submitSiteAds } from "../store/site-ads";
import { requireSite } from "../access/sites";

/** The hosted body: both fields optional; `in-review` submits the site, `disabled` withdraws it. */
const updateBody = z
  .strictObject({
    status: z.enum(["in-review", "disabled"]).optional(),
    topic: AdsTopic.optional(),
  })
  .optional();

/**
 * A site's ads (docs/api-decisions.md, "Site ads"): one POST that submits the site for review,
 * takes it out of the program or changes its topic, answered 204. Where the site stands is its
 * `ads` field. The site admin's, as the site's other settings are.
 */
export const siteAdsRoutes = [
  apiRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/ads",
    operationId: "updateSiteAdsById",
    summary: "Submit a site for ads review, take it out of the program, or change its topic",
    body: updateBody,
    responses: { 204: { description: "Changed; the site's `ads` shows where it stands" } },
    handler({ params, body }, ctx) {
      const { site } = requireSite(ctx, params, "admin");
      const row = findSiteAds(ctx.store, site.id);
      const topic = body?.topic ?? row?.topic ?? undefined;
      const underReview = row?.status === "in-review" || row?.status === "live";
      if (body?.status === "disabled") {
        disableSiteAds(ctx.store, site.id);
        if (body.topic !== undefined) setSiteAdsTopic(ctx.store, site.id, body.topic);
        return empty(204);
      }
      // A topic change of a site in the program is a new review, as a submission is.
      const submits = body?.status === "in-review" || (body?.topic !== undefined && underReview);
      if (!submits) {
        if (body?.topic !== undefined) setSiteAdsTopic(ctx.store, site.id, body.topic);
        return empty(204);
      }
      if (topic === undefined)
        throw badRequest("topic: a site is submitted for review with a topic");
      if (!adsSubmittable(site))
        throw badRequest("status: a site is submitted for ads review once it is published");
      // Already in the program on that topic: nothing to review again.
      if (underReview && row?.topic === topic) return empty(204);
      submitSiteAds(ctx.store, site.id, topic);
      reviewSiteAds(ctx.store, ctx.background, site.id);
      return empty(204);
    },
  }),
];
