import { z } from "zod";
import * as api from "../api/integrations";
import { defineResource, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** What a PATCH of the installation carries, as the API spells it. */
const InstallationSettings = z.object({
  configuration: api.Configuration.optional(),
  space_selection: api.Selection.optional(),
  site_selection: api.Selection.optional(),
});

/**
 * An integration installed in an organization: the account-level installation that its site and
 * space installations hang off, with its configuration and its space and site selection. The
 * configuration is checked against the integration's account schema, read from the public
 * catalogue at preview; it may hold credentials, so the whole configuration is a secret (the
 * service's schema does not say which properties are). The install is one POST; the
 * configuration and the selections then one PATCH (a failure uninstalls what the POST made).
 * An organization has one installation of each integration: a change of integration replaces it.
 */
export const integrationInstallation = defineResource({
  kind: "integration-installation",
  type: "IntegrationInstallation",
  importId: { formats: ["<integration>/<id>"], id: "id" },
  inputs: resourceInputs({
    integration: api.IntegrationName,
    configuration: api.Configuration.optional(),
    spaceSelection: api.Selection.optional(),
    siteSelection: api.Selection.optional(),
  }),
  remoteRules: async ({ client }, inputs) => {
    const integration = await api.findIntegration(client, inputs.integration);
    if (integration === undefined)
      return [{ property: "integration", reason: "is not an integration of the catalogue" }];
    return api.configurationFailures(integration, "account", inputs.configuration ?? {}, {
      requireAll: inputs.configuration !== undefined,
    });
  },
  replaceOnChange: ["organizationId", "integration"],
  response: api.IntegrationInstallation,
  createBody: z.object({}),
  patchBody: InstallationSettings,
  bodyNames: { spaceSelection: "space_selection", siteSelection: "site_selection" },
  outputs: {
    integration: (_, known) => known.integration,
    /** The account configuration as the service holds it: a secret output, as the input is. */
    configuration: (installation) => installation.configuration,
    spaceSelection: (installation) => installation.space_selection,
    siteSelection: (installation) => installation.site_selection,
    /**
     * `active` once the configuration holds every property the integration requires, `pending`
     * until then (the service's; `paused` when the service paused it).
     */
    status: (installation) => installation.status,
    createdAt: (installation) => installation.createdAt,
  },
  secretOutputs: ["configuration"],
  create: ({ client }, inputs) =>
    api.installIntegration(client, inputs.integration, inputs.organizationId),
  read: ({ client }, id, olds) => api.getInstallation(client, olds.integration, id),
  patch: ({ client }, id, olds, body) => api.updateInstallation(client, olds.integration, id, body),
  delete: ({ client }, id, olds) => api.uninstallIntegration(client, olds.integration, id),
  naturalKey: {
    describe: "integration in its organization",
    guard: "createdAt",
    find: async ({ client }, inputs) =>
      (await api.listInstallations(client, inputs.organizationId)).filter(
        (i) => i.integration === inputs.integration,
      ),
  },
});

type Inputs = ArgsInputs<typeof integrationInstallation>;

/** The arguments of an {@link IntegrationInstallation}. */
export interface IntegrationInstallationArgs extends WorkspaceArgs {
  /**
   * The organization the integration is installed in; defaults to the workspace's organization.
   * A change replaces the installation.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The integration's name in the catalogue (see `getIntegration`). An organization has one
   * installation of each integration; a change replaces the installation.
   * @example "slack"
   */
  integration: Input<Inputs["integration"]>;
  /**
   * The integration's account configuration: each property of its account schema (`string`,
   * `number` or `boolean` values), checked against that schema at preview, naming the property
   * and the rule; every property the schema requires must be set. It may hold credentials: the
   * whole configuration is handled as a secret, encrypted in state, shown as [secret], never in a
   * log or an error. Omitted: left as it is (a new installation has none and stays `pending`
   * while the integration requires some).
   * @example { webhook_url: pulumi.secret("https://hooks.slack.com/services/T0/B0/x"), default_channel: "#docs" }
   */
  configuration?: Input<Inputs["configuration"]>;
  /**
   * Whether the integration applies to all the organization's spaces (`all`) or to the spaces it
   * is installed on (`selected`). Omitted: left as it is (a new installation's is `selected`).
   * @example "all"
   */
  spaceSelection?: Input<Inputs["spaceSelection"]>;
  /**
   * Whether the integration applies to all the organization's sites (`all`) or to the sites it
   * is installed on (`selected`). Omitted: left as it is (a new installation's is `selected`).
   * @example "selected"
   */
  siteSelection?: Input<Inputs["siteSelection"]>;
  /**
   * The id of the organization's existing installation of `integration` to take over instead of
   * installing it (an organization has one of each: installing it again is refused).
   * @example "inst_2c3d"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
