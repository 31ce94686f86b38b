/* eslint-disable @typescript-eslint/no-require-imports -- a call-time require is the point: see below */
import type * as pulumi from "@pulumi/pulumi";

/**
 * A provider object for one resource kind. Pulumi serializes it into each resource's state
 * (`__provider`) and re-loads it in the dynamic-provider host, so it must stay tiny, identical
 * across releases and free of secrets: each method captures the kind string and nothing else,
 * and requires the installed package's runtime at call time.
 *
 * The runtime is required by package name: the host loads this code from a string, with no file
 * of its own, so the name is resolved from node_modules upward from the host's working directory.
 *
 * Resources use {@link shim}, never this: each new object costs a serialization.
 */
export function createShim(kind: string): pulumi.dynamic.ResourceProvider {
  return {
    configure: (req) => require("pulumi-docs-workspace/runtime").configure(req),
    check: (olds, news) =>
      require("pulumi-docs-workspace/runtime").provider(kind).check(olds, news),
    diff: (id, olds, news) =>
      require("pulumi-docs-workspace/runtime").provider(kind).diff(id, olds, news),
    create: (inputs) => require("pulumi-docs-workspace/runtime").provider(kind).create(inputs),
    read: (id, props) => require("pulumi-docs-workspace/runtime").provider(kind).read(id, props),
    update: (id, olds, news) =>
      require("pulumi-docs-workspace/runtime").provider(kind).update(id, olds, news),
    delete: (id, props) =>
      require("pulumi-docs-workspace/runtime").provider(kind).delete(id, props),
  };
}

const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object every Resource of `kind` hands to `super()`: one object per kind, made
 * once. Pulumi caches the serialized provider per object, so a program serializes each kind once
 * (a fresh object per resource costs a closure serialization each, about 8 to 15 ms).
 */
export function shim(kind: string): pulumi.dynamic.ResourceProvider {
  let provider = shims.get(kind);
  if (provider === undefined) {
    provider = createShim(kind);
    shims.set(kind, provider);
  }
  return provider;
}
