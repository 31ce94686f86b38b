import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { GO_MODULE_PATH } from "./native-schema";
import {
  findPulumiCli,
  findPythonVenv,
  pulumiEnv,
  runPulumi,
  type PulumiResult,
} from "./pulumi-cli/run";

/**
 * `npm run sdk`: the native provider's SDKs, generated from provider/native/schema.json by the
 * real CLI's `pulumi package gen-sdk <schema> --language <l>` and committed under sdk/: sdk/nodejs
 * (npm `pulumi-docs-workspace-native`, a workspace package: `npm run build` compiles it into
 * sdk/nodejs/bin), sdk/python (PyPI `pulumi-docs-workspace`, import `pulumi_docs_workspace`,
 * pyproject) and sdk/go (package `.../sdk/go/docsworkspace` of the Go module whose go.mod is
 * sdk/go.mod, released by the tag `sdk/v<version>`). Each carries the schema's version, which is
 * provider/package.json's: after `npx changeset version`, run `npm run schema && npm run sdk`.
 * test/native/sdk.test.ts fails when the committed SDKs differ from a fresh generation.
 *
 * gen-sdk asks the language's plugin to generate the code (its GeneratePackage call). The
 * language hosts the Go module proxy serves predate that call; the hosts scripts/pulumi-cli/build.sh
 * puts in the CLI's folder (its langhost) answer it with the code generators of pkg/v3 at the
 * CLI's release. .NET and Java have no generator here: theirs live in pulumi-dotnet and
 * pulumi-java, which the proxy does not serve (docs/native-sdks.md).
 */

const root = path.resolve(__dirname, "..");
export const SCHEMA_PATH = path.join(root, "provider", "native", "schema.json");
/** Where the SDKs are committed. */
export const SDK_DIR = path.join(root, "sdk");
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];
/** The PyPI name of the Python SDK (gen-sdk writes the import name; pip treats both as one). */
export const PYTHON_DISTRIBUTION = "pulumi-docs-workspace";
/**
 * Files under sdk/ that `npm run sdk` does not write and keeps (gen-sdk empties a language's folder):
 * Changesets' changelog of the Node.js SDK, a workspace package of the fixed version group.
 */
export const KEPT_FILES = ["nodejs/CHANGELOG.md"];
/** What builds write inside sdk/ (git-ignored: sdk/.gitignore), never compared nor committed. */
export const BUILD_OUTPUT = ["nodejs/bin", "nodejs/node_modules", "python/build", "python/dist"];

/**
 * `pulumi package gen-sdk` of the schema for one language, into `<out>/<language>`, then what
 * makes it a package of its registry: for Python the PyPI name and the README pyproject names
 * beside it, for Go the module's go.mod at `<out>/go.mod` (its direct requirements: `tidyGoModule`
 * completes it).
 */
export async function generateSdk(language: SdkLanguage, out: string): Promise<PulumiResult> {
  const cliDir = findPulumiCli();
  if (cliDir === undefined) {
    throw new Error("no Pulumi CLI: build it with `bash scripts/pulumi-cli/build.sh`");
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-sdk-"));
  let result: PulumiResult;
  try {
    const env = pulumiEnv({ cliDir, home, backend: home, passphrase: "unused" });
    result = await runPulumi(
      ["package", "gen-sdk", SCHEMA_PATH, "--language", language, "--out", out],
      { cwd: root, env },
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  if (result.code !== 0) return result;
  if (language === "python") finishPythonSdk(path.join(out, "python"));
  if (language === "go") writeGoMod(out);
  return result;
}

/**
 * gen-sdk names the Python project by its import name and points pyproject's `readme` at a
 * README.md it writes inside the package only: the project is named as it is published
 * (`pulumi-docs-workspace`), and the README is copied where pyproject reads it.
 */
function finishPythonSdk(dir: string): void {
  const pyproject = path.join(dir, "pyproject.toml");
  const text = fs.readFileSync(pyproject, "utf8");
  const named = text.replace(
    /^(\s*name = )"pulumi_docs_workspace"$/m,
    `$1"${PYTHON_DISTRIBUTION}"`,
  );
  if (named === text) throw new Error(`${pyproject}: no project name pulumi_docs_workspace`);
  fs.writeFileSync(pyproject, named);
  fs.copyFileSync(
    path.join(dir, "pulumi_docs_workspace", "README.md"),
    path.join(dir, "README.md"),
  );
}

/** The CLI's release of github.com/pulumi/pulumi/sdk/v3 (scripts/pulumi-cli/cli/go.mod). */
export function pulumiGoSdkVersion(): string {
  const mod = fs.readFileSync(path.join(root, "scripts", "pulumi-cli", "cli", "go.mod"), "utf8");
  const found = /^\s*github\.com\/pulumi\/pulumi\/sdk\/v3 (v\S+)/m.exec(mod);
  if (found === null) throw new Error("scripts/pulumi-cli/cli/go.mod requires no pulumi sdk/v3");
  return found[1]!;
}

/**
 * The Go module's go.mod at `<out>/go.mod` (the contract's layout: the module is sdk/, the
 * package sdk/go/docsworkspace), with what the generated code imports: the CLI's sdk/v3, the
 * semver package. gen-sdk writes no go.mod of its own here (the schema has no `supportPack`).
 */
export function writeGoMod(out: string): void {
  fs.writeFileSync(
    path.join(out, "go.mod"),
    [
      `module ${GO_MODULE_PATH}`,
      "",
      "go 1.25",
      "",
      "require (",
      "\tgithub.com/blang/semver v3.5.1+incompatible",
      `\tgithub.com/pulumi/pulumi/sdk/v3 ${pulumiGoSdkVersion()}`,
      ")",
      "",
    ].join("\n"),
  );
}

/**
 * `go mod tidy` of the module at `dir`: the indirect requirements and go.sum, as a Go module
 * commits them. The checksum database is not reachable here (GOSUMDB=off): go.sum's hashes are
 * the module proxy's, the same the database holds.
 */
export function tidyGoModule(dir: string): void {
  const result = spawnSync("go", ["mod", "tidy"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", GOSUMDB: "off" },
  });
  if (result.status !== 0) {
    throw new Error(`go mod tidy in ${dir} exited ${result.status}:\n${result.stderr}`);
  }
}

/** gen-sdk of every language into `out`, the Go module tidied: what sdk/ holds. */
export async function generateSdks(out: string): Promise<void> {
  for (const language of SDK_LANGUAGES) {
    const result = await generateSdk(language, out);
    if (result.code !== 0) {
      throw new Error(`gen-sdk --language ${language} exited ${result.code}:\n${result.stderr}`);
    }
  }
  tidyGoModule(out);
}

/**
 * The generated files under `dir` (an sdk/ folder), by path relative to it, with their text: what
 * `npm run sdk` writes, leaving out the kept files and build output.
 */
export function sdkFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const skip = new Set([...KEPT_FILES, ...BUILD_OUTPUT]);
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (skip.has(child) || entry.name === "__pycache__" || entry.name.endsWith(".egg-info")) {
        continue;
      }
      if (entry.isDirectory()) walk(child);
      else files.set(child, fs.readFileSync(path.join(dir, child), "utf8"));
    }
  };
  walk("");
  return files;
}

