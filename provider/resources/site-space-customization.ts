import { z } from "zod";
import * as api from "../api/site-customization";
import { resets } from "../api/site-customization-document";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";
import { declaredOutputs, holds, sectionsOf } from "./site-customization";

const Body = z.object(api.siteSpaceSections);

/**
 * A site space's override of its site's customization, declared in part. The service's PATCH
 * already lays an override over the one it holds, so each write sends only the declared settings
 * and keeps the others; its GET answers the site's settings with the override laid over them,
 * which is what refresh compares. Deleting the resource resets the declared settings to the
 * site's with `null`s, and leaves any other override made by hand: the service removes an override
 * left empty, as its DELETE would.
 */
export const siteSpaceCustomization = defineResource({
  kind: "site-space-customization",
  type: "SiteSpaceCustomization",
  // Its id is the site space's, which the import id names after the site.
  importId: { formats: ["<siteId>/<siteSpaceId>"], id: "siteSpaceId" },
  repeatable: true,
  inputs: resourceInputs({ siteId: Id, siteSpaceId: Id, ...api.siteSpaceSections }),
  rules: ({ adoptId, siteSpaceId }) =>
    adoptId != null && adoptId !== siteSpaceId
      ? [
          {
            property: "adoptId",
            reason: `must be the site space's id (${siteSpaceId}): the override's id is its site space's`,
          },
        ]
      : [],
  replaceOnChange: ["organizationId", "siteId", "siteSpaceId"],
  response: api.SiteCustomization,
  createBody: Body,
  patchBody: Body,
  outputs: {
    siteId: (_, known) => known.siteId,
    siteSpaceId: (_, known) => known.siteSpaceId,
    ...declaredOutputs(api.siteSpaceSections),
  },
  create: ({ client }, inputs, body) =>
    api.patchSiteSpaceCustomization(
      client,
      inputs.organizationId,
      inputs.siteId,
      inputs.siteSpaceId,
      body,
    ),
  idOf: (_, inputs) => inputs.siteSpaceId,
  read: ({ client }, id, olds) =>
    api.getSiteSpaceCustomization(client, olds.organizationId, olds.siteId, id),
  patch: async ({ client }, id, olds, body) => {
    const current = await api.getSiteSpaceCustomization(
      client,
      olds.organizationId,
      olds.siteId,
      id,
    );
    // Already so (an adopted override that matches the program): nothing to write.
    if (holds(current, body)) return current;
    return api.patchSiteSpaceCustomization(client, olds.organizationId, olds.siteId, id, body);
  },
  delete: async ({ client }, id, olds) => {
    const override = resets(sectionsOf(olds, api.siteSpaceSections));
    if (Object.keys(override).length === 0) return;
    await api.patchSiteSpaceCustomization(client, olds.organizationId, olds.siteId, id, override);
  },
});

type Inputs = ArgsInputs<typeof siteSpaceCustomization>;

/** The arguments of a {@link SiteSpaceCustomization}. */
export interface SiteSpaceCustomizationArgs extends WorkspaceArgs {
  /**
   * The organization that owns the site; defaults to the workspace's organization.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The site the site space belongs to. A change replaces the resource.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The site space whose settings this overrides; it is also the resource's id. A change
   * replaces the resource.
   * @example guides.id
   */
  siteSpaceId: Input<Inputs["siteSpaceId"]>;
  /**
   * The title this site space shows instead of the site's (2 to 128 characters).
   * @example "Acme Guides"
   */
  title?: Input<Inputs["title"]>;
  /**
   * The styling this site space overrides: theme, colors, corners, depth, link and icon styles,
   * code themes, sidebar and search (fonts are the site's). Only the fields given are overridden.
   * @example { theme: "muted", primaryColor: { light: "#E11D48", dark: "#FB7185" } }
   */
  styling?: Input<Inputs["styling"]>;
  /**
   * The header's (legacy) preset and logo for this site space.
   * @example { logo: { light: "https://acme.example/guides.svg", dark: "https://acme.example/guides-dark.svg" } }
   */
  header?: Input<Inputs["header"]>;
  /**
   * The footer's logo and copyright line (at most 512 characters) for this site space.
   * @example { copyright: "© Acme Guides" }
   */
  footer?: Input<Inputs["footer"]>;
  /**
   * The default color mode and whether readers may switch it, for this site space.
   * @example { default: "dark" }
   */
  themes?: Input<Inputs["themes"]>;
  /**
   * Whether readers may rate this site space's pages.
   * @example { enabled: true }
   */
  feedback?: Input<Inputs["feedback"]>;
  /**
   * How external links open in this site space: `self` or `blank`.
   * @example { target: "blank" }
   */
  externalLinks?: Input<Inputs["externalLinks"]>;
  /**
   * Whether this site space's pages link to the previous and next page.
   * @example { enabled: false }
   */
  pagination?: Input<Inputs["pagination"]>;
  /**
   * Whether the "Powered by" trademark shows in this site space.
   * @example { enabled: false }
   */
  trademark?: Input<Inputs["trademark"]>;
  /**
   * A link to a privacy policy for this site space.
   * @example { url: "https://acme.example/privacy" }
   */
  privacyPolicy?: Input<Inputs["privacyPolicy"]>;
  /**
   * The social preview image of this site space's pages.
   * @example { url: "https://acme.example/guides.png" }
   */
  socialPreview?: Input<Inputs["socialPreview"]>;
  /**
   * The id of the site space whose override to take over (the same as `siteSpaceId`).
   * @example guides.id
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
