import { z } from "zod";
import * as api from "../api/integrations";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** Where a site installation lives: its installation, by the integration's name and its id. */
const placeOf = (known: { integration: string; installationId: string }): api.ContentPlace => ({
  integration: known.integration,
  installationId: known.installationId,
  kind: "site",
});

/**
 * An organization's installation of an integration enabled on one of its sites, with the
 * integration's configuration for that site. Its id is
 * `<integration>/<installationId>/<siteId>`, also its import id (unique where the site's id
 * alone is not: a site has one installation of each integration). The integration must be one
 * that installs on sites, and the configuration is checked against its site schema, read from
 * the public catalogue at preview; the whole configuration is a secret. Enabling it is the
 * hosted POST, then one PATCH of the configuration (a failure disables it again). A change of
 * installation or site replaces it.
 */
export const integrationSiteInstallation = defineResource({
  kind: "integration-site-installation",
  type: "IntegrationSiteInstallation",
  importId: { formats: ["<integration>/<installationId>/<siteId>"] },
  inputs: resourceInputs({
    integration: api.IntegrationName,
    installationId: Id,
    siteId: Id,
    configuration: api.Configuration.optional(),
  }),
  remoteRules: ({ client }, inputs) =>
    api.contentFailures(client, inputs.integration, "site", inputs.configuration),
  replaceOnChange: ["organizationId", "integration", "installationId", "siteId"],
  response: api.ContentInstallation,
  createBody: z.object({}),
  patchBody: z.object({ configuration: api.Configuration.optional() }),
  idOf: (wire, inputs) => api.contentInstallationId(inputs, wire.site!),
  outputs: {
    integration: (_, known) => known.integration,
    installationId: (_, known) => known.installationId,
    siteId: (wire, known) => wire.site ?? known.siteId,
    /** The site's configuration as the service holds it: a secret output, as the input is. */
    configuration: (wire) => wire.configuration,
    /** `active` once the configuration holds what the integration requires of a site, else `pending`. */
    status: (wire) => wire.status,
  },
  secretOutputs: ["configuration"],
  create: ({ client }, inputs) => api.installOnSite(client, placeOf(inputs), inputs.siteId),
  read: ({ client }, _id, olds) => api.getContentInstallation(client, placeOf(olds), olds.siteId),
  patch: ({ client }, _id, olds, body) =>
    api.updateContentInstallation(client, placeOf(olds), olds.siteId, body),
  delete: ({ client }, _id, olds) => api.uninstallFromContent(client, placeOf(olds), olds.siteId),
  naturalKey: {
    describe: "site in its installation",
    guard: "listedBefore",
    find: async ({ client }, inputs) =>
      (await api.listContentInstallations(client, placeOf(inputs)))
        .filter((i) => i.site === inputs.siteId)
        .map((i) => ({ id: api.contentInstallationId(inputs, i.site!) })),
  },
});

type Inputs = ArgsInputs<typeof integrationSiteInstallation>;

/** The arguments of an {@link IntegrationSiteInstallation}. */
export interface IntegrationSiteInstallationArgs extends WorkspaceArgs {
  /**
   * The organization of the installation and the site; defaults to the workspace's organization.
   * A change replaces it.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The integration's name: the installation's `integration`. A change replaces it.
   * @example slack.integration
   */
  integration: Input<Inputs["integration"]>;
  /**
   * The organization's installation of the integration (an `IntegrationInstallation`'s id). A
   * change replaces it.
   * @example slack.id
   */
  installationId: Input<Inputs["installationId"]>;
  /**
   * The site the integration is enabled on: a site of the installation's organization. A site
   * has one installation of each installation; a change replaces it.
   * @example docs.id
   */
  siteId: Input<Inputs["siteId"]>;
  /**
   * The integration's configuration for this site: each property of its site schema (`string`,
   * `number` or `boolean` values), checked against that schema at preview, naming the property
   * and the rule; every property the schema requires must be set. Handled as a secret, whole.
   * Omitted: left as it is (a new site installation has none and stays `pending` while the
   * integration requires some).
   * @example { tracking_id: "G-XXXXXXXXXX", anonymize_ip: true }
   */
  configuration?: Input<Inputs["configuration"]>;
  /**
   * The id of the installation already enabled on the site (`<integration>/<installationId>/<siteId>`),
   * to take it over instead of enabling it.
   * @example "googleanalytics/inst_2c3d/site_9f8e"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
