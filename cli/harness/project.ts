import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { errorText } from "../../common/error-text";

/** The program's project, resolved modules and stack configuration. */
export interface Project {
  name: string;
  dir: string;
  /**
   * What the Node.js language host requires as the program, resolved as it does
   * (`resolveEntryPoint`): a file, or a folder whose index Node then picks.
   */
  main: string;
  /** The program's working directory: the folder of a `main` file, or the `main` folder. */
  cwd: string;
  stack: string;
  /** Full config keys (`project:key`) to string values, as the language host passes them. */
  config: Record<string, string>;
  secretKeys: string[];
}

interface YamlModule {
  load(text: string): unknown;
}

/**
 * Resolves a module as the program would: from the program's folder upward. The program, the
 * harness and the provider host must share one copy of @pulumi/pulumi, and js-yaml comes from
 * @pulumi/pulumi's own dependencies so the harness adds none.
 */
export function programRequire(programDir: string): NodeJS.Require {
  return createRequire(path.join(path.resolve(programDir), "index.ts"));
}

export function pulumiRequire(programDir: string): NodeJS.Require {
  return createRequire(programRequire(programDir).resolve("@pulumi/pulumi/package.json"));
}

function readYaml(file: string, programDir: string): Record<string, unknown> {
  const yaml = pulumiRequire(programDir)("js-yaml") as YamlModule;
  const doc = yaml.load(fs.readFileSync(file, "utf8"));
  return typeof doc === "object" && doc !== null ? (doc as Record<string, unknown>) : {};
}

/** Whether a stack config value holds a value the Pulumi CLI encrypted (`{ secure: ... }`). */
function holdsSecure(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(holdsSecure);
  if (typeof v !== "object" || v === null) return false;
  return "secure" in v || Object.values(v).some(holdsSecure);
}

// Pulumi passes structured config to programs as JSON text; scalars as their string form.
function configText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function fullKey(project: string, key: string): string {
  return key.includes(":") ? key : `${project}:${key}`;
}

export function loadProject(
  programDir: string,
  stack: string,
  overrides: Record<string, string> = {},
  secrets: Record<string, string> = {},
): Project {
  const dir = path.resolve(programDir);
  const projectFile = path.join(dir, "Pulumi.yaml");
  if (!fs.existsSync(projectFile)) throw new Error(`${dir}: no Pulumi.yaml`);
  const doc = readYaml(projectFile, dir);
  const name = doc.name;
  if (typeof name !== "string" || name === "") {
    throw new Error(`${projectFile}: "name" is required`);
  }
  const entry = resolveEntryPoint(dir, typeof doc.main === "string" ? doc.main : "");

  const config: Record<string, string> = {};
  const secretKeys = new Set<string>();
  // Project-level declarations may carry defaults (`config: { key: { default: x } }`).
  if (typeof doc.config === "object" && doc.config !== null) {
    for (const [k, decl] of Object.entries(doc.config as Record<string, unknown>)) {
      if (typeof decl === "object" && decl !== null) {
        const d = decl as Record<string, unknown>;
        const v = d.value ?? d.default;
        if (v !== undefined) config[fullKey(name, k)] = configText(v);
        if (d.secret === true) secretKeys.add(fullKey(name, k));
      } else if (decl !== undefined && decl !== null) {
        config[fullKey(name, k)] = configText(decl);
      }
    }
  }
  const stackFile = path.join(dir, `Pulumi.${stack}.yaml`);
  if (fs.existsSync(stackFile)) {
    const stackDoc = readYaml(stackFile, dir);
    const stackConfig = (stackDoc.config ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(stackConfig)) {
      const key = fullKey(name, k);
      // Encrypted at the top, or inside a structured value (`pulumi config set --path --secret`).
      if (holdsSecure(v)) {
        if (key in secrets) continue;
        throw new Error(
          `${stackFile}: ${key} is encrypted by the Pulumi CLI, which the harness cannot decrypt; pass it as a secret (--secret-env ${key}=VARIABLE or --secret-file ${key}=FILE)`,
        );
      }
      config[key] = configText(v);
    }
  }
  for (const [k, v] of Object.entries(overrides)) {
    config[fullKey(name, k)] = v;
    secretKeys.delete(fullKey(name, k));
  }
  for (const [k, v] of Object.entries(secrets)) {
    config[fullKey(name, k)] = v;
    secretKeys.add(fullKey(name, k));
  }
  return {
    name,
    dir,
    main: entry.program,
    cwd: entry.cwd,
    stack,
    config,
    secretKeys: [...secretKeys],
  };
}

