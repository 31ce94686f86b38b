import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

/** The workspaces that ship, by folder, and the name each is published under. */
export const PACKAGES = {
  provider: "pulumi-docs-workspace",
  emulator: "docs-workspace-emulator",
  cli: "docs-workspace-cli",
} as const;
export type PackageName = (typeof PACKAGES)[keyof typeof PACKAGES];

export interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

/** What `npm pack --json` says of one package. */
export interface Packed {
  name: string;
  filename: string;
  files: { path: string; mode: number }[];
}

/**
 * The three packages as `npm pack` makes them from `cwd` (a checkout whose dists are built, or
 * whose `prepack` builds them), written to `dest`: name -> tarball path. With `ignoreScripts`,
 * the dists already built are packed as they are.
 */
export function packWorkspaces(
  dest: string,
  { cwd = root, ignoreScripts = true }: { cwd?: string; ignoreScripts?: boolean } = {},
): Record<PackageName, string> {
  const args = ["pack", "--json", "--pack-destination", dest];
  if (ignoreScripts) args.push("--ignore-scripts");
  for (const dir of Object.keys(PACKAGES)) args.push("--workspace", dir);
  const out = execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  // prepack's build prints before the JSON when scripts run: the JSON is the last array.
  const packed = JSON.parse(out.slice(out.lastIndexOf("\n[") + 1 || 0)) as Packed[];
  return Object.fromEntries(packed.map((p) => [p.name, path.join(dest, p.filename)])) as Record<
    PackageName,
    string
  >;
}

/**
 * Installs packed packages into `dir`/node_modules as npm lays them out: each tarball unpacked
 * under its name, and beside them exactly what their package.json files declare (dependencies
 * and peers) that is not one of them, linked from this repository's node_modules, so no registry
 * is needed. Anything a package uses without declaring it is missing there, as for a user.
 */
export function installTarballs(dir: string, tarballs: Partial<Record<PackageName, string>>) {
  const modules = path.join(dir, "node_modules");
  const declared = new Set<string>();
  for (const [name, tarball] of Object.entries(tarballs)) {
    const installed = path.join(modules, name);
    fs.mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["xzf", tarball, "-C", installed, "--strip-components=1"]);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(installed, "package.json"), "utf8"),
    ) as Manifest;
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      declared.add(dep);
    }
    // Its commands, linked into node_modules/.bin as npm links them (npx finds them there).
    for (const [command, target] of Object.entries(manifest.bin ?? {})) {
      fs.mkdirSync(path.join(modules, ".bin"), { recursive: true });
      fs.symlinkSync(path.join("..", name, target), path.join(modules, ".bin", command));
    }
  }
  for (const name of declared) {
    const link = path.join(modules, name);
    if (fs.existsSync(link)) continue;
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules", name), link);
  }
}

/**
 * A scratch project of a user's: `files` written into it and the given packed packages installed
 * (by default the provider alone, with its @pulumi/pulumi peer and its two dependencies). Needs
 * the built dists (`npm test` builds first).
 */
export function installPacked(
  files: Record<string, string>,
  names: PackageName[] = [PACKAGES.provider],
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-installed-"));
  const tarballs = packWorkspaces(dir);
  installTarballs(dir, Object.fromEntries(names.map((name) => [name, tarballs[name]])));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The top-level packages a project's node_modules holds (`@scope/name` for scoped ones). */
export function installedNames(dir: string): string[] {
  const modules = path.join(dir, "node_modules");
  return fs
    .readdirSync(modules)
    .flatMap((entry) =>
      entry.startsWith("@")
        ? fs.readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`)
        : entry.startsWith(".")
          ? []
          : [entry],
    );
}
