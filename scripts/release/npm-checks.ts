/**
 * The checks of each npm tarball of the release, on the tarball itself (what `npm publish` would
 * upload): its README and CHANGELOG, every `exports` entry with its types, `main` and `types`,
 * each bin present, executable and starting with a shebang, the provider's native plugin (its
 * launcher, executable, and schema.json), each dist holding only its own folder and its compiled
 * common/, no test file, no TypeScript source but declarations, and one version for the packages
 * (Changesets' fixed group), which the tools' dependency on the provider accepts.
 */
import * as path from "node:path";
import { readTarGz } from "./tar";

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

/** One packed package: its manifest and the files (path, mode) it ships. */
export interface PackedPackage {
  dir: string;
  manifest: Manifest;
  files: { path: string; mode: number }[];
  /** The text of a shipped file. */
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

/** A packed tarball as the checks read it; `dir` is the folder of the workspace it came from. */
export function packedTarball(file: string, dir: string): PackedPackage {
  const entries = readTarGz(file, () => 1 << 20)
    .filter((e) => e.type === "file" && e.path.startsWith("package/"))
    .map((e) => ({ ...e, path: e.path.slice("package/".length) }));
  const text = new Map(entries.map((e) => [e.path, e.head?.toString("utf8") ?? ""]));
  return {
    dir,
    manifest: JSON.parse(text.get("package.json") ?? "{}") as Manifest,
    files: entries.map((e) => ({ path: e.path, mode: e.mode })),
    read: (name: string) => text.get(name) ?? "",
  };
}
