import * as path from "node:path";
import { PLATFORMS, type Platform } from "./release/node-runtime";
import { buildArchives, pluginPlatform } from "./release/plugins";
import { releaseVersion, repoRoot } from "./release/types";

/**
 * `npm run plugin`: the release's plugin archive for this machine's platform alone (see
 * scripts/release/plugins.ts: the launcher, its own Node.js, the package and its production
 * modules), for `pulumi plugin install resource docs-workspace <version> --file <it>`. It is
 * written to dist/plugin; `npm run release` makes all six.
 */

export { pluginManifest, pluginPlatform } from "./release/plugins";

const root = repoRoot(__dirname);
export const PLUGIN_OUT = path.join(root, "dist", "plugin");

/** Builds the archive of this machine's platform and returns its path. */
export async function packPlugin(): Promise<string> {
  const platform = pluginPlatform();
  if (!(PLATFORMS as readonly string[]).includes(platform)) {
    throw new Error(`no Node.js runtime is pinned for ${platform} (${PLATFORMS.join(", ")})`);
  }
  const [built] = await buildArchives(root, releaseVersion(root), PLUGIN_OUT, [
    platform as Platform,
  ]);
  return built!.archive;
}

if (require.main === module) {
  packPlugin().then(
    (archive) => process.stdout.write(`${path.relative(process.cwd(), archive)}\n`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
