import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * `npm run plugin`: the provider plugin as Pulumi installs a plugin written in Node.js, one
 * tarball per platform (`pulumi plugin install resource docs-workspace <version> --file <it>`).
 * At its root the launcher `pulumi-resource-docs-workspace`, the package as `npm pack` ships it
 * (its package.json, dist/, from the provider's workspace) and its production node_modules, @pulumi/pulumi included (the plugin's
 * gRPC server runs on its stubs): a machine needs Node alone. It is written to dist/plugin.
 */

const root = path.resolve(__dirname, "..");
/** The provider package's folder (its workspace): what the plugin ships is what it publishes. */
const providerDir = path.join(root, "provider");
const LAUNCHER = "pulumi-resource-docs-workspace";
export const PLUGIN_OUT = path.join(root, "dist", "plugin");

/** Pulumi's names for the platform in a plugin's file name (`linux-amd64`, `darwin-arm64`). */
export function pluginPlatform(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  const osName = platform === "win32" ? "windows" : platform;
  const archName = arch === "x64" ? "amd64" : arch;
  return `${osName}-${archName}`;
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

/**
 * The package.json the plugin installs from: its peer @pulumi/pulumi becomes a dependency at the
 * version the lockfile holds (the one the tests ran), and nothing of the development remains.
 */
export function pluginManifest(manifest: Manifest, lockedPulumi: string): Manifest {
  const { devDependencies: _dev, peerDependencies: _peer, scripts: _scripts, ...rest } = manifest;
  return {
    ...rest,
    dependencies: { ...manifest.dependencies, "@pulumi/pulumi": lockedPulumi },
  };
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr}`);
  }
  return result.stdout;
}

/** Builds the tarball and returns its path. */
export function packPlugin(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(providerDir, "package.json"), "utf8"),
  ) as Manifest;
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const pulumi = lock.packages["node_modules/@pulumi/pulumi"]?.version;
  if (pulumi === undefined) throw new Error("package-lock.json holds no @pulumi/pulumi");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-plugin-"));
  try {
    // What npm publishes (the `files` of package.json), from the build `npm run plugin` made.
    const packed = JSON.parse(
      run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], providerDir),
    ) as { filename: string }[];
    run("tar", ["-xzf", path.join(work, packed[0]!.filename)], work);
    const stage = path.join(work, "package");
    fs.writeFileSync(
      path.join(stage, "package.json"),
      `${JSON.stringify(pluginManifest(manifest, pulumi), null, 2)}\n`,
    );
    // The lockfile keeps every version the tests ran; npm's cache serves what it already holds.
    fs.copyFileSync(path.join(root, "package-lock.json"), path.join(stage, "package-lock.json"));
    run(
      "npm",
      ["install", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
      stage,
    );
    fs.rmSync(path.join(stage, "package-lock.json"));
    const launcher = path.join(stage, LAUNCHER);
    fs.copyFileSync(path.join(providerDir, "native", "plugin", LAUNCHER), launcher);
    fs.chmodSync(launcher, 0o755);
    fs.mkdirSync(PLUGIN_OUT, { recursive: true });
    const name = `${LAUNCHER}-v${manifest.version}-${pluginPlatform()}.tar.gz`;
    const tarball = path.join(PLUGIN_OUT, name);
    run("tar", ["-czf", tarball, "-C", stage, "."], root);
    return tarball;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  process.stdout.write(`${path.relative(process.cwd(), packPlugin())}\n`);
}
