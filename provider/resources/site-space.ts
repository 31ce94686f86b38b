import { z } from "zod";
import * as api from "../api/site-spaces";
import { Condition } from "../api/sites";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

export const siteSpace = defineResource({
  kind: "site-space",
  type: "SiteSpace",
  importId: IN_SITE,
  inputs: resourceInputs({
    siteId: Id,
    sectionId: Id.optional(),
    spaceId: Id,
    path: api.SiteSpacePath.optional(),
    condition: Condition.nullable().optional(),
    hidden: z.boolean().optional(),
  }),
  // No operation moves a site space to another site or section (its move only reorders it).
  replaceOnChange: ["organizationId", "siteId", "sectionId"],
  response: api.SiteSpace,
  createBody: api.SiteSpaceCreate,
  patchBody: api.SiteSpacePatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The containing section; `null` at the site root. */
    sectionId: (siteSpace) => siteSpace.section ?? null,
    spaceId: (siteSpace) => siteSpace.space?.id ?? null,
  },
  // The path is unique in its section: a replacement keeping it must free it first.
  deleteBeforeReplace: (olds, news) => news.path !== undefined && news.path === olds.path,
  create: ({ client }, inputs, body) =>
    api.createSiteSpace(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getSiteSpace(client, olds.organizationId, olds.siteId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateSiteSpace(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) =>
    api.deleteSiteSpace(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "space in its section (any section when none is declared) of its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listSiteSpaces(client, inputs.organizationId, inputs.siteId)).filter(
        (s) =>
          s.space?.id === inputs.spaceId &&
          (inputs.sectionId === undefined || s.section === inputs.sectionId),
      ),
  },
});

type Inputs = ArgsInputs<typeof siteSpace>;

/** The arguments of a {@link SiteSpace}. */
export interface SiteSpaceArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the site space.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site to publish the space on. A change replaces the site space.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The section to put the space in; omitted, the API uses the site's default section, or the
   * site root when the site has no sections. A change replaces the site space.
   * @example guides.id
   */
  sectionId?: Input<Inputs["sectionId"]>;
  /**
   * The space published. A change re-points the site space in place.
   * @example runbook.id
   */
  spaceId: Input<Inputs["spaceId"]>;
  /**
   * The space's path on the site, 1 to 100 characters, unique in its section; the API derives
   * it from the space's title when omitted. A replacement that keeps it deletes the old site
   * space first.
   * @example "runbook"
   */
  path?: Input<Inputs["path"]>;
  /**
   * An expression deciding whether a visitor sees the space, 1 to 1024 characters; `null`
   * removes it.
   * @example "visitor.claims.unsigned.staff === true"
   */
  condition?: Input<Inputs["condition"]>;
  /**
   * Whether the space is left out of the site's navigation; it stays reachable at its URL.
   * Omitted: left as it is (a new site space is shown).
   * @example true
   */
  hidden?: Input<Inputs["hidden"]>;
  /**
   * The id of an existing site space of `siteId` to take over instead of creating one.
   * @example guides.siteSpaceId
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
