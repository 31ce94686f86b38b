import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { buildNodejsSdk, generateSdk } from "../../scripts/native-sdk";

/**
 * The native provider's SDKs for the real-CLI tier's programs, generated afresh from the
 * committed schema (as `npm run sdk` does, into a folder of the test's) and installed where the
 * programs find them: the Python one into the project's venv, the Node.js one linked beside a
 * program's copy.
 */
const root = path.resolve(__dirname, "..", "..");

/**
 * Generates the Python and Node.js SDKs into `<work>/sdk` and compiles the Node.js one into its
 * `bin/`. Run it before any request to the emulator: the compile blocks the event loop, and a
 * blocked loop lets the emulator close the test's idle keep-alive connections unseen.
 */
export async function generateSdks(work: string): Promise<{ python: string; nodejs: string }> {
  const out = path.join(work, "sdk");
  for (const language of ["python", "nodejs"] as const) {
    const result = await generateSdk(language, out);
    if (result.code !== 0) {
      throw new Error(`gen-sdk --language ${language} exited ${result.code}:\n${result.stderr}`);
    }
  }
  buildNodejsSdk(path.join(out, "nodejs"));
  // At run time Node resolves the SDK's own imports from where it lies: @pulumi above it.
  linkPulumi(work);
  return { python: path.join(out, "python"), nodejs: path.join(out, "nodejs", "bin") };
}

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
