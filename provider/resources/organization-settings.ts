import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { RoleLevel } from "../api/common";
import * as api from "../api/organizations";
import { publicUrls } from "../api/common";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

export const organizationSettings = defineResource({
  kind: "organization-settings",
  type: "OrganizationSettings",
  exporter: { standing: true },
  repeatable: true,
  inputs: resourceInputs({
    title: api.OrganizationTitle.optional(),
    emailDomains: z.array(api.EmailDomain).max(100).optional(),
    hostname: api.OrganizationHostname.optional(),
    defaultRole: RoleLevel.nullable().optional(),
    defaultContent: api.DefaultContent.nullable().optional(),
    logo: api.LogoUrl.nullable().optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean().optional(),
  }),
  rules(inputs) {
    const failures: pulumi.dynamic.CheckFailure[] = [];
    const seen = new Set<string>();
    inputs.emailDomains?.forEach((domain, i) => {
      if (seen.has(domain))
        failures.push({ property: `emailDomains[${i}]`, reason: `${domain} is listed twice` });
      seen.add(domain);
    });
    if (inputs.adoptId != null && inputs.adoptId !== inputs.organizationId)
      failures.push({
        property: "adoptId",
        reason:
          "the settings are always the organization's own: leave adoptId out, or set it to organizationId",
      });
    return failures;
  },
  // The settings are the organization's own: another organization is another object.
  replaceOnChange: ["organizationId"],
  response: api.Organization,
  createBody: api.OrganizationPatch,
  patchBody: api.OrganizationPatch,
  outputs: {
    organizationId: (org) => org.id,
    defaultRole: (org) => org.defaultRole ?? null,
    defaultContent: (org) =>
      org.defaultContent ? { type: "site" as const, site: org.defaultContent.site } : null,
    /** The logo's URL: the API answers it as `urls.logo`. */
    logo: (org) => org.urls?.logo ?? null,
    hostname: (org) => org.hostname ?? null,
    /** Whether SSO is enforced; `null` when the service does not say. */
    sso: (org) => org.sso ?? null,
    ai: (org) => org.ai ?? null,
    plan: (org) => org.plan,
    /** `location` and `app`. */
    urls: (org) => publicUrls(org.urls, ["location", "app"]),
  },
  // One PATCH takes the organization over: it answers the whole organization, so the outputs
  // show every current setting, declared or not. A declared `null` is sent: it removes a value.
  create: ({ client }, inputs) =>
    api.updateOrganization(client, inputs.organizationId, declaredSettings(inputs)),
  read: ({ client }, id) => api.getOrganization(client, id),
  patch: ({ client }, id, _olds, body) => api.updateOrganization(client, id, body),
  // The organization outlives its settings resource: nothing is undone or reset.
  delete: async () => {},
});

/** The PATCH body of every declared setting, `null`s included. */
function declaredSettings(inputs: Record<string, unknown>): api.OrganizationPatch {
  const keys = Object.keys(api.OrganizationPatch.shape);
  return Object.fromEntries(keys.filter((k) => inputs[k] !== undefined).map((k) => [k, inputs[k]]));
}

type Inputs = ArgsInputs<typeof organizationSettings>;

/** The arguments of {@link OrganizationSettings}. Each one omitted is left as it is. */
export interface OrganizationSettingsArgs extends WorkspaceArgs {
  /**
   * The organization whose settings these are; defaults to the workspace's organization. A
   * change manages another organization's settings instead (the first is left as it is).
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The organization's name, 2 to 255 characters.
   * @example "Acme Engineering"
   */
  title?: Input<Inputs["title"]>;
  /**
   * The e-mail domains whose people may join, in lower case, each once.
   * @example ["acme.com"]
   */
  emailDomains?: Input<Inputs["emailDomains"]>;
  /**
   * The default hostname of public content: 3 to 32 lower-case letters, digits and inner hyphens.
   * Unique across organizations.
   * @example "acme-docs"
   */
  hostname?: Input<Inputs["hostname"]>;
  /**
   * The role new members get; `null` makes them guests. An {@link OrganizationMember} goes back
   * to it when deleted.
   * @example "read"
   */
  defaultRole?: Input<Inputs["defaultRole"]>;
  /**
   * What the organization opens on: `{ type: "site", site }` with a site of the organization, or
   * `null` for nothing.
   * @example { type: "site", site: docs.id }
   */
  defaultContent?: Input<Inputs["defaultContent"]>;
  /**
   * The logo's URL (http or https, at most 2,048 characters), or `null` to remove it.
   * @example "https://acme.com/logo.png"
   */
  logo?: Input<Inputs["logo"]>;
  /**
   * Whether members must sign in through SSO (see {@link SamlProvider}).
   * @example true
   */
  sso?: Input<Inputs["sso"]>;
  /**
   * Whether AI features are on.
   * @example false
   */
  ai?: Input<Inputs["ai"]>;
  /**
   * Whether invite links may be used to join.
   * @example false
   */
  inviteLinks?: Input<Inputs["inviteLinks"]>;
  /**
   * Accepted for uniformity with the other resources: creating the settings always takes the
   * organization over, so it may only equal `organizationId`.
   * @example "org_engineering"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
