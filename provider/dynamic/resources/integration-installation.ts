import {
  integrationInstallation,
  type IntegrationInstallationArgs,
} from "../../resources/integration-installation";
import { dynamicClass } from "../resource-class";

/**
 * An integration installed in an organization, with its account configuration and its space
 * and site selection. The configuration is checked against the integration's schema at preview
 * and is secret in state and outputs.
 *
 * When the outcome of its install is unknown (no answer, or 502, 503, 504), the provider takes
 * the organization's installation of that integration made since, or installs it again.
 *
 * @example
 * ```ts
 * new IntegrationInstallation("slack", {
 *   integration: "slack",
 *   configuration: {
 *     webhook_url: pulumi.secret("https://hooks.slack.com/services/T0/B0/x"),
 *     default_channel: "#docs",
 *   },
 * });
 * ```
 */
export class IntegrationInstallation extends dynamicClass(
  integrationInstallation,
).withArgs<IntegrationInstallationArgs>() {}
