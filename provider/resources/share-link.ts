import * as api from "../api/share-links";
import { defineResource, Id, reported, resourceInputs } from "../lifecycle/define";
import { IN_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

export const shareLink = defineResource({
  kind: "share-link",
  type: "ShareLink",
  importId: IN_SITE,
  inputs: resourceInputs({ siteId: Id, ...api.ShareLinkFields }),
  replaceOnChange: ["organizationId", "siteId"],
  response: api.ShareLink,
  createBody: api.ShareLinkCreate,
  patchBody: api.ShareLinkPatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    /** The hosted service may leave it out: the output then holds the name last set. */
    name: (link, known) => reported(link.name, known.name),
    /** The hosted service may leave it out: the output then holds the value last set, or `null`. */
    active: (link, known) => reported(link.active, known.active),
    createdAt: (link) => link.createdAt,
    /**
     * The link's URL, its key included: secret. Its address is the site's, so it follows a change
     * of the site's basename, proxy or hostname at the next refresh.
     */
    url: (link) => link.urls?.published ?? null,
  },
  secretOutputs: ["url"],
  create: ({ client }, inputs, body) =>
    api.createShareLink(client, inputs.organizationId, inputs.siteId, body),
  read: ({ client }, id, olds) => api.getShareLink(client, olds.organizationId, olds.siteId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateShareLink(client, olds.organizationId, olds.siteId, id, body),
  delete: ({ client }, id, olds) =>
    api.deleteShareLink(client, olds.organizationId, olds.siteId, id),
  naturalKey: {
    describe: "name in its site",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listShareLinks(client, inputs.organizationId, inputs.siteId)).filter(
        (link) => link.name === inputs.name,
      ),
  },
});

type Inputs = ArgsInputs<typeof shareLink>;

/** The arguments of a {@link ShareLink}. */
export interface ShareLinkArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization. A change
   * replaces the link.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site the link opens. A change replaces the link (and so its key).
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * A name for the people holding the link, at most 50 characters.
   * @example "Partner preview"
   */
  name: Input<Inputs["name"]>;
  /**
   * Whether the link works; `false` revokes it without losing its key. Omitted: left as it is
   * (a new link is active).
   * @example false
   */
  active?: Input<Inputs["active"]>;
  /**
   * The id of an existing share link of `siteId` to take over instead of creating one.
   * @example "shl_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
