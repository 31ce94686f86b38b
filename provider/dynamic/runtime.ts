import type * as pulumi from "@pulumi/pulumi";
import type { Handlers } from "../lifecycle/handlers";
import { definitions } from "../resources/registry";

export { configure } from "../context";

/** Every resource kind the package serves (provider/resources/registry.ts), by the kind string its shim captured. */
const registry: Readonly<Record<string, Handlers>> = Object.fromEntries(
  definitions.map((resource) => [resource.kind, resource.handlers]),
);

/**
 * The handlers of one resource kind, what the shim inside each resource's state dispatches to.
 * An unknown kind means the state was written by a newer release than the one installed.
 */
export function provider(kind: string): pulumi.dynamic.ResourceProvider {
  const handlers = registry[kind];
  if (handlers === undefined) {
    throw new Error(
      `pulumi-docs-workspace has no resource kind "${kind}"; the installed version may be older than the one that wrote this stack's state`,
    );
  }
  return handlers;
}
