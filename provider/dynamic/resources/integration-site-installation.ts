import {
  integrationSiteInstallation,
  type IntegrationSiteInstallationArgs,
} from "../../resources/integration-site-installation";
import { dynamicClass } from "../resource-class";

/**
 * An organization's installation of an integration enabled on one of its sites, with the
 * integration's configuration for that site. The configuration is checked against the
 * integration's site schema at preview and is secret in state and outputs.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider takes
 * the installation on that site when it was not there before, or enables it again.
 *
 * @example
 * ```ts
 * const analytics = new IntegrationInstallation("analytics", { integration: "googleanalytics" });
 * new IntegrationSiteInstallation("docs-analytics", {
 *   integration: analytics.integration,
 *   installationId: analytics.id,
 *   siteId: docs.id,
 *   configuration: { tracking_id: "G-XXXXXXXXXX" },
 * });
 * ```
 */
export class IntegrationSiteInstallation extends dynamicClass(
  integrationSiteInstallation,
).withArgs<IntegrationSiteInstallationArgs>() {}
