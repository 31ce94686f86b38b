import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

/**
 * The native provider's generated SDKs (`npm run sdk`: sdk/python, sdk/nodejs), installed where
 * the real-CLI tier's programs find them: the Python one into the project's venv, the Node.js one
 * built into a folder whose node_modules a program's copy can see.
 */
const root = path.resolve(__dirname, "..", "..");
const sdk = path.join(root, "sdk");

/**
 * Runs a command without blocking the event loop: a blocked loop lets the emulator close the
 * test's idle keep-alive connections unseen, and the next request fails with ECONNRESET.
 */
async function run(what: string, file: string, args: string[]): Promise<void> {
  try {
    await promisify(execFile)(file, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${what} failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}

function requireGenerated(language: string): string {
  const dir = path.join(sdk, language);
  if (!fs.existsSync(dir)) {
    throw new Error(`no ${path.relative(root, dir)}: generate the SDKs with \`npm run sdk\``);
  }
  return dir;
}

/** Installs sdk/python into .cache/python/venv (python-venv.sh: reused while its files hold). */
export async function installPythonSdk(): Promise<void> {
  requireGenerated("python");
  await run("python-venv.sh", "bash", [path.join(root, "scripts", "pulumi-cli", "python-venv.sh")]);
}

/**
 * Builds sdk/nodejs (its own tsconfig, with this project's TypeScript) into
 * `<work>/sdk-nodejs/bin` as the package `pulumi-docs-workspace-native`, at the schema's version,
 * and returns that folder. `<work>/node_modules` holds the project's `@pulumi` and `@types` for
 * it, so the SDK and the program share one `@pulumi/pulumi`.
 */
export async function buildNodeSdk(work: string): Promise<string> {
  const source = requireGenerated("nodejs");
  const modules = path.join(work, "node_modules");
  fs.mkdirSync(modules, { recursive: true });
  for (const scope of ["@pulumi", "@types"]) {
    fs.symlinkSync(path.join(root, "node_modules", scope), path.join(modules, scope), "dir");
  }
  const copy = path.join(work, "sdk-nodejs");
  fs.cpSync(source, copy, { recursive: true, filter: (f) => !f.includes(`${path.sep}bin`) });
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  await run("tsc of sdk/nodejs", process.execPath, [tsc, "-p", path.join(copy, "tsconfig.json")]);
  const schema = JSON.parse(
    fs.readFileSync(path.join(root, "provider", "native", "schema.json"), "utf8"),
  ) as { version: string };
  const manifest = JSON.parse(fs.readFileSync(path.join(copy, "package.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const bin = path.join(copy, "bin");
  fs.writeFileSync(
    path.join(bin, "package.json"),
    JSON.stringify(
      { ...manifest, version: schema.version, main: "index.js", types: "index.d.ts" },
      null,
      2,
    ),
  );
  return bin;
}

/**
 * Makes the built Node.js SDK resolvable from a program copy below `work`, with `@pulumi` beside
 * it: the ts-node @pulumi/pulumi falls back to (its vendored 7.0.1) resolves the SDK's imports
 * from the link's path, not the folder it points to.
 */
export function linkNodeSdk(bin: string, work: string): void {
  const modules = path.join(work, "node_modules");
  fs.mkdirSync(modules, { recursive: true });
  fs.symlinkSync(bin, path.join(modules, "pulumi-docs-workspace-native"), "dir");
  for (const scope of ["@pulumi", "@types"]) {
    fs.symlinkSync(path.join(root, "node_modules", scope), path.join(modules, scope), "dir");
  }
}
