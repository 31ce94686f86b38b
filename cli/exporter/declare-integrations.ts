import type { ConfigurationLevel } from "pulumi-docs-workspace/tools";
import { contentInstallationId, integrationInstallation } from "pulumi-docs-workspace/tools";
import { secretProperties } from "pulumi-docs-workspace/tools";
import {
  integrationSiteInstallation,
  integrationSpaceInstallation,
} from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { byTitle, type Declarer } from "./declarations";
import type { Inventory } from "./inventory";
import type { IntegrationInventory } from "./integrations";
import { titles } from "./titles";

const SECRET_COMMENT = "Each secret configuration value is read from stack config: see the notes.";

/**
 * A configuration as the program writes it: each property the integration's schema marks as a
 * credential read from a secret in stack config, which the export names and never writes; the
 * others as they are. `undefined` when it is empty.
 */
function configurationValue(
  program: Declarer,
  entry: IntegrationInventory,
  level: ConfigurationLevel,
  configuration: Record<string, unknown>,
  title: string,
): { value: Value | undefined; secret: boolean } {
  const secret = new Set(secretProperties(entry.integration, level));
  const keys = Object.keys(configuration).sort();
  const value = Object.fromEntries(
    keys.map((key) => {
      if (!secret.has(key)) return [key, configuration[key] as Value];
      const configKey = program.secret(
        `${title} ${key}`,
        "integrationConfiguration",
        `configuration ${key} of ${title}`,
      );
      return [key, code(`config.requireSecret(${JSON.stringify(configKey)})`)];
    }),
  );
  return {
    value: keys.length > 0 ? value : undefined,
    secret: keys.some((k) => secret.has(k)),
  };
}

/**
 * The organization's installed integrations, each with the sites and spaces it is enabled on:
 * after the sites and spaces, which they name.
 */
export function declareIntegrations(program: Declarer, inventory: Inventory): void {
  const siteTitles = new Map(inventory.sites.map((s) => [s.site.id, s.site.title]));
  const spaceTitles = new Map(inventory.spaces.map((s) => [s.id, s.title]));
  const entries = [...inventory.integrations].sort(byTitle((e) => e.integration.title));
  for (const entry of entries) {
    const { installation, integration } = entry;
    const title = titles.integrationInstallation(integration.title);
    const config = configurationValue(program, entry, "account", installation.configuration, title);
    program.declare(
      integrationInstallation,
      { id: installation.id, title },
      {
        integration: installation.integration,
        configuration: config.value,
        spaceSelection: installation.space_selection,
        siteSelection: installation.site_selection,
      },
      config.secret ? { comments: [SECRET_COMMENT] } : {},
    );
    const installationRef = program.ref(installation.id);
    const at = { integration: installation.integration, installationId: installation.id };
    for (const [kind, held, named] of [
      ["site", entry.sites, siteTitles],
      ["space", entry.spaces, spaceTitles],
    ] as const) {
      for (const on of held) {
        const targetId = (kind === "site" ? on.site : on.space)!;
        const onTitle = titles.integrationOn(named.get(targetId) ?? targetId, integration.title);
        const onConfig = configurationValue(program, entry, kind, on.configuration, onTitle);
        const target = program.ref(targetId);
        const common = {
          integration: installation.integration,
          installationId: installationRef,
          configuration: onConfig.value,
        };
        const extra = onConfig.secret ? { comments: [SECRET_COMMENT] } : {};
        if (kind === "site")
          program.declare(
            integrationSiteInstallation,
            { id: contentInstallationId(at, targetId), title: onTitle },
            { ...common, siteId: target },
            extra,
          );
        else
          program.declare(
            integrationSpaceInstallation,
            { id: contentInstallationId(at, targetId), title: onTitle },
            { ...common, spaceId: target },
            extra,
          );
      }
    }
  }
}
