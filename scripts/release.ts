/**
 * `npm run release`: the release's dry run. It packs every workspace as `npm publish` would
 * (`npm pack --dry-run --json`, after the build `npm run release` runs first) and checks what
 * each tarball holds: its README and CHANGELOG, every `exports` entry with its types, `main` and
 * `types`, each bin present, executable and starting with a shebang, the provider's native plugin
 * (its launcher, executable, and schema.json), each dist holding only its own folder and its
 * compiled common/, no test file, no TypeScript source but declarations, and one version for the
 * three (Changesets' fixed group), which the tools' dependency on the provider accepts. It prints
 * one line per package and exits non-zero naming every problem found. Publishing itself is
 * `npx changeset publish`, after `npx changeset version` wrote the versions and changelogs.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** The repository: this file runs from dist/scripts (`npm run release`) or scripts (the tests). */
const root = path.resolve(
  __dirname,
  path.basename(path.dirname(__dirname)) === "dist" ? "../.." : "..",
);
/** The workspaces that ship, by folder. */
export const WORKSPACES = ["provider", "emulator", "cli"] as const;
/** Files a package ships besides its dist. */
const PROVIDER_PLUGIN = ["native/plugin/pulumi-resource-docs-workspace", "native/schema.json"];

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  main?: string;
  types?: string;
  exports?: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** One package as the dry run packs it: its manifest and the files (path, mode) it ships. */
export interface PackedPackage {
  dir: string;
  manifest: Manifest;
  files: { path: string; mode: number }[];
  /** The text of a shipped file, read from the package's folder. */
  read(file: string): string;
}

const normal = (file: string) => file.replace(/^\.\//, "");

/** Each `exports` entry's files: `default` (or the plain string) and `types`. */
function exportProblems(pkg: PackedPackage, has: (f: string) => boolean): string[] {
  const problems: string[] = [];
  for (const [entry, target] of Object.entries(pkg.manifest.exports ?? {})) {
    const targets = typeof target === "string" ? { default: target } : target;
    if (entry !== "./package.json" && !targets.types?.endsWith(".d.ts")) {
      problems.push(`exports["${entry}"] names no .d.ts types`);
    }
    for (const [condition, file] of Object.entries(targets)) {
      if (!has(normal(file)))
        problems.push(`exports["${entry}"].${condition}: ${file} is not packed`);
    }
  }
  for (const key of ["main", "types"] as const) {
    const file = pkg.manifest[key];
    if (file !== undefined && !has(normal(file))) problems.push(`${key}: ${file} is not packed`);
  }
  return problems;
}

/** Each bin: packed, executable, and a script the shell can run (a shebang). */
function binProblems(pkg: PackedPackage, mode: (f: string) => number | undefined): string[] {
  return Object.entries(pkg.manifest.bin ?? {}).flatMap(([command, target]) => {
    const file = normal(target);
    const found = mode(file);
    if (found === undefined) return [`bin ${command}: ${file} is not packed`];
    const problems: string[] = [];
    if ((found & 0o111) === 0) problems.push(`bin ${command}: ${file} is not executable`);
    if (!pkg.read(file).startsWith("#!")) problems.push(`bin ${command}: ${file} has no shebang`);
    return problems;
  });
}

/** What must not ship: tests, their maps, TypeScript sources, another package's folder. */
function contentProblems(pkg: PackedPackage): string[] {
  const own = path.basename(pkg.dir);
  return pkg.files.flatMap(({ path: file }) => {
    if (/(^|\/)(test|tests|__tests__)\//.test(file) || /\.test\.[cm]?[jt]s(\.map)?$/.test(file)) {
      return [`${file}: a test file`];
    }
    if (/\.[cm]?ts$/.test(file) && !/\.d\.[cm]?ts$/.test(file)) {
      return [`${file}: a TypeScript source (only .d.ts ship)`];
    }
    const dist = /^dist\/([^/]+)\//.exec(file)?.[1];
    if (dist !== undefined && dist !== own && dist !== "common") {
      return [`${file}: another package's folder in this package's dist`];
    }
    return [];
  });
}

/** Every problem of one packed package, each naming the file or field at fault. */
export function problemsOf(pkg: PackedPackage): string[] {
  const modes = new Map(pkg.files.map((f) => [f.path, f.mode]));
  const has = (file: string) => modes.has(file);
  const problems: string[] = [];
  if (pkg.manifest.private) problems.push("package.json: private, so it cannot be published");
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(pkg.manifest.version)) {
    problems.push(`version ${pkg.manifest.version} is not a semantic version`);
  }
  for (const file of ["package.json", "README.md", "CHANGELOG.md"]) {
    if (!has(file)) problems.push(`${file} is not packed`);
  }
  if (has("CHANGELOG.md") && !pkg.read("CHANGELOG.md").includes(`## ${pkg.manifest.version}`)) {
    problems.push(`CHANGELOG.md has no section for ${pkg.manifest.version}`);
  }
  if (path.basename(pkg.dir) === "provider") {
    for (const file of PROVIDER_PLUGIN) if (!has(file)) problems.push(`${file} is not packed`);
    const launcher = modes.get(PROVIDER_PLUGIN[0]!);
    if (launcher !== undefined && (launcher & 0o111) === 0) {
      problems.push(`${PROVIDER_PLUGIN[0]} is not executable`);
    }
  }
  return [
    ...problems,
    ...exportProblems(pkg, has),
    ...binProblems(pkg, (file) => modes.get(file)),
    ...contentProblems(pkg),
  ];
}