/** Where the Node.js language host runs a program from, and what it requires. */
export interface EntryPoint {
  /** The working directory the host gives the program. */
  cwd: string;
  /** The file (or folder, whose index Node picks) the host requires. */
  program: string;
  /** The package manifest whose `exports` or `main` named the program, when one did. */
  manifest?: string;
}

/** The manifests the host looks for, in its order (runtime/manifest.js in @pulumi/pulumi). */
const PACKAGE_MANIFESTS = ["package.json", "package.yaml"];

function nearestManifest(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const name of PACKAGE_MANIFESTS) {
      const file = path.join(dir, name);
      if (fs.existsSync(file)) return file;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

interface PackageManifest {
  main?: unknown;
  exports?: unknown;
  type?: unknown;
}

function readManifest(file: string): PackageManifest {
  try {
    const text = fs.readFileSync(file, "utf8");
    const doc = file.endsWith(".json")
      ? (JSON.parse(text) as unknown)
      : (pulumiRequire(path.dirname(file))("js-yaml") as YamlModule).load(text);
    return typeof doc === "object" && doc !== null ? (doc as PackageManifest) : {};
  } catch {
    // The host reads it best-effort too: an unreadable manifest names no entry.
    return {};
  }
}

/** The entry a manifest names, as the host reads it: `exports`, else `main`. */
function manifestEntry(pkg: PackageManifest): string | undefined {
  const { exports } = pkg;
  if (typeof exports === "string") return exports;
  if (typeof exports === "object" && exports !== null) {
    const dot = (exports as Record<string, unknown>)["."];
    if (typeof dot === "string") return dot;
    if (typeof dot === "object" && dot !== null) {
      const d = dot as Record<string, unknown>;
      const first = [d.default, d.require, d.import].find((v) => typeof v === "string" && v);
      return first as string | undefined;
    }
    // An `exports` without "." leaves the program folder, and `main` is not consulted.
    return undefined;
  }
  return typeof pkg.main === "string" && pkg.main !== "" ? pkg.main : undefined;
}

/**
 * The program the Pulumi CLI's Node.js host runs for a project, found as it finds it (the
 * engine's getPwdMain, then cmd/run/run.js in @pulumi/pulumi 3.248):
 * - Pulumi.yaml's `main` naming a file: that file, run from its folder;
 * - `main` naming a folder, or no `main` (the project's folder): run from that folder, and the
 *   program is what the NEAREST package manifest from there upward names (`exports`, its "."
 *   entry, else `main`), when that path exists; otherwise the folder itself, whose index Node
 *   picks. Inside a repository whose package.json names a library, a folder therefore runs the
 *   library: name the program's file in `main`.
 */
export function resolveEntryPoint(projectDir: string, mainField: string): EntryPoint {
  const root = path.resolve(projectDir);
  let cwd = root;
  let file: string | undefined;
  if (mainField !== "") {
    const target = path.resolve(root, mainField);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(target);
    } catch (e) {
      throw new Error(
        `${path.join(root, "Pulumi.yaml")}: project 'main' could not be read: ${errorText(e)}`,
      );
    }
    if (stat.isDirectory()) cwd = target;
    else [cwd, file] = [path.dirname(target), target];
  }
  const manifest = nearestManifest(cwd);
  const pkg = manifest === undefined ? {} : readManifest(manifest);
  if (manifest !== undefined && pkg.type === "module") {
    throw new Error(
      `${manifest}: "type": "module" makes the Node.js host import the program as an ES module, which the harness does not run`,
    );
  }
  if (file !== undefined) return { cwd, program: file };
  const named = manifest === undefined ? undefined : manifestEntry(pkg);
  if (named === undefined) return { cwd, program: cwd };
  const program = path.join(path.dirname(manifest!), named);
  // The host warns and falls back to the folder when the named entry does not exist.
  return fs.existsSync(program) ? { cwd, program, manifest } : { cwd, program: cwd };
}
