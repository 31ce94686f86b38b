import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { GO_MODULE_PATH } from "../../scripts/native-schema";
import { buildNodejsSdk, generateSdk } from "../../scripts/native-sdk";

/**
 * The native provider's SDKs for the real-CLI tier's programs, generated afresh from the
 * committed schema (as `npm run sdk` does, into a folder of the test's) and installed where the
 * programs find them: the Python one into the project's venv, the Node.js one linked beside a
 * program's copy, the Go one named by a `replace` in the program copy's go.mod.
 */
const root = path.resolve(__dirname, "..", "..");

/** The Go SDK's module path (its go.mod is sdk/go.mod; the package sdk/go/docsworkspace). */
const goSdkModule = GO_MODULE_PATH;

/**
 * Generates the Python, Node.js and Go SDKs into `<work>/sdk` and compiles the Node.js one into
 * its `bin/`. Run it before any request to the emulator: the compile blocks the event loop, and a
 * blocked loop lets the emulator close the test's idle keep-alive connections unseen.
 */
export async function generateSdks(
  work: string,
): Promise<{ python: string; nodejs: string; go: string }> {
  const out = path.join(work, "sdk");
  for (const language of ["python", "nodejs", "go"] as const) {
    const result = await generateSdk(language, out);
    if (result.code !== 0) {
      throw new Error(`gen-sdk --language ${language} exited ${result.code}:\n${result.stderr}`);
    }
  }
  buildNodejsSdk(path.join(out, "nodejs"));
  // At run time Node resolves the SDK's own imports from where it lies: @pulumi above it.
  linkPulumi(work);
  writeGoModule(out, goSdkModule);
  return {
    python: path.join(out, "python"),
    nodejs: path.join(out, "nodejs", "bin"),
    // The module's folder: the sdk folder, whose go/docsworkspace is the package.
    go: out,
  };
}

/**
 * Gives a Go module in `dir` the CLI's requirements and go.sum (scripts/pulumi-cli/cli), so that
 * the packages it shares with the CLI come from Go's build cache; with `sdk`, its go.mod also
 * points the generated SDK's module at that folder.
 */
export function writeGoModule(dir: string, module: string, sdk?: string): void {
  const cli = path.join(root, "scripts", "pulumi-cli", "cli");
  const cliMod = fs.readFileSync(path.join(cli, "go.mod"), "utf8");
  let mod = cliMod.replace(/^module .*$/m, `module ${module}`);
  if (sdk !== undefined)
    mod += `\nrequire ${goSdkModule} v0.0.0\nreplace ${goSdkModule} => ${sdk}\n`;
  fs.writeFileSync(path.join(dir, "go.mod"), mod);
  fs.copyFileSync(path.join(cli, "go.sum"), path.join(dir, "go.sum"));
}

/**
 * The environment `go build` of a program needs here: the flags of the CLI's build
 * (scripts/pulumi-cli/build.sh), for its build cache; go.mod may gain what go.sum lacks.
 */
export const goBuildEnv = {
  CGO_ENABLED: "0",
  GOFLAGS: "-mod=mod -trimpath -tags=osusergo,grpcnotrace",
  GOSUMDB: "off",
  GOTOOLCHAIN: "local",
};

/** Installs a generated Python SDK into .cache/python/venv (python-venv.sh; reused while equal). */
export async function installPythonSdk(sdk: string): Promise<void> {
  const script = path.join(root, "scripts", "pulumi-cli", "python-venv.sh");
  try {
    await promisify(execFile)("bash", [script, sdk], { encoding: "utf8" });
  } catch (error) {
    throw new Error(`python-venv.sh failed:\n${(error as { stderr?: string }).stderr ?? ""}`);
  }
}

/**
 * Makes a compiled Node.js SDK (`pulumi-docs-workspace-native`) resolvable from a program copy
 * below `work`, with `@pulumi` beside it: the ts-node @pulumi/pulumi falls back to (its vendored
 * 7.0.1) resolves the SDK's imports from the link's path, not the folder it points to.
 */
export function linkNodeSdk(bin: string, work: string): void {
  const modules = path.join(work, "node_modules");
  fs.mkdirSync(modules, { recursive: true });
  fs.symlinkSync(bin, path.join(modules, "pulumi-docs-workspace-native"), "dir");
  linkPulumi(work);
}

/** `<dir>/node_modules/@pulumi` and `@types`: links to the project's. */
function linkPulumi(dir: string): void {
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(modules, { recursive: true });
  for (const scope of ["@pulumi", "@types"]) {
    fs.symlinkSync(path.join(root, "node_modules", scope), path.join(modules, scope), "dir");
  }
}
