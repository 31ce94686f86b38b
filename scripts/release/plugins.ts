/**
 * The release's plugin archives, `pulumi-resource-docs-workspace-v<version>-<os>-<arch>.tar.gz`
 * for linux, darwin and windows on amd64 and arm64: what the engine downloads from the schema's
 * `pluginDownloadURL` and unpacks into `~/.pulumi/plugins/resource-docs-workspace-v<version>/`.
 * Each holds, at its root:
 * - the launcher the engine runs: `pulumi-resource-docs-workspace`, a POSIX sh script, on linux
 *   and darwin; `pulumi-resource-docs-workspace.cmd` on windows (the engine looks for `.exe`,
 *   then `.cmd`: getCandidateExtensions in sdk/go/common/workspace/plugins.go);
 * - `node/bin/node` (`node.exe`): the platform's own Node.js binary from the registry's package,
 *   untouched (macOS on arm64 runs only signed binaries; it keeps its signature), and Node's
 *   LICENSE beside it;
 * - the provider package as `npm pack` ships it (package.json, dist/ with schema.json, README,
 *   CHANGELOG) and its production node_modules, @pulumi/pulumi included.
 * The package and its modules are staged once (they are pure JavaScript: the stage refuses a
 * native addon) and packed with each platform's launcher and runtime.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HEADER_BYTES, binaryTarget } from "./binary-target";
import {
  PLATFORMS,
  nodeRuntime,
  runtimePins,
  type NodeRuntime,
  type Platform,
} from "./node-runtime";
import { readTarGz, type TarEntry } from "./tar";
import type { ReleaseContext, ReleaseFile } from "./types";

export const LAUNCHER = "pulumi-resource-docs-workspace";
const MAIN = "dist/provider/native/main.js";
const SCHEMA = "dist/provider/native/schema.json";
/** What the staged package contributes to every archive, besides node_modules. */
const PACKAGE_ENTRIES = ["package.json", "README.md", "CHANGELOG.md", "dist", "node_modules"];
/** Development tools that must never reach an archive's node_modules. */
const DEV_MODULES = [
  "jest",
  "typescript",
  "ts-jest",
  "tsx",
  "eslint",
  "prettier",
  "node",
  "@types/jest",
];

export const archiveName = (version: string, platform: string) =>
  `${LAUNCHER}-v${version}-${platform}.tar.gz`;

const isWindows = (platform: string) => platform.startsWith("windows-");
export const launcherName = (platform: string) =>
  isWindows(platform) ? `${LAUNCHER}.cmd` : LAUNCHER;
export const nodeBinaryPath = (platform: string) =>
  isWindows(platform) ? "node/bin/node.exe" : "node/bin/node";

/** Pulumi's names for a Node.js platform in a plugin's file name (`linux-amd64`, `darwin-arm64`). */
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

/** Files under `dir` that are native addons: built for one platform, they cannot ship in six. */
export function nativeAddons(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".node") || path.basename(file) === "binding.gyp")
    .map((file) => file.split(path.sep).join("/"));
}

/**
 * The provider package staged in `work/package`: what npm publishes (from the build already
 * made), its manifest for a plugin, and its production modules installed from the lockfile.
 */
export function stageProvider(root: string, work: string): string {
  const providerDir = path.join(root, "provider");
  const manifest = JSON.parse(
    fs.readFileSync(path.join(providerDir, "package.json"), "utf8"),
  ) as Manifest;
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const pulumi = lock.packages["node_modules/@pulumi/pulumi"]?.version;
  if (pulumi === undefined) throw new Error("package-lock.json holds no @pulumi/pulumi");
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
  fs.rmSync(path.join(stage, "node_modules", ".package-lock.json"), { force: true });
  const addons = nativeAddons(path.join(stage, "node_modules"));
  if (addons.length > 0) {
    throw new Error(
      `the production modules hold native addons, built for this machine only: ${addons.join(", ")}`,
    );
  }
  return stage;
}

