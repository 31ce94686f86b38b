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
  /** The API token the provider sends as a Bearer token: a secret. */
  apiToken(): string;
  /** Where the token is configured (its config key and variable), for the message of a 401. */
  tokenFrom(): { config: string; env: string };
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

/** Each setting's stack config key and environment variable; `secret` when it holds a credential. */
export const KEYS = {
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

/** The provider's configuration keys, without their namespace: what an explicit provider takes as arguments. */
export const CONFIG_KEYS = [...(Object.keys(KEYS) as Key[]), "workspaces"] as const;

/**
 * The settings that hold a token, secret wherever they are stored: the token, and the named
 * workspaces, whose entries may carry theirs (a secret inside a value would reach state in clear
 * once an SDK serializes the value: the whole value is the secret).
 */
export const SECRET_CONFIG_KEYS: readonly string[] = [
  ...(Object.keys(KEYS) as Key[]).filter((key) => KEYS[key].secret),
  "workspaces",
];

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

/** An absolute http(s) URL without its trailing slash; `where` names the key it came from. */
function parseUrl(raw: string, where: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below, without echoing a value that may hold credentials
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ConfigError(
      `${where} must be an absolute http or https URL such as http://127.0.0.1:4100`,
    );
  }
  return raw.replace(/\/+$/, "");
}

/** A token a header can carry; `where` names the key it came from, never the value. */
function parseToken(raw: string, where: string): string {
  // A header cannot carry it, and the error the request would raise could quote it.
  if (/[\s\p{Cc}]/u.test(raw)) {
    throw new ConfigError(`${where} must be one token, without spaces or line breaks`);
  }
  return raw;
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
      return parseUrl(raw, named("apiUrl"));
    }),
    apiToken: once("apiToken", (raw) => {
      if (raw === undefined) {
        throw new ConfigError(`the API token is not configured: ${howToSet("apiToken")}`);
      }
      return parseToken(raw, named("apiToken"));
    }),
    tokenFrom: () => ({ config: KEYS.apiToken.config, env: KEYS.apiToken.env }),
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

/** A configuration value that cannot be used: the key without its namespace, and why. */
export interface ConfigFailure {
  key: string;
  reason: string;
}

/**
 * Every value `source` sets that the provider could not run with, each naming its key: what a
 * native provider's CheckConfig answers before any request. A value left unset is no failure:
 * the environment may supply it, and a program may need no endpoint at all.
 */
export function configFailures(source: ConfigSource): ConfigFailure[] {
  const config = providerConfig(source, {});
  const failures: ConfigFailure[] = [];
  const attempt = (key: string, resolve: () => unknown) => {
    if (source(`${CONFIG_NAMESPACE}:${key}`) === undefined) return;
    try {
      resolve();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      failures.push({ key, reason: error.message });
    }
  };
  attempt("apiUrl", config.apiUrl);
  attempt("apiToken", config.apiToken);
  attempt("maxConcurrency", config.maxConcurrency);
  attempt("maxRetryWait", config.maxRetryWait);
  attempt("workspaces", () => {
    for (const [name, entry] of parseWorkspaces(source(WORKSPACES.config))) {
      if (entry.apiUrl !== undefined) parseUrl(entry.apiUrl, `${WORKSPACES.config}.${name}.apiUrl`);
    }
  });
  return failures;
}

/**
 * Further workspaces, each an organization the program manages with credentials of its own, named
 * in `docs-workspace:workspaces` (environment fallback `DOCS_WORKSPACE_WORKSPACES`), a JSON object
 * of name to `{ apiUrl?, organizationId?, apiToken? }`:
 *
 * ```sh
 * pulumi config set --path docs-workspace:workspaces.prod.organizationId org_prod
 * pulumi config set --path --secret docs-workspace:workspaces.prod.apiToken <token>
 * ```
 *
 * A workspace's URL defaults to `docs-workspace:apiUrl`; its organization and its token never
 * default to the default workspace's, which are another organization's and another identity's.
 * Its token may come from `DOCS_WORKSPACE_API_TOKEN_<NAME>` instead (the name in capitals, `-` as
 * `_`), as CI jobs hand tokens over. Concurrency and retry wait are the process's.
 */
export const WORKSPACES = {
  config: `${CONFIG_NAMESPACE}:workspaces`,
  env: "DOCS_WORKSPACE_WORKSPACES",
};

/**
 * A workspace's name: lowercase letters, digits and `-`, starting with a letter, so that each
 * name has its own token variable.
 */
export const WORKSPACE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** The environment variable a workspace's token falls back to: `DOCS_WORKSPACE_API_TOKEN_PROD`. */
export function workspaceTokenVariable(name: string): string {
  return `DOCS_WORKSPACE_API_TOKEN_${name.toUpperCase().replace(/-/g, "_")}`;
}

