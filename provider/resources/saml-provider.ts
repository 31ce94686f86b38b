import * as api from "../api/saml-providers";
import { defineResource, reported, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

export const samlProvider = defineResource({
  kind: "saml-provider",
  type: "SamlProvider",
  inputs: resourceInputs(api.SamlProviderFields),
  replaceOnChange: ["organizationId"],
  response: api.SamlProvider,
  createBody: api.SamlProviderCreate,
  patchBody: api.SamlProviderPatch,
  outputs: {
    /** The identity provider's signing certificate: a secret output, as the input is. */
    certificate: (p, known) => reported(p.certificate, known.certificate),
    defaultTeam: (p) => p.defaultTeam?.id ?? null,
    defaultRole: (p) => p.defaultRole ?? null,
    /** Where the identity provider posts its assertions (the Assertion Consumer Service URL). */
    acsURL: (p) => p.service?.acsURL ?? null,
    /** Where a sign-in through this provider starts. */
    startURL: (p) => p.service?.startURL ?? null,
    /** The service's own entity id, for the identity provider's configuration. */
    serviceEntityID: (p) => p.service?.entityID ?? null,
    status: (p) => p.status ?? null,
    createdAt: (p) => p.createdAt ?? null,
  },
  secretOutputs: ["certificate"],
  create: ({ client }, inputs, body) => api.createSamlProvider(client, inputs.organizationId, body),
  read: ({ client }, id, olds) => api.getSamlProvider(client, olds.organizationId, id),
  patch: ({ client }, id, olds, body) =>
    api.updateSamlProvider(client, olds.organizationId, id, body),
  delete: ({ client }, id, olds) => api.deleteSamlProvider(client, olds.organizationId, id),
  naturalKey: {
    describe: "label in the organization",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listSamlProviders(client, inputs.organizationId)).filter(
        (p) => p.label === inputs.label,
      ),
  },
});

type Inputs = ArgsInputs<typeof samlProvider>;

/** The arguments of a {@link SamlProvider}. */
export interface SamlProviderArgs extends WorkspaceArgs {
  /**
   * The organization; defaults to the workspace's organization. A change replaces the
   * provider.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The name members see on the sign-in page, 1 to 30 characters.
   * @example "Okta"
   */
  label: Input<Inputs["label"]>;
  /**
   * The identity provider's entity id (issuer), at most 1,024 characters.
   * @example "http://www.okta.com/exk1a2b3c"
   */
  entityID?: Input<Inputs["entityID"]>;
  /**
   * The identity provider's X.509 signing certificate (PEM), at most 10,000 characters. Always
   * handled as a secret: encrypted in state, shown as [secret], never in a log or an error.
   * @example config.requireSecret("samlCertificate")
   */
  certificate?: Input<Inputs["certificate"]>;
  /**
   * The identity provider's single sign-on URL (http or https, at most 2,048 characters).
   * @example "https://acme.okta.com/app/docs/sso/saml"
   */
  ssoURL?: Input<Inputs["ssoURL"]>;
  /**
   * The team people signing in for the first time join, or `null` for none.
   * @example newcomers.id
   */
  defaultTeam?: Input<Inputs["defaultTeam"]>;
  /**
   * The role people signing in for the first time get; `null` makes them guests.
   * @example "read"
   */
  defaultRole?: Input<Inputs["defaultRole"]>;
  /**
   * The id of an existing SAML provider to take over instead of creating one.
   * @example "saml_4e5f"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