/** Writes one platform's archive from the staged package and its runtime; resolves its path. */
export function writeArchive(
  root: string,
  stage: string,
  runtime: NodeRuntime,
  license: string,
  version: string,
  outDir: string,
): Promise<string> {
  const platform = runtime.platform;
  const own = fs.mkdtempSync(path.join(path.dirname(stage), `${platform}-`));
  const launcher = launcherName(platform);
  fs.copyFileSync(
    path.join(root, "scripts", "release", "launchers", launcher),
    path.join(own, launcher),
  );
  fs.chmodSync(path.join(own, launcher), 0o755);
  const bin = path.join(own, path.dirname(nodeBinaryPath(platform)));
  fs.mkdirSync(bin, { recursive: true });
  // A hard link where the cache shares the file system, else a copy: never a second download.
  const binary = path.join(own, nodeBinaryPath(platform));
  try {
    fs.linkSync(runtime.binary, binary);
  } catch {
    fs.copyFileSync(runtime.binary, binary);
  }
  fs.chmodSync(binary, 0o755);
  fs.copyFileSync(license, path.join(own, "node", "LICENSE"));
  const archive = path.join(outDir, archiveName(version, platform));
  const args = ["--owner=0", "--group=0", "--numeric-owner", "-czf", archive];
  args.push("-C", stage, ...PACKAGE_ENTRIES.filter((e) => fs.existsSync(path.join(stage, e))));
  args.push("-C", own, launcher, "node");
  return new Promise((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(archive)
        : reject(new Error(`tar for ${platform} failed (${code}): ${err}`)),
    );
  });
}

/**
 * Archives for `platforms`, into `outDir`: the package staged once, two archives compressed at a
 * time (the machines that build a release have two cores).
 */
