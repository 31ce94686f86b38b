import * as path from "node:path";

/**
 * Node's compile cache for the worker and the provider host, which load the same large modules
 * (@pulumi/pulumi, TypeScript, gRPC) at every run: about a third less time to start. Kept where
 * tools keep their caches, in the node_modules that holds @pulumi/pulumi; unless the user set
 * NODE_COMPILE_CACHE themselves, or turned it off with NODE_DISABLE_COMPILE_CACHE.
 */
export function compileCacheEnv(): NodeJS.ProcessEnv {
  if (process.env.NODE_COMPILE_CACHE || process.env.NODE_DISABLE_COMPILE_CACHE) return {};
  try {
    const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const modules = path.resolve(sdk, "..", "..");
    return { NODE_COMPILE_CACHE: path.join(modules, ".cache", "docs-workspace-harness") };
  } catch {
    return {};
  }
}
