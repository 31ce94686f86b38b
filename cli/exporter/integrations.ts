import type { ApiClient, ContentInstallation, Integration } from "pulumi-docs-workspace/tools";
import {
  getIntegration,
  listContentInstallations,
  listInstallations,
  type IntegrationInstallation,
} from "pulumi-docs-workspace/tools";

/** An installation of the organization, with its integration and where it is enabled. */
export interface IntegrationInventory {
  installation: IntegrationInstallation & { integration: string };
  /** The catalogue's entry: its schemas say which configuration properties are credentials. */
  integration: Integration;
  sites: ContentInstallation[];
  spaces: ContentInstallation[];
}

/** Every installation of the organization, each with its site and space installations. */
export async function readIntegrations(
  client: ApiClient,
  organizationId: string,
): Promise<IntegrationInventory[]> {
  const installations = await listInstallations(client, organizationId);
  return Promise.all(
    installations.map(async (installation) => {
      const at = { integration: installation.integration, installationId: installation.id };
      const [integration, sites, spaces] = await Promise.all([
        getIntegration(client, installation.integration),
        listContentInstallations(client, { ...at, kind: "site" }),
        listContentInstallations(client, { ...at, kind: "space" }),
      ]);
      return { installation, integration, sites, spaces };
    }),
  );
}
