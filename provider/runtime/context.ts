import * as pulumi from "@pulumi/pulumi";
import { ApiClient } from "../client";
import { resolveConfig, type ConfigSource, type ProviderConfig } from "../config";

/** What every handler works with: the resolved configuration and the process's one client. */
export interface Context {
  config: ProviderConfig;
  client: ApiClient;
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

/** The context for this process, built on first use; a missing URL or token fails here. */
export function context(): Context {
  if (current === undefined) {
    const config = resolveConfig(source);
    current = { config, client: new ApiClient(config) };
  }
  return current;
}
