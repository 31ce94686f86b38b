import { DEFAULT_RETRY_POLICY } from "../../provider/client/retry";
import {
  DEFAULT_MAX_CONCURRENCY,
  KEYS,
  WORKSPACES,
  workspaceTokenVariable,
} from "../../provider/config";
import type { ObjectTypeSpec, PropertySpec, TypeTable } from "./spec";

/**
 * The provider's configuration as the schema declares it: the stack config keys
 * `docs-workspace:<key>` (`config.variables`) and the arguments of an explicit provider
 * (`provider.inputProperties`), each with the environment variable provider/config.ts falls back
 * to, so that every SDK reads the same one.
 */

type Setting = keyof typeof KEYS;

const TYPES: Record<Setting, PropertySpec["type"]> = {
  apiUrl: "string",
  apiToken: "string",
  organizationId: "string",
  maxConcurrency: "integer",
  maxRetryWait: "number",
};

const DEFAULTS: Partial<Record<Setting, number>> = {
  maxConcurrency: DEFAULT_MAX_CONCURRENCY,
  maxRetryWait: DEFAULT_RETRY_POLICY.maxTotalWaitMs / 1000,
};

/** One named workspace's settings: what `parseWorkspaces` accepts. */
function workspaceSettings(): ObjectTypeSpec {
  return {
    description:
      "One named workspace of `docs-workspace:workspaces`: an organization the program manages with credentials of its own.",
    type: "object",
    properties: {
      apiUrl: {
        type: "string",
        description: "The API's base URL; defaults to the default workspace's `apiUrl`.",
      },
      organizationId: {
        type: "string",
        description:
          "The workspace's organization: never the default workspace's. Resources of the workspace default to it.",
      },
      apiToken: {
        type: "string",
        secret: true,
        description: `The workspace's API token; never the default workspace's. Environment fallback: \`${workspaceTokenVariable("<name>")}\` (the name in capitals, \`-\` as \`_\`).`,
      },
    },
  };
}

/** The configuration properties, in the order provider/config.ts declares them. */
export function configProperties(
  table: TypeTable,
  docs: Readonly<Record<string, string | undefined>>,
): Record<string, PropertySpec> {
  const properties: Record<string, PropertySpec> = {};
  for (const [name, key] of Object.entries(KEYS) as [Setting, (typeof KEYS)[Setting]][]) {
    const fallback = DEFAULTS[name];
    properties[name] = {
      type: TYPES[name],
      description: [docs[name], `Environment fallback: \`${key.env}\`.`]
        .filter((p) => p !== undefined)
        .join("\n\n"),
      ...(fallback === undefined ? {} : { default: fallback }),
      defaultInfo: { environment: [key.env] },
      ...(key.secret ? { secret: true } : {}),
    };
  }
  const settings = table.define("WorkspaceSettings", workspaceSettings());
  properties.workspaces = {
    type: "object",
    additionalProperties: settings,
    // Its entries may hold tokens, and an SDK marks only a top-level property secret: the whole
    // object is (SECRET_CONFIG_KEYS in provider/config.ts, which the plugin's CheckConfig marks).
    secret: true,
    description: [
      docs.workspaces,
      `Environment fallback: \`${WORKSPACES.env}\`, the same object as JSON.`,
    ]
      .filter((p) => p !== undefined)
      .join("\n\n"),
  };
  return properties;
}
