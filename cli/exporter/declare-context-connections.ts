import type { SiteContextConnection } from "pulumi-docs-workspace/tools";
import {
  ContextSetupFields,
  SECRET_SETUP_FIELDS,
  siteContextConnection,
} from "pulumi-docs-workspace/tools";
import { code, type Value } from "./code";
import { byTitle, type ArgumentsOf, type Declarer } from "./declarations";
import type { SiteInventory } from "./inventory";
import { titles } from "./titles";

const SETUP_NAMES = Object.keys(ContextSetupFields) as (keyof typeof ContextSetupFields)[];
const isSecret = (field: string) => (SECRET_SETUP_FIELDS as readonly string[]).includes(field);

type Args = ArgumentsOf<typeof siteContextConnection>;

/** What a connection is called in the program: its label, or its connector. */
const nameOf = (c: SiteContextConnection) => c.label ?? c.connector;

/**
 * The sources the site's agent reads. Their credentials are answered redacted: the program reads
 * each from a secret in stack config, which the export names (the notes say which connection
 * and field) and never writes.
 */
export function declareSiteContextConnections(
  program: Declarer,
  { site: s, contextConnections }: SiteInventory,
  siteRef: Value,
): void {
  for (const connection of [...contextConnections].sort(byTitle(nameOf))) {
    const title = titles.siteContextConnection(s.title, nameOf(connection));
    const settings = connection.setupSettings ?? {};
    const fields = SETUP_NAMES.map((name) => {
      if (settings[name] === undefined) return [name, undefined] as const;
      if (!isSecret(name)) return [name, settings[name]] as const;
      const key = program.secret(
        `${title} ${name}`,
        "contextConnectionSecret",
        `${name} of the ${connection.connector} context connection ${nameOf(connection)} on site ${s.title}`,
      );
      return [name, code(`config.requireSecret(${JSON.stringify(key)})`)] as const;
    });
    program.declare(
      siteContextConnection,
      { id: connection.id, title },
      {
        siteId: siteRef,
        connector: connection.connector,
        // Every setup field, those the connector does not take left undefined.
        ...(Object.fromEntries(fields) as Pick<Args, (typeof SETUP_NAMES)[number]>),
        usageSettings: {
          ...connection.usageSettings,
          sync: connection.usageSettings.sync ?? false,
        },
        filter: connection.filter,
        label: connection.label,
        // How long a new connection's `up` waits is the program's choice: the default.
        syncTimeoutSeconds: undefined,
      },
      fields.some(([name, value]) => isSecret(name) && value !== undefined)
        ? { comments: ["Each credential is a secret the export does not write: see the notes."] }
        : {},
    );
  }
}
