import * as pulumi from "@pulumi/pulumi";
import { createHash } from "node:crypto";
import { ApiClient, ApiError } from "./client";
import {
  ConfigError,
  providerConfig,
  workspacesConfig,
  type ConfigSource,
  type ProviderConfig,
  type Workspaces,
} from "./config";

/** What every handler and lookup works with: the configuration, and the workspace's one client. */
export interface Context {
  config: ProviderConfig;
  /**
   * Built on first use, from the configured URL, token, concurrency and retry wait: a missing or invalid one
   * fails here, at the first request, never at check.
   */
  readonly client: ApiClient;
}

/**
 * In the program process (lookups) the stack config comes from Pulumi's runtime; in the
 * dynamic-provider host, from `configure()`.
 */
let current: ConfigSource = (key) => pulumi.runtime.getConfig(key);

/** Every key read so far from the current source, and its answer. */
let answered = new Map<string, string | undefined>();

/** What contexts read through: the current source, whichever that is when a key is first read. */
const source: ConfigSource = (key) => {
  const value = current(key);
  answered.set(key, value);
  return value;
};

/** The contexts of this process: the default workspace's under `""`, then each named one's. */
let contexts = new Map<string, Context>();
let workspaces: Workspaces | undefined;

/**
 * Called by the dynamic-provider host with the stack config before any other method. The config
 * is read here, in the host process, so no token passes through resource inputs. The host calls
 * it once per kind (each kind's provider is its own closure), all with the same config.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  useConfig((key) => req.config.get(key));
  await checkToken();
}

/** The token checks of this process, by URL and the token's hash: one request for each pair. */
const tokenChecks = new Map<string, Promise<void>>();

/**
 * One cheap authenticated read (`GET /v1/orgs?limit=1`) with the default workspace's URL and
 * token, once per process, when both are configured: a refused token then fails Configure, so a
 * preview (whose creates send nothing) fails too, naming the config key and the variable. Any
 * other failure is left to the first request that needs the service: the check is not retried
 * and fails nothing else. A URL or token not configured is a ConfigError at that request.
 */
export async function checkToken(): Promise<void> {
  const { config } = context();
  let apiUrl: string;
  let apiToken: string;
  try {
    apiUrl = config.apiUrl();
    apiToken = config.apiToken();
  } catch (error) {
    if (error instanceof ConfigError) return;
    throw error;
  }
  const key = `${apiUrl}\n${createHash("sha256").update(apiToken).digest("hex")}`;
  let check = tokenChecks.get(key);
  if (check === undefined) {
    const client = clientFor(config, { maxTotalWaitMs: 0, timeoutMs: 10_000 });
    check = client.request("GET", "/v1/orgs", { query: { limit: 1 } }).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) throw error;
      },
    );
    tokenChecks.set(key, check);
  }
  await check;
}

/**
 * Where the handlers read their configuration from: the provider host's stack config, or a
 * tool's flags (`docs-workspace pending`); the environment stays behind it. A source that answers
 * every key read so far as the current one did keeps the contexts, and with them each workspace's
 * one client: its concurrency, and the lists its reads gather (a refresh's reads of one kind
 * would otherwise start counting again when the next kind's provider is configured).
 */
export function useConfig(next: ConfigSource): void {
  const same = [...answered].every(([key, value]) => next(key) === value);
  current = next;
  if (same) return;
  answered = new Map();
  contexts = new Map();
  workspaces = undefined;
}

function contextOf(config: ProviderConfig): Context {
  let client: ApiClient | undefined;
  return {
    config,
    get client() {
      client ??= clientFor(config);
      return client;
    },
  };
}

/**
 * The context of a workspace: the default one (today's `docs-workspace:apiUrl`, `apiToken` and
 * `organizationId`) when `workspace` is absent, else the one `docs-workspace:workspaces` names,
 * with a client of its own. Nothing is resolved until a handler asks for it; an unknown name is a
 * ConfigError naming the configured ones.
 */
export function context(workspace?: string | null): Context {
  const name = workspace ?? "";
  let ctx = contexts.get(name);
  if (ctx === undefined) {
    let defaults = contexts.get("");
    if (defaults === undefined) {
      defaults = contextOf(providerConfig(source));
      contexts.set("", defaults);
    }
    if (name === "") return defaults;
    workspaces ??= workspacesConfig(source, defaults.config);
    ctx = contextOf(workspaces.get(name));
    contexts.set(name, ctx);
  }
  return ctx;
}

/**
 * A client built from the configured URL, token, concurrency and retry wait: a missing or invalid
 * one fails here, naming how to set it. `once` shortens the waits for a request that must not
 * hold anything up (the token check).
 */
export function clientFor(
  config: ProviderConfig,
  once: { maxTotalWaitMs?: number; timeoutMs?: number } = {},
): ApiClient {
  return new ApiClient({
    apiUrl: config.apiUrl(),
    apiToken: config.apiToken(),
    maxConcurrency: config.maxConcurrency(),
    retry: { maxTotalWaitMs: once.maxTotalWaitMs ?? config.maxRetryWait() * 1000 },
    ...(once.timeoutMs === undefined ? {} : { timeoutMs: once.timeoutMs }),
    tokenFrom: config.tokenFrom(),
  });
}
