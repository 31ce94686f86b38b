/**
 * The Node.js runtime each plugin archive carries: the npm registry's per-platform Node.js
 * package (the official build's `node` binary, as nodejs.org signs it), pinned with its registry
 * `integrity` in node-runtimes.json, fetched once with `npm pack` into `.cache/node-runtimes/`,
 * verified on every use, and unpacked there once.
 */
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** Pulumi's platform names, in the order the archives are built. */
export const PLATFORMS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "darwin-arm64",
  "windows-amd64",
  "windows-arm64",
] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface RuntimePin {
  package: string;
  integrity: string;
}

export interface RuntimePins {
  version: string;
  platforms: Record<Platform, RuntimePin>;
}

/** One runtime, ready to pack: the binary and, where its package has one, Node's LICENSE. */
export interface NodeRuntime {
  platform: Platform;
  version: string;
  package: string;
  /** `node`, or `node.exe` on Windows. */
  binary: string;
  license?: string;
}

export function runtimePins(root: string): RuntimePins {
  return JSON.parse(
    fs.readFileSync(path.join(root, "scripts", "release", "node-runtimes.json"), "utf8"),
  ) as RuntimePins;
}

export const cacheDir = (root: string) => path.join(root, ".cache", "node-runtimes");

/** The file's Subresource Integrity string in the algorithm `integrity` names (npm's sha512). */
export function integrityOf(file: string, integrity: string): string {
  const algorithm = integrity.split("-")[0]!;
  const digest = crypto.createHash(algorithm).update(fs.readFileSync(file)).digest("base64");
  return `${algorithm}-${digest}`;
}

/** The problem with a fetched package file, or undefined when it is the one pinned. */
export function integrityProblem(
  file: string,
  pin: RuntimePin,
  version: string,
): string | undefined {
  const found = integrityOf(file, pin.integrity);
  return found === pin.integrity
    ? undefined
    : `${pin.package}@${version}: ${path.basename(file)} has integrity ${found}, not the pinned ${pin.integrity}`;
}

const isWindows = (platform: Platform) => platform.startsWith("windows-");

/** The runtime of one platform, fetched and unpacked unless the cache already holds it. */
export function nodeRuntime(
  root: string,
  platform: Platform,
  pins = runtimePins(root),
): NodeRuntime {
  const pin = pins.platforms[platform];
  const cache = cacheDir(root);
  fs.mkdirSync(cache, { recursive: true });
  const tgz = path.join(cache, `${pin.package}-${pins.version}.tgz`);
  if (!fs.existsSync(tgz) || integrityProblem(tgz, pin, pins.version) !== undefined) {
    fs.rmSync(tgz, { force: true });
    execFileSync(
      "npm",
      ["pack", `${pin.package}@${pins.version}`, "--pack-destination", cache, "--silent"],
      { cwd: cache, stdio: ["ignore", "ignore", "pipe"] },
    );
  }
  const problem = integrityProblem(tgz, pin, pins.version);
  if (problem !== undefined) throw new Error(problem);
  const unpacked = path.join(cache, `${pin.package}-${pins.version}`);
  const binary = path.join(unpacked, "bin", isWindows(platform) ? "node.exe" : "node");
  const license = path.join(unpacked, "LICENSE");
  if (!fs.existsSync(binary)) {
    // Only the binary and the licence: the packages also carry npm, headers and man pages.
    const members = isWindows(platform)
      ? ["package/bin/node.exe"]
      : ["package/bin/node", "package/LICENSE"];
    const staging = `${unpacked}.partial`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    execFileSync("tar", ["-xzf", tgz, "-C", staging, "--strip-components=1", ...members]);
    fs.rmSync(unpacked, { recursive: true, force: true });
    fs.renameSync(staging, unpacked);
  }
  return {
    platform,
    version: pins.version,
    package: pin.package,
    binary,
    ...(fs.existsSync(license) ? { license } : {}),
  };
}
