import { z } from "zod";
import { HttpUrl } from "../api/site-redirects";
import * as api from "../api/site-visitor-auth";
import { defineResource, Id, reported, resourceInputs } from "../lifecycle/define";
import { adoptsItsSite, OF_SITE } from "../lifecycle/import-id";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/**
 * A site's visitor-authentication settings are a property of the site, not an object of their
 * own: their id is the site's, creating or changing them is a PATCH, and deleting them writes back
 * the settings of a site nobody configured. `rotation` is no API field: a change of its value
 * asks the service for a new private key (an update in place; the settings stay).
 */
export const siteVisitorAuth = defineResource({
  kind: "site-visitor-auth",
  type: "SiteVisitorAuth",
  importId: OF_SITE,
  repeatable: true,
  inputs: resourceInputs({
    siteId: Id,
    backend: api.VisitorAuthBackend,
    fallbackURL: HttpUrl.optional(),
    logoutURL: HttpUrl.optional(),
    rotation: z.string().min(1).max(256).optional(),
  }),
  rules: (inputs) => adoptsItsSite("SiteVisitorAuth", inputs),
  replaceOnChange: ["organizationId", "siteId"],
  response: api.SitePublishingAuth,
  createBody: api.SitePublishingAuthPatch,
  patchBody: api.SitePublishingAuthPatch,
  outputs: {
    siteId: (_, known) => known.siteId,
    fallbackURL: (auth) => auth.fallbackURL ?? null,
    logoutURL: (auth) => auth.logoutURL ?? null,
    rotation: (_, known) => known.rotation ?? null,
    /** The key that signs visitors' tokens: secret, encrypted in state, shown as [secret]. */
    privateKey: (auth, known) => reported(auth.privateKey, known.privateKey as string | undefined),
  },
  secretOutputs: ["privateKey"],
  create: ({ client }, inputs, body) =>
    api.updatePublishingAuth(client, inputs.organizationId, inputs.siteId, body),
  idOf: (_, inputs) => inputs.siteId,
  read: ({ client }, id, olds) => api.getPublishingAuth(client, olds.organizationId, id),
  // The service requires the backend in every PATCH: an unchanged one is sent again.
  patch: ({ client }, id, olds, body) =>
    api.updatePublishingAuth(client, olds.organizationId, id, {
      ...body,
      backend: body.backend ?? olds.backend,
    }),
  delete: ({ client }, id, olds) =>
    api
      .updatePublishingAuth(client, olds.organizationId, id, { ...api.DEFAULT_PUBLISHING_AUTH })
      .then(() => {}),
  operations: [
    {
      input: "rotation",
      run: ({ client }, id, news) => api.regeneratePublishingAuth(client, news.organizationId, id),
    },
  ],
});

type Inputs = ArgsInputs<typeof siteVisitorAuth>;

/** The arguments of a {@link SiteVisitorAuth}. */
export interface SiteVisitorAuthArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site whose visitors authenticate; it is also the resource's id. A change replaces the
   * resource. Visitors must authenticate once the site's `visibility` is `visitor-auth`.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * Who authenticates visitors: `custom` (your own backend, which signs a token with the private
   * key) or `integration` (an installed authentication integration).
   * @example "custom"
   */
  backend: Input<Inputs["backend"]>;
  /**
   * Where visitors go when their token is invalid: an http or https URL, at most 2048
   * characters. Omitted: left as it is.
   * @example "https://login.example.com/docs"
   */
  fallbackURL?: Input<Inputs["fallbackURL"]>;
  /**
   * Where visitors go to log out of your backend: an http or https URL, at most 2048
   * characters. Omitted: left as it is.
   * @example "https://login.example.com/logout"
   */
  logoutURL?: Input<Inputs["logoutURL"]>;
  /**
   * Any value, 1 to 256 characters; a change asks the service for a new private key (the old
   * one stops working at once), in place. Set when the resource is created, it also gives the
   * site a new key then. Omitted: the key is never rotated by the provider.
   * @example "2026-q4"
   */
  rotation?: Input<Inputs["rotation"]>;
  /**
   * The id of the site whose settings to take over (the same as `siteId`); the settings always
   * exist, so this only documents the intent.
   * @example docs.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
