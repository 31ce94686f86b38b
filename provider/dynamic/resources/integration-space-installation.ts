import {
  integrationSpaceInstallation,
  type IntegrationSpaceInstallationArgs,
} from "../../resources/integration-space-installation";
import { dynamicClass } from "../resource-class";

/**
 * An organization's installation of an integration enabled on one of its spaces, with the
 * integration's configuration for that space. The configuration is checked against the
 * integration's space schema at preview and is secret in state and outputs. The service enables
 * an installation on a space by changing it: a create is that one PATCH, sent again when its
 * outcome is unknown.
 *
 * @example
 * ```ts
 * const github = new IntegrationInstallation("github", { integration: "github-sync" });
 * new IntegrationSpaceInstallation("guide-sync", {
 *   integration: github.integration,
 *   installationId: github.id,
 *   spaceId: guide.id,
 *   configuration: { repository: "acme/docs", branch: "main" },
 * });
 * ```
 */
export class IntegrationSpaceInstallation extends dynamicClass(
  integrationSpaceInstallation,
).withArgs<IntegrationSpaceInstallationArgs>() {}
