import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS, CONFIG_NAMESPACE } from "./config";

/**
 * Configuration keys of the provider's namespace that it does not read (`docs-workspace:apiURL`):
 * accepted silently they would leave the setting at its default, or the token in the environment
 * in use. Each is answered with a warning naming the closest key; a key is never refused, since a
 * newer release may read it.
 */

/** What the engine itself adds to a provider's inputs, beside the configuration. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** Edits (insert, delete, substitute) from `a` to `b`, letters compared without case. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) {
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[y.length]!;
}

/**
 * The warning for each key (without its namespace) the provider does not read, naming the
 * closest known key when one is within a third of its length, else every key.
 */
export function unknownConfigWarnings(keys: Iterable<string>): string[] {
  const warnings: string[] = [];
  for (const key of keys) {
    if ((CONFIG_KEYS as readonly string[]).includes(key) || ENGINE_KEYS.has(key)) continue;
    const [closest] = [...CONFIG_KEYS]
      .map((known) => ({ known, d: distance(key, known) }))
      .sort((a, b) => a.d - b.d);
    const near =
      closest !== undefined && closest.d <= Math.max(1, Math.floor(closest.known.length / 3));
    warnings.push(
      `${CONFIG_NAMESPACE}:${key} is not a setting of the ${CONFIG_NAMESPACE} provider and is ignored; ` +
        (near
          ? `did you mean ${CONFIG_NAMESPACE}:${closest.known}?`
          : `its settings are ${CONFIG_KEYS.map((k) => `${CONFIG_NAMESPACE}:${k}`).join(", ")}`),
    );
  }
  return warnings;
}

let warned = false;

/**
 * The dynamic resources' side, where no CheckConfig runs (the engine configures the
 * `pulumi-nodejs` provider): the program process warns once, at its first resource, about the
 * stack config's unknown keys of the namespace. The native plugin warns from CheckConfig.
 */
export function warnUnknownConfigOnce(): void {
  if (warned) return;
  warned = true;
  const prefix = `${CONFIG_NAMESPACE}:`;
  const keys = Object.keys(pulumi.runtime.allConfig())
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  for (const warning of unknownConfigWarnings(keys)) void pulumi.log.warn(warning);
}
