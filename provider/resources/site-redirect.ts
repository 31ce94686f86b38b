import * as api from "../api/site-redirects";
import { defineResource, Id, reported, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * A redirect of a site: its source path is its natural key. A change of source replaces it (the
 * redirect of the old path goes, one of the new path comes); a change of destination or of
 * `permanent` is a PATCH.
 */
export const siteRedirect = defineResource({
  kind: "site-redirect",
  type: "SiteRedirect",
  importId: IN_SITE,
  inputs: resourceInputs({ siteId: Id, ...api.SiteRedirectFields }),
  replaceOnChange: ["organizationId", "siteId", "source"],
  response: api.SiteRedirect,
  createBody: api.SiteRedirectCreate,
  patchBody: api.SiteRedirectPatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The hosted service may leave it out: the output then holds the value last set, or `null`. */
    permanent: (redirect, known) => reported(redirect.permanent, known.permanent),
    /** Whether the redirect is a draft, not live; the provider manages live redirects. */
    draft: (redirect) => redirect.draft ?? false,
    createdAt: (redirect) => redirect.createdAt,
    /** When it last changed; `null` until its first change. */
    updatedAt: (redirect) => redirect.updatedAt ?? null,
  },
  create: ({ client }, inputs, body) =>
    api.createRedirect(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getRedirect(client, olds.organizationId, olds.siteId, id),
  listedIn: (olds) => api.redirectsList(olds.organizationId, olds.siteId),
  patch: ({ client }, id, olds, body) =>
    api.updateRedirect(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) =>
    api.deleteRedirect(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "source in its site",
    guard: "createdAt",
    find: async ({ client }, inputs) => {
      const found = await api.redirectBySource(
        client,
        inputs.organizationId,
        inputs.siteId,
        inputs.source,
      );
      return found === undefined ? [] : [found];
    },
  },
});

type Inputs = ArgsInputs<typeof siteRedirect>;

/** The arguments of a {@link SiteRedirect}. */
export interface SiteRedirectArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the redirect.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose visitors are redirected. A change replaces the redirect.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The path redirected, unique among the site's redirects: `/` then segments of letters, digits,
   * `-._~+` or `%XX` escapes, optionally ending in `*` or `/*` to match every path below; at
   * most 512 characters. A change replaces the redirect.
   * @example "/old/getting-started"
   */
  source: Input<Inputs["source"]>;
  /**
   * Where visitors are sent: `{ kind: "external", url }` (an http or https URL, at most 2048
   * characters), `{ kind: "site-section", siteSectionId }`, `{ kind: "site-space", siteSpaceId }`
   * or `{ kind: "site-page", siteSpaceId, pageId }`, each a part of this site. A change is made in
   * place.
   * @example { kind: "site-space", siteSpaceId: guides.id }
   */
  destination: Input<Inputs["destination"]>;
  /**
   * Whether the redirect is permanent (HTTP 308 for public traffic) rather than temporary (307).
   * Omitted: left as it is (a new redirect is temporary).
   * @example true
   */
  permanent?: Input<Inputs["permanent"]>;
  /**
   * The id of an existing redirect of `siteId` to take over instead of creating one.
   * @example "rdr_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
