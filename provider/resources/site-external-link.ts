import * as api from "../api/site-external-links";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * One external link in a site's navigation, at its root or in a section group. The API has no
 * GET of one link: it is read in the site's structure, one GET. Every change but the site's is
 * a PATCH: one of the link's settings, and one that moves it when its group changes (to the end
 * of its new level; absent, like `null`, is the site's root). The resource does not order the
 * link among its siblings.
 */
export const siteExternalLink = defineResource({
  kind: "site-external-link",
  type: "SiteExternalLink",
  importId: IN_SITE,
  // One link of the site's navigation, which a SiteExternalLinks lists whole: never both.
  additiveTarget: {
    kind: "site",
    key: "siteId",
    owner: "SiteExternalLinks",
    list: "links",
    item: "link",
    ownerKey: "siteId",
  },
  inputs: resourceInputs({
    siteId: Id,
    ...api.SiteExternalLinkFields,
    sectionGroupId: Id.nullable().optional(),
  }),
  replaceOnChange: ["organizationId", "siteId"],
  // No group declared is the site's root, where the API puts a link created without `parent`.
  absentMeans: { sectionGroupId: null },
  response: api.SiteExternalLink,
  createBody: api.SiteExternalLinkCreate,
  patchBody: api.SiteExternalLinkPatch,
  // The API names the group `parent` in bodies, `sectionGroup` in the link.
  bodyNames: { sectionGroupId: "parent" },
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The section group the link is in; `null` at the site's root. */
    sectionGroupId: (link) => link.sectionGroup ?? null,
    /** Whether the link is a draft, left out of the published site. */
    draft: (link) => link.draft ?? false,
  },
  create: ({ client }, inputs, body) =>
    api.createExternalLink(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getExternalLink(client, olds.organizationId, olds.siteId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateExternalLink(client, olds.organizationId, olds.siteId, id, body),
  operations: [
    {
      // Sent alone, so that a group no longer declared moves the link back to the root.
      input: "sectionGroupId",
      run: ({ client }, id, news) =>
        api.moveExternalLink(
          client,
          news.organizationId,
          news.siteId,
          id,
          news.sectionGroupId ?? null,
        ),
    },
  ],
  delete: ({ client }, id, olds) =>
    api.deleteExternalLink(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "title and URL in its site",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listExternalLinks(client, inputs.organizationId, inputs.siteId)).filter(
        (l) => l.title === inputs.title && l.url === inputs.url,
      ),
  },
});

type Inputs = ArgsInputs<typeof siteExternalLink>;

/** The arguments of a {@link SiteExternalLink}. */
export interface SiteExternalLinkArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the link.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose navigation shows the link; it must have sections (a site of site spaces only
   * takes no link). A change replaces the link.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The link's title, 2 to 128 characters.
   * @example "Status"
   */
  title: Input<Inputs["title"]>;
  /**
   * Where the link leads: an absolute http or https URL of at most 2048 characters.
   * @example "https://status.example.com"
   */
  url: Input<Inputs["url"]>;
  /**
   * A description, at most 256 characters; `null` removes it.
   * @example "Whether the service is up"
   */
  description?: Input<Inputs["description"]>;
  /**
   * An icon name, at most 50 characters; `null` removes it.
   * @example "signal"
   */
  icon?: Input<Inputs["icon"]>;
  /**
   * The title in other languages, keyed by locale (`fr`, `de`, `pt-br`, ...), each at most 128
   * characters; `null` removes them.
   * @example { fr: "Statut" }
   */
  localizedTitle?: Input<Inputs["localizedTitle"]>;
  /**
   * The description in other languages, keyed by locale, each at most 256 characters; `null`
   * removes them.
   * @example { fr: "Le service est-il en ligne ?" }
   */
  localizedDescription?: Input<Inputs["localizedDescription"]>;
  /**
   * Whether the link is a draft, left out of the published site. Omitted: left as it is (a new
   * link is live).
   * @example true
   */
  draft?: Input<Inputs["draft"]>;
  /**
   * An expression on the visitor (at most 1024 characters) that shows the link only when it is
   * true; `null` removes it.
   * @example "visitor.claims.staff"
   */
  condition?: Input<Inputs["condition"]>;
  /**
   * The section group of the same site the link sits in; omitted or `null`, the site's root.
   * A change moves the link, last of its new level. Never a section: links cannot be inside one.
   * @example guidesGroup.id
   */
  sectionGroupId?: Input<Inputs["sectionGroupId"]>;
  /**
   * The id of an existing external link of `siteId` to take over instead of creating one.
   * @example "link_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