/** Problems across the packages: one version (a fixed group), and the tools accept it. */
export function groupProblems(packages: PackedPackage[]): string[] {
  const versions = new Set(packages.map((p) => p.manifest.version));
  const problems =
    versions.size > 1 ? [`versions differ: ${[...versions].join(", ")} (a fixed group)`] : [];
  for (const pkg of packages) {
    for (const other of packages) {
      const range = pkg.manifest.dependencies?.[other.manifest.name];
      if (range !== undefined && range !== `^${other.manifest.version}`) {
        problems.push(
          `${pkg.manifest.name} depends on ${other.manifest.name}@${range}, not ^${other.manifest.version}`,
        );
      }
    }
  }
  return problems;
}

/** The dry run of `npm pack` for every workspace of `cwd`, with the manifests. */
export function packDryRun(cwd: string = root): PackedPackage[] {
  const args = ["pack", "--dry-run", "--json", "--ignore-scripts"];
  for (const dir of WORKSPACES) args.push("--workspace", dir);
  const packed = JSON.parse(
    execFileSync("npm", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
  ) as { name: string; files: { path: string; mode: number }[] }[];
  return WORKSPACES.map((dir) => {
    const folder = path.join(cwd, dir);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(folder, "package.json"), "utf8"),
    ) as Manifest;
    const found = packed.find((p) => p.name === manifest.name);
    if (found === undefined) throw new Error(`npm pack did not pack ${dir} (${manifest.name})`);
    return {
      dir: folder,
      manifest,
      files: found.files,
      read: (file: string) => fs.readFileSync(path.join(folder, file), "utf8"),
    };
  });
}

function main(): void {
  const packages = packDryRun();
  const problems = [
    ...packages.flatMap((pkg) => problemsOf(pkg).map((p) => `${pkg.manifest.name}: ${p}`)),
    ...groupProblems(packages),
  ];
  for (const pkg of packages) {
    const bins = Object.keys(pkg.manifest.bin ?? {});
    console.log(
      `${pkg.manifest.name}@${pkg.manifest.version}: ${pkg.files.length} files, exports ${Object.keys(pkg.manifest.exports ?? {}).join(" ")}${bins.length > 0 ? `, bins ${bins.join(" ")}` : ""}`,
    );
  }
  if (problems.length > 0) {
    console.error(
      `release: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log("release: every package is ready to publish (dry run; nothing was published)");
}

if (require.main === module) main();