interface WorkspaceEntry {
  apiUrl?: string;
  organizationId?: string;
  apiToken?: string;
}
const ENTRY_FIELDS: readonly (keyof WorkspaceEntry)[] = ["apiUrl", "organizationId", "apiToken"];

/**
 * Reads the workspaces value. Errors name the key, the workspace and the field, never a value:
 * the value holds tokens (so not even JSON.parse's message, which quotes the text).
 */
export function parseWorkspaces(raw: string | undefined): ReadonlyMap<string, WorkspaceEntry> {
  const where = `${WORKSPACES.config} (${WORKSPACES.env})`;
  if (raw === undefined || raw.trim() === "") return new Map();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      `${where} must be a JSON object of workspace name to { apiUrl, organizationId, apiToken }`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(`${where} must be an object of workspace name to settings`);
  }
  const entries = new Map<string, WorkspaceEntry>();
  for (const [name, entry] of Object.entries(value)) {
    if (!WORKSPACE_NAME.test(name)) {
      throw new ConfigError(
        `${where}: the workspace name "${name}" must be 1 to 63 lowercase letters, digits and hyphens, starting with a letter`,
      );
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      throw new ConfigError(`${where}: workspace "${name}" must be an object of settings`);
    }
    const settings: WorkspaceEntry = {};
    for (const [field, v] of Object.entries(entry as Record<string, unknown>)) {
      if (!(ENTRY_FIELDS as readonly string[]).includes(field)) {
        throw new ConfigError(
          `${where}: workspace "${name}" has an unknown setting "${field}"; the settings are ${ENTRY_FIELDS.join(", ")}`,
        );
      }
      if (typeof v !== "string") {
        throw new ConfigError(`${where}: ${name}.${field} must be a string`);
      }
      if (v.trim() !== "") settings[field as keyof WorkspaceEntry] = v.trim();
    }
    entries.set(name, settings);
  }
  return entries;
}

/** The configuration of the named workspaces, beside the default one. */
export interface Workspaces {
  /** The configured names, sorted. */
  names(): string[];
  /**
   * The named workspace's configuration, each key resolving on its own as the default's do; a
   * ConfigError naming the configured workspaces when there is no such name.
   */
  get(name: string): ProviderConfig;
}

/** The named workspaces of one process, read from `source` then `env` when first asked for. */
export function workspacesConfig(
  source: ConfigSource,
  defaults: ProviderConfig,
  env: NodeJS.ProcessEnv = process.env,
): Workspaces {
  let entries: ReadonlyMap<string, WorkspaceEntry> | undefined;
  const read = () =>
    (entries ??= parseWorkspaces(source(WORKSPACES.config) ?? env[WORKSPACES.env]));
  const configs = new Map<string, ProviderConfig>();
  const names = () => [...read().keys()].sort();
  return {
    names,
    get(name) {
      const entry = read().get(name);
      if (entry === undefined) {
        const known = names();
        throw new ConfigError(
          `no workspace "${name}" is configured in ${WORKSPACES.config}; ${known.length === 0 ? "none is" : `the configured ones are ${known.map((n) => `"${n}"`).join(", ")}`} (leave workspace out for the default one)`,
        );
      }
      let config = configs.get(name);
      if (config === undefined) {
        config = workspaceConfig(name, entry, defaults, env);
        configs.set(name, config);
      }
      return config;
    },
  };
}

function workspaceConfig(
  name: string,
  entry: WorkspaceEntry,
  defaults: ProviderConfig,
  env: NodeJS.ProcessEnv,
): ProviderConfig {
  const key = (field: keyof WorkspaceEntry) => `${WORKSPACES.config}.${name}.${field}`;
  const variable = workspaceTokenVariable(name);
  const fromEnv = env[variable]?.trim();
  const token = entry.apiToken ?? (fromEnv === "" ? undefined : fromEnv);
  return {
    apiUrl: () =>
      entry.apiUrl === undefined ? defaults.apiUrl() : parseUrl(entry.apiUrl, key("apiUrl")),
    apiToken() {
      if (token === undefined) {
        throw new ConfigError(
          `the API token of workspace "${name}" is not configured: set it with \`pulumi config set --secret --path ${key("apiToken")} <token>\` or the environment variable ${variable}`,
        );
      }
      return parseToken(token, entry.apiToken !== undefined ? key("apiToken") : variable);
    },
    tokenFrom: () => ({ config: key("apiToken"), env: variable }),
    organizationId: () => entry.organizationId,
    requireOrganizationId() {
      if (entry.organizationId === undefined) {
        throw new ConfigError(
          `organizationId is not set on the resource and workspace "${name}" names no organization: set it with \`pulumi config set --path ${key("organizationId")} <id>\``,
        );
      }
      return entry.organizationId;
    },
    maxConcurrency: () => defaults.maxConcurrency(),
    maxRetryWait: () => defaults.maxRetryWait(),
  };
}
