/* eslint-disable @typescript-eslint/no-require-imports -- a call-time require is the point: see below */
import type * as pulumi from "@pulumi/pulumi";

/**
 * The provider object every Resource hands to `super()`. Pulumi serializes it into each
 * resource's state (`__provider`) and re-loads it in the dynamic-provider host, so it must stay
 * tiny, identical across releases and free of secrets: each method captures the kind string and
 * nothing else, and requires the installed package's runtime at call time.
 *
 * The runtime is required by package name: the host loads this code from a string, with no file
 * of its own, so the name is resolved from node_modules upward from the host's working directory.
 */
export function shim(kind: string): pulumi.dynamic.ResourceProvider {
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