/**
 * Compiles a generated Node.js SDK into its `bin/`, with this project's TypeScript and
 * @pulumi/pulumi, its package.json beside (the SDK reads its version there): the folder a program
 * depends on (`file:<project>/sdk/nodejs/bin`), as Pulumi's own providers publish theirs.
 */
export function buildNodejsSdk(dir: string): void {
  const modules = path.join(dir, "node_modules");
  // A workspace package may have a node_modules of its own; else the project's, for the build.
  const linked = !fs.existsSync(modules);
  if (linked) fs.symlinkSync(path.join(root, "node_modules"), modules, "dir");
  try {
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    const result = spawnSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], {
      encoding: "utf8",
    });
    if (result.status !== 0) {
      throw new Error(`tsc of the Node.js SDK exited ${result.status}:\n${result.stdout}`);
    }
  } finally {
    if (linked) fs.unlinkSync(modules);
  }
  fs.copyFileSync(path.join(dir, "package.json"), path.join(dir, "bin", "package.json"));
}

/**
 * Builds a generated Python SDK's wheel into `out` and answers its path. It is built from a copy:
 * pip builds a folder in place (setuptools writes `build/` and `*.egg-info` into it), and the
 * SDK's folder stays as gen-sdk wrote it. The project's venv builds it when there is one (its
 * setuptools and wheel, nothing fetched), else `python3` with pip's build isolation.
 */
export function buildPythonWheel(sdk: string, out: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-python-sdk-"));
  try {
    fs.cpSync(sdk, copy, { recursive: true });
    const venv = findPythonVenv();
    const python = venv === undefined ? "python3" : path.join(venv, "bin", "python");
    const isolation = venv === undefined ? [] : ["--no-build-isolation"];
    fs.mkdirSync(out, { recursive: true });
    const built = spawnSync(
      python,
      ["-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps"]
        .concat(isolation)
        .concat(["--wheel-dir", out, copy]),
      { encoding: "utf8" },
    );
    if (built.status !== 0) {
      throw new Error(`pip wheel of the Python SDK exited ${built.status}:\n${built.stderr}`);
    }
    // The newest: an earlier version's wheel may lie beside it.
    const wheels = fs
      .readdirSync(out)
      .filter((f) => f.startsWith("pulumi_docs_workspace-") && f.endsWith(".whl"))
      .map((f) => path.join(out, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    if (wheels[0] === undefined) throw new Error(`pip wheel wrote no wheel in ${out}`);
    return wheels[0];
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Replaces the generated files of sdk/ with `fresh`'s: each language's folder and the Go module's
 * files, keeping KEPT_FILES (and sdk/.gitignore).
 */
function replaceSdk(fresh: string): void {
  const kept = new Map<string, Buffer>();
  for (const file of KEPT_FILES) {
    const at = path.join(SDK_DIR, file);
    if (fs.existsSync(at)) kept.set(file, fs.readFileSync(at));
  }
  for (const entry of [...SDK_LANGUAGES, "go.mod", "go.sum"]) {
    fs.rmSync(path.join(SDK_DIR, entry), { recursive: true, force: true });
    fs.cpSync(path.join(fresh, entry), path.join(SDK_DIR, entry), { recursive: true });
  }
  for (const [file, text] of kept) fs.writeFileSync(path.join(SDK_DIR, file), text);
}

async function main(): Promise<void> {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-sdk-gen-"));
  try {
    await generateSdks(fresh);
    replaceSdk(fresh);
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
  console.log(`wrote sdk/${SDK_LANGUAGES.join(", sdk/")}, sdk/go.mod and sdk/go.sum`);
  buildNodejsSdk(path.join(SDK_DIR, "nodejs"));
  console.log("built sdk/nodejs/bin");
  // A wheel to `pip install` from a checkout (README); the release's are scripts/release/python.ts's.
  const wheel = buildPythonWheel(path.join(SDK_DIR, "python"), path.join(root, "dist", "python"));
  console.log(`built ${path.relative(root, wheel)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
