import { z } from "zod";
import * as api from "../api/integrations";
import { defineResource, Id, resourceInputs } from "../lifecycle/define";
import type { ArgsInputs, Input, WorkspaceArgs } from "../lifecycle/define";

/** Where a space installation lives: its installation, by the integration's name and its id. */
const placeOf = (known: { integration: string; installationId: string }): api.ContentPlace => ({
  integration: known.integration,
  installationId: known.installationId,
  kind: "space",
});

const SpaceSettings = z.object({ configuration: api.Configuration.optional() });

/**
 * An organization's installation of an integration enabled on one of its spaces, with the
 * integration's configuration for that space. Its id is
 * `<integration>/<installationId>/<spaceId>`, also its import id (unique where the space's id
 * alone is not: a space has one installation of each integration). The hosted document has no
 * POST for it: the PATCH of the space's installation enables it there, or takes over the one
 * already there, so a create is that one PATCH and may be sent again. The integration must be
 * one that installs on spaces, and the configuration is checked against its space schema, read
 * from the public catalogue at preview; the whole configuration is a secret. A change of
 * installation or space replaces it.
 */
export const integrationSpaceInstallation = defineResource({
  kind: "integration-space-installation",
  type: "IntegrationSpaceInstallation",
  importId: { formats: ["<integration>/<installationId>/<spaceId>"] },
  inputs: resourceInputs({
    integration: api.IntegrationName,
    installationId: Id,
    spaceId: Id,
    configuration: api.Configuration.optional(),
  }),
  remoteRules: ({ client }, inputs) =>
    api.contentFailures(client, inputs.integration, "space", inputs.configuration),
  replaceOnChange: ["organizationId", "integration", "installationId", "spaceId"],
  response: api.ContentInstallation,
  createBody: SpaceSettings,
  patchBody: SpaceSettings,
  idOf: (wire, inputs) => api.contentInstallationId(inputs, wire.space!),
  outputs: {
    integration: (_, known) => known.integration,
    installationId: (_, known) => known.installationId,
    spaceId: (wire, known) => wire.space ?? known.spaceId,
    /** The space's configuration as the service holds it: a secret output, as the input is. */
    configuration: (wire) => wire.configuration,
    /** `active` once the configuration holds what the integration requires of a space, else `pending`. */
    status: (wire) => wire.status,
  },
  secretOutputs: ["configuration"],
  create: ({ client }, inputs, body) =>
    api.updateContentInstallation(client, placeOf(inputs), inputs.spaceId, body),
  read: ({ client }, _id, olds) => api.getContentInstallation(client, placeOf(olds), olds.spaceId),
  patch: ({ client }, _id, olds, body) =>
    api.updateContentInstallation(client, placeOf(olds), olds.spaceId, body),
  delete: ({ client }, _id, olds) => api.uninstallFromContent(client, placeOf(olds), olds.spaceId),
  repeatable: true,
});

type Inputs = ArgsInputs<typeof integrationSpaceInstallation>;

/** The arguments of an {@link IntegrationSpaceInstallation}. */
export interface IntegrationSpaceInstallationArgs extends WorkspaceArgs {
  /**
   * The organization of the installation and the space; defaults to the workspace's
   * organization. A change replaces it.
   * @example "org_engineering"
   */
  organizationId?: Input<Inputs["organizationId"]>;
  /**
   * The integration's name: the installation's `integration`. A change replaces it.
   * @example github.integration
   */
  integration: Input<Inputs["integration"]>;
  /**
   * The organization's installation of the integration (an `IntegrationInstallation`'s id). A
   * change replaces it.
   * @example github.id
   */
  installationId: Input<Inputs["installationId"]>;
  /**
   * The space the integration is enabled on: a space of the installation's organization. A
   * change replaces it.
   * @example guide.id
   */
  spaceId: Input<Inputs["spaceId"]>;
  /**
   * The integration's configuration for this space: each property of its space schema (`string`,
   * `number` or `boolean` values), checked against that schema at preview, naming the property
   * and the rule; every property the schema requires must be set. Handled as a secret, whole.
   * Omitted: left as it is (a new space installation has none).
   * @example { repository: "acme/docs", branch: "main" }
   */
  configuration?: Input<Inputs["configuration"]>;
  /**
   * The id of the installation already enabled on the space
   * (`<integration>/<installationId>/<spaceId>`), to take it over (a create takes it over anyway:
   * the service enables an installation on a space by changing it).
   * @example "github-sync/inst_2c3d/space_7a6b"
   */
  adoptId?: Input<Inputs["adoptId"]>;
}