export async function buildArchives(
  root: string,
  version: string,
  outDir: string,
  platforms: readonly Platform[] = PLATFORMS,
): Promise<{ platform: Platform; archive: string }[]> {
  const pins = runtimePins(root);
  const runtimes = platforms.map((platform) => nodeRuntime(root, platform, pins));
  // Node's LICENSE is the same text for every platform of a version; the Windows packages omit it.
  const license =
    runtimes.find((r) => r.license !== undefined)?.license ??
    nodeRuntime(root, "linux-amd64", pins).license;
  if (license === undefined)
    throw new Error(`no Node.js ${pins.version} package holds its LICENSE`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-plugins-"));
  try {
    const stage = stageProvider(root, work);
    fs.mkdirSync(outDir, { recursive: true });
    const written: { platform: Platform; archive: string }[] = [];
    const queue = [...runtimes];
    const worker = async () => {
      for (let runtime = queue.shift(); runtime !== undefined; runtime = queue.shift()) {
        const archive = await writeArchive(root, stage, runtime, license, version, outDir);
        written.push({ platform: runtime.platform, archive });
      }
    };
    await Promise.all([worker(), worker()]);
    return platforms.map((p) => written.find((w) => w.platform === p)!);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The release step: the six archives. */
export async function pluginArchives({
  version,
  root,
  out,
}: ReleaseContext): Promise<ReleaseFile[]> {
  const built = await buildArchives(root, version, out);
  return built.map(({ platform, archive }) => {
    const [osName, arch] = platform.split("-") as [string, string];
    return { file: path.basename(archive), kind: "plugin", os: osName, arch };
  });
}

/** The first bytes of each entry the archive checks read. */
export const keepForCheck = (platform: string) => (entry: string) =>
  entry === nodeBinaryPath(platform)
    ? HEADER_BYTES
    : entry === launcherName(platform) || entry === "package.json" || entry === SCHEMA
      ? 1 << 20
      : 0;

/** The entries of an archive as the checks read them. */
export const archiveEntries = (file: string, platform: string) =>
  readTarGz(file, keepForCheck(platform));

/**
 * Every problem of one platform's archive, each naming the entry at fault: the launcher at the
 * root, executable, running the bundled node and main.js; the node binary built for the platform;
 * the package at `version` with its schema; @pulumi/pulumi; no development file, no native addon.
 */
export function archiveProblems(entries: TarEntry[], platform: string, version: string): string[] {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const problems: string[] = [];
  const launcher = byPath.get(launcherName(platform));
  if (launcher === undefined) {
    problems.push(`${launcherName(platform)}: no launcher at the archive's root`);
  } else {
    if (!isWindows(platform) && (launcher.mode & 0o111) === 0) {
      problems.push(`${launcher.path}: not executable`);
    }
    const text = launcher.head?.toString("utf8") ?? "";
    if (!isWindows(platform) && !text.startsWith("#!/bin/sh\n")) {
      problems.push(`${launcher.path}: not a #!/bin/sh script`);
    }
    const node = isWindows(platform) ? "%~dp0node\\bin\\node.exe" : '"$here/node/bin/node"';
    if (!text.includes(node)) problems.push(`${launcher.path}: does not run the bundled ${node}`);
  }
  if (isWindows(platform) && byPath.has(`${LAUNCHER}.exe`)) {
    problems.push(`${LAUNCHER}.exe: the engine would run it before the .cmd launcher`);
  }
  const node = byPath.get(nodeBinaryPath(platform));
  if (node === undefined) {
    problems.push(`${nodeBinaryPath(platform)}: no Node.js runtime`);
  } else {
    if (!isWindows(platform) && (node.mode & 0o111) === 0) {
      problems.push(`${node.path}: not executable`);
    }
    const target = binaryTarget(node.head ?? Buffer.alloc(0));
    const [osName, arch] = platform.split("-");
    if (typeof target === "string") problems.push(`${node.path}: ${target}`);
    else if (target.os !== osName || target.arch !== arch) {
      problems.push(`${node.path}: built for ${target.os}-${target.arch}, not ${platform}`);
    }
  }
  if (!byPath.has("node/LICENSE")) problems.push("node/LICENSE: Node.js's licence is not shipped");
  if (!byPath.has(MAIN)) problems.push(`${MAIN}: the provider's entry is not packed`);
  const pkg = byPath.get("package.json")?.head?.toString("utf8");
  const pkgVersion = pkg === undefined ? undefined : (JSON.parse(pkg) as Manifest).version;
  if (pkgVersion !== version) problems.push(`package.json: version ${pkgVersion}, not ${version}`);
  const schema = byPath.get(SCHEMA)?.head?.toString("utf8");
  if (schema === undefined) problems.push(`${SCHEMA}: the schema is not packed`);
  else {
    const schemaVersion = (JSON.parse(schema) as { version?: string }).version;
    if (schemaVersion !== version) {
      problems.push(`${SCHEMA}: version ${schemaVersion}, not ${version} (run \`npm run schema\`)`);
    }
  }
  if (!byPath.has("node_modules/@pulumi/pulumi/package.json")) {
    problems.push("node_modules/@pulumi/pulumi: not packed (the gRPC server runs on its stubs)");
  }
  for (const dev of DEV_MODULES) {
    if (byPath.has(`node_modules/${dev}`) || byPath.has(`node_modules/${dev}/package.json`)) {
      problems.push(`node_modules/${dev}: a development module`);
    }
  }
  for (const { path: file } of entries) {
    if (file.startsWith("node_modules/")) {
      if (file.endsWith(".node")) problems.push(`${file}: a native addon, built for one platform`);
      continue;
    }
    if (/(^|\/)(test|tests|__tests__)\//.test(file) || /\.test\.[cm]?[jt]s(\.map)?$/.test(file)) {
      problems.push(`${file}: a test file`);
    } else if (/\.[cm]?ts$/.test(file) && !/\.d\.[cm]?ts$/.test(file)) {
      problems.push(`${file}: a TypeScript source`);
    }
  }
  return problems;
}
