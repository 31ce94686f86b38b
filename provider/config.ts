import { DEFAULT_RETRY_POLICY } from "./client/retry";

/**
 * Where the provider's endpoint, token and default organization come from: the stack config
 * (`docs-workspace:apiUrl`, `docs-workspace:apiToken` as a secret, `docs-workspace:organizationId`,
 * `docs-workspace:maxConcurrency`), with the environment as fallback. Read at call time, never
 * from resource inputs, so no credential is ever serialized into state.
 *
 * Each key resolves on its own, when first asked for: check fills in the default organization
 * without needing the token, and a missing or invalid URL or token fails at the first request,
 * naming the config key and the environment variable.
 */
export interface ProviderConfig {
  /** The API's base URL, without a trailing slash. */
  apiUrl(): string;
  apiToken(): string;
  /** The default organization, if one is configured. */
  organizationId(): string | undefined;
  /** The default organization; a ConfigError naming how to set it when none is configured. */
  requireOrganizationId(): string;
  /** Requests in flight per process, 1 to 64; default 8. */
  maxConcurrency(): number;
  /**
   * The longest one request may spend waiting between its retries, in seconds (0 to 86,400;
   * default 300): a server's `Retry-After` is waited in full while the total stays under it.
   */
  maxRetryWait(): number;
}

/** Reads one configuration key such as `docs-workspace:apiUrl`; undefined when not set. */
export type ConfigSource = (key: string) => string | undefined;

export const CONFIG_NAMESPACE = "docs-workspace";
export const DEFAULT_MAX_CONCURRENCY = 8;

const KEYS = {
  apiUrl: { config: `${CONFIG_NAMESPACE}:apiUrl`, env: "DOCS_WORKSPACE_API_URL", secret: false },
  apiToken: {
    config: `${CONFIG_NAMESPACE}:apiToken`,
    env: "DOCS_WORKSPACE_API_TOKEN",
    secret: true,
  },
  organizationId: {
    config: `${CONFIG_NAMESPACE}:organizationId`,
    env: "DOCS_WORKSPACE_ORGANIZATION_ID",
    secret: false,
  },
  maxConcurrency: {
    config: `${CONFIG_NAMESPACE}:maxConcurrency`,
    env: "DOCS_WORKSPACE_MAX_CONCURRENCY",
    secret: false,
  },
  maxRetryWait: {
    config: `${CONFIG_NAMESPACE}:maxRetryWait`,
    env: "DOCS_WORKSPACE_MAX_RETRY_WAIT",
    secret: false,
  },
} as const;
type Key = keyof typeof KEYS;

/** Thrown for configuration the provider cannot run with; its message says how to fix it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** `docs-workspace:apiUrl (DOCS_WORKSPACE_API_URL)`: both places a value can come from. */
function named(key: Key): string {
  return `${KEYS[key].config} (${KEYS[key].env})`;
}

function howToSet(key: Key): string {
  const { config, env, secret } = KEYS[key];
  return `set it with \`pulumi config set ${secret ? "--secret " : ""}${config} <value>\` or the environment variable ${env}`;
}

/** The configuration of one process, read from `source` then `env`, each key once. */
export function providerConfig(
  source: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfig {
  const cache = new Map<Key, unknown>();
  const once =
    <T>(key: Key, resolve: (raw: string | undefined) => T) =>
    (): T => {
      if (!cache.has(key)) {
        const raw = source(KEYS[key].config) ?? env[KEYS[key].env];
        cache.set(key, resolve(raw === undefined || raw.trim() === "" ? undefined : raw.trim()));
      }
      return cache.get(key) as T;
    };
  const organizationId = once("organizationId", (raw) => raw);
  return {
    apiUrl: once("apiUrl", (raw) => {
      if (raw === undefined) {
        throw new ConfigError(`the API URL is not configured: ${howToSet("apiUrl")}`);
      }
      let url: URL | undefined;
      try {
        url = new URL(raw);
      } catch {
        // reported below, without echoing a value that may hold credentials
      }
      if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
        throw new ConfigError(
          `${named("apiUrl")} must be an absolute http or https URL such as http://127.0.0.1:4100`,
        );
      }
      return raw.replace(/\/+$/, "");
    }),
    apiToken: once("apiToken", (raw) => {
      if (raw === undefined) {
        throw new ConfigError(`the API token is not configured: ${howToSet("apiToken")}`);
      }
      // A header cannot carry it, and the error the request would raise could quote it.
      if (/[\s\p{Cc}]/u.test(raw)) {
        throw new ConfigError(
          `${named("apiToken")} must be one token, without spaces or line breaks`,
        );
      }
      return raw;
    }),
    organizationId,
    requireOrganizationId() {
      const id = organizationId();
      if (id === undefined) {
        throw new ConfigError(
          `organizationId is not set on the resource and no default is configured: ${howToSet("organizationId")}`,
        );
      }
      return id;
    },
    maxConcurrency: once("maxConcurrency", (raw) => {
      const value = raw === undefined ? DEFAULT_MAX_CONCURRENCY : Number(raw);
      if (!Number.isInteger(value) || value < 1 || value > 64) {
        throw new ConfigError(`${named("maxConcurrency")} must be an integer from 1 to 64`);
      }
      return value;
    }),
    maxRetryWait: once("maxRetryWait", (raw) => {
      const value = raw === undefined ? DEFAULT_RETRY_POLICY.maxTotalWaitMs / 1000 : Number(raw);
      if (!Number.isFinite(value) || value < 0 || value > 86_400) {
        throw new ConfigError(
          `${named("maxRetryWait")} must be a number of seconds from 0 to 86400`,
        );
      }
      return value;
    }),
  };
}
