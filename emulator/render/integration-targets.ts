import { z } from "zod";
import type { ContentInstallationRow, ContentKind } from "../store/integration-targets";
import type { InstallationRow } from "../store/integrations";
import { named, url } from "./common";
import { configurationInput, externalIds, installationStatus } from "./integrations";

const base = {
  integration: z.string(),
  installation: z.string(),
  status: installationStatus,
  configuration: configurationInput,
  externalIds,
  urls: z.strictObject({ location: url, publicEndpoint: url, publicContentEndpoint: url }),
};

export const IntegrationSiteInstallationJson = named(
  "IntegrationSiteInstallation",
  z.strictObject({ ...base, site: z.string() }),
);
export const IntegrationSpaceInstallationJson = named(
  "IntegrationSpaceInstallation",
  z.strictObject({ ...base, space: z.string() }),
);
export type IntegrationSiteInstallationJson = z.input<typeof IntegrationSiteInstallationJson>;
export type IntegrationSpaceInstallationJson = z.input<typeof IntegrationSpaceInstallationJson>;
/** A site's installation answer, or a space's. */
export type ContentInstallationJson<K extends ContentKind> = K extends "site"
  ? IntegrationSiteInstallationJson
  : IntegrationSpaceInstallationJson;

/**
 * An installation on a site or a space (the hosted `IntegrationContentInstallationBase`), the
 * target by its id (`extended` objects are not served: docs/api-decisions.md). `status` is
 * `active` once the configuration holds what the integration's site or space schema requires.
 */
export function renderContentInstallation<K extends ContentKind>(
  origin: string,
  installation: InstallationRow,
  row: ContentInstallationRow<K>,
  status: "active" | "pending",
): ContentInstallationJson<K> {
  const path = `/integrations/${installation.integration}/installations/${installation.id}/${row.kind}s/${row.targetId}`;
  const fields = {
    integration: installation.integration,
    installation: installation.id,
    status,
    configuration: row.configuration,
    externalIds: row.externalIds,
    urls: {
      location: `${origin}/v1${path}`,
      publicEndpoint: `${origin}${path}`,
      publicContentEndpoint: `${origin}${path}`,
    },
  };
  const json =
    row.kind === "site" ? { ...fields, site: row.targetId } : { ...fields, space: row.targetId };
  return json as ContentInstallationJson<K>;
}
