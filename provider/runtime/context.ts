import * as pulumi from "@pulumi/pulumi";
import { ApiClient } from "../client";
import { providerConfig, type ConfigSource, type ProviderConfig } from "../config";

/** What every handler and lookup works with: the configuration, and the process's one client. */
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
let source: ConfigSource = (key) => pulumi.runtime.getConfig(key);
let current: Context | undefined;

/**
 * Called by the dynamic-provider host with the stack config before any other method. The config
 * is read here, in the host process, so the token never passes through resource inputs.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  source = (key) => req.config.get(key);
  current = undefined;
}

/** The context of this process; nothing is resolved until a handler asks for it. */
export function context(): Context {
  if (current === undefined) {
    const config = providerConfig(source);
    let client: ApiClient | undefined;
    current = {
      config,
      get client() {
        client ??= clientFor(config);
        return client;
      },
    };
  }
  return current;
}

/**
 * A client built from the configured URL, token, concurrency and retry wait: a missing or invalid
 * one fails here, naming how to set it.
 */
export function clientFor(config: ProviderConfig): ApiClient {
  return new ApiClient({
    apiUrl: config.apiUrl(),
    apiToken: config.apiToken(),
    maxConcurrency: config.maxConcurrency(),
    retry: { maxTotalWaitMs: config.maxRetryWait() * 1000 },
  });
}
