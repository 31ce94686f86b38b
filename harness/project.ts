import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

/** The program's project, resolved modules and stack configuration. */
export interface Project {
  name: string;
  dir: string;
  /** Entry file of the program (Pulumi.yaml `main`, else index.ts, else index.js). */
  main: string;
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
  const mainField = typeof doc.main === "string" ? doc.main : "";
  const mainPath = path.resolve(dir, mainField);
  const main =
    mainField !== "" && fs.existsSync(mainPath) && fs.statSync(mainPath).isFile()
      ? mainPath
      : (["index.ts", "index.js"]
          .map((f) => path.join(mainPath, f))
          .find((f) => fs.existsSync(f)) ?? path.join(mainPath, "index.ts"));

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
  return { name, dir, main, stack, config, secretKeys: [...secretKeys] };
}
