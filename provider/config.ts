/**
 * Where the provider's endpoint, token and default organization come from: the stack config
 * (`docs-workspace:apiUrl`, `docs-workspace:apiToken` as a secret, `docs-workspace:organizationId`,
 * `docs-workspace:maxConcurrency`), with the environment as fallback. Read at call time, never
 * from resource inputs, so no credential is ever serialized into state.
 */
export interface ProviderConfig {
  apiUrl: string;
  apiToken: string;
  organizationId?: string;
  maxConcurrency: number;
}

/** Reads one configuration key such as `docs-workspace:apiUrl`; undefined when not set. */
export type ConfigSource = (key: string) => string | undefined;

export const CONFIG_NAMESPACE = "docs-workspace";
export const DEFAULT_MAX_CONCURRENCY = 8;

const KEYS = {
  apiUrl: { config: `${CONFIG_NAMESPACE}:apiUrl`, env: "DOCS_WORKSPACE_API_URL" },
  apiToken: { config: `${CONFIG_NAMESPACE}:apiToken`, env: "DOCS_WORKSPACE_API_TOKEN" },
  organizationId: {
    config: `${CONFIG_NAMESPACE}:organizationId`,
    env: "DOCS_WORKSPACE_ORGANIZATION_ID",
  },
  maxConcurrency: {
    config: `${CONFIG_NAMESPACE}:maxConcurrency`,
    env: "DOCS_WORKSPACE_MAX_CONCURRENCY",
  },
} as const;

/** Thrown for configuration the provider cannot run with; its message says how to fix it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function lookup(
  source: ConfigSource,
  env: NodeJS.ProcessEnv,
  key: keyof typeof KEYS,
): string | undefined {
  const value = source(KEYS[key].config) ?? env[KEYS[key].env];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function howToSet(key: keyof typeof KEYS, secret = false): string {
  return `set it with \`pulumi config set ${secret ? "--secret " : ""}${KEYS[key].config} <value>\` or the environment variable ${KEYS[key].env}`;
}

export function resolveConfig(
  source: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfig {
  const apiUrl = lookup(source, env, "apiUrl");
  const apiToken = lookup(source, env, "apiToken");
  const missing: string[] = [];
  if (apiUrl === undefined) missing.push(`the API URL is not configured: ${howToSet("apiUrl")}`);
  if (apiToken === undefined) {
    missing.push(`the API token is not configured: ${howToSet("apiToken", true)}`);
  }
  if (missing.length > 0) throw new ConfigError(missing.join("; "));

  let parsedUrl: URL;
  try {
    parsedUrl = new URL(apiUrl!);
  } catch {
    throw new ConfigError(
      `${KEYS.apiUrl.config} must be an absolute URL such as http://127.0.0.1:4100`,
    );
  }
  if (parsedUrl.protocol !== "http:" && parsedUrl.protocol !== "https:") {
    throw new ConfigError(`${KEYS.apiUrl.config} must be an http or https URL`);
  }

  const rawConcurrency = lookup(source, env, "maxConcurrency");
  const maxConcurrency =
    rawConcurrency === undefined ? DEFAULT_MAX_CONCURRENCY : Number(rawConcurrency);
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1 || maxConcurrency > 64) {
    throw new ConfigError(`${KEYS.maxConcurrency.config} must be an integer from 1 to 64`);
  }

  const organizationId = lookup(source, env, "organizationId");
  return {
    apiUrl: apiUrl!.replace(/\/+$/, ""),
    apiToken: apiToken!,
    maxConcurrency,
    ...(organizationId === undefined ? {} : { organizationId }),
  };
}

/** The organization a resource works in: its own argument, else the configured default. */
export function requireOrganization(config: ProviderConfig, explicit?: string): string {
  const organizationId = explicit ?? config.organizationId;
  if (organizationId === undefined) {
    throw new ConfigError(
      `organizationId is not set on the resource and no default is configured: ${howToSet("organizationId")}`,
    );
  }
  return organizationId;
}
