import type * as pulumi from "@pulumi/pulumi";
import { configure } from "../context";
import type { Handlers } from "../lifecycle/handlers";
import { definitions } from "../resources/registry";

export { configure };

/** Every resource kind the package serves (provider/resources/registry.ts), by its kind string. */
const registry: Readonly<Record<string, Handlers>> = Object.fromEntries(
  definitions.map((resource) => [resource.kind, resource.handlers]),
);

/**
 * The handlers of one resource kind. The `__provider` text of states written before 0.4.0 (a
 * serialized shim) calls this and {@link configure} at each method; an unknown kind means the
 * state was written by a newer release than the one installed.
 */
export function provider(kind: string): Handlers {
  const handlers = registry[kind];
  if (handlers === undefined) {
    throw new Error(
      `pulumi-docs-workspace has no resource kind "${kind}"; the installed version may be older than the one that wrote this stack's state`,
    );
  }
  return handlers;
}

/**
 * The provider the `__provider` text of a state written from 0.4.0 on hands the dynamic-provider
 * host (provider/dynamic/shim.ts): the kind's handlers, and the configure the host calls once.
 */
export function dynamicProvider(kind: string): pulumi.dynamic.ResourceProvider {
  return { configure, ...provider(kind) };
}
