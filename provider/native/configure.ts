import { CONFIG_KEYS, CONFIG_NAMESPACE, configFailures, type ConfigSource } from "../config";
import { checkToken, useConfig } from "../context";
import { sameValue, UNKNOWN, type Props } from "../lifecycle/compare";
import { asText } from "./marshal";

/**
 * The provider's configuration over the native protocol. The engine hands a default provider the
 * stack config twice: as `variables` (`docs-workspace:apiUrl` to its text) and as `args` (`apiUrl`
 * to its value); an explicit provider (`new Provider("prod", { apiUrl })`) brings `args` only.
 * Both feed the one configuration resolution of provider/config.ts, the environment behind them.
 */

/** A source reading `args` (keys without the namespace) first, then `variables`. */
export function configSource(args: Props, variables: ReadonlyMap<string, string>): ConfigSource {
  const prefix = `${CONFIG_NAMESPACE}:`;
  return (key) => {
    if (!key.startsWith(prefix)) return undefined;
    const arg = args[key.slice(prefix.length)];
    // Not known yet (an explicit provider's argument during preview): as if not set.
    if (arg === UNKNOWN) return undefined;
    return asText(arg) ?? variables.get(key);
  };
}

/**
 * Configure: every later call of this process reads its configuration from here; a token the
 * service refuses fails here (checkToken).
 */
export async function configure(
  args: Props,
  variables: ReadonlyMap<string, string>,
): Promise<void> {
  useConfig(configSource(args, variables));
  await checkToken();
}

/**
 * CheckConfig: each value set that the provider could not run with, naming its key. A value not
 * set is no failure: the environment may hold it, and a program may make no request at all.
 */
export function checkConfig(news: Props): { property: string; reason: string }[] {
  return configFailures(configSource(news, new Map())).map((f) => ({
    property: f.key,
    reason: f.reason,
  }));
}

/**
 * DiffConfig: the configuration keys whose value changed. None replaces the provider: a new URL or
 * token reaches the same objects, and an object's organization is its own input.
 */
export function diffConfig(olds: Props, news: Props): string[] {
  return CONFIG_KEYS.filter((key) => !sameValue(olds[key], news[key]));
}
