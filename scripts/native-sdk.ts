import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  findPulumiCli,
  findPythonVenv,
  pulumiEnv,
  runPulumi,
  type PulumiResult,
} from "./pulumi-cli/run";

/**
 * `npm run sdk`: the native provider's SDKs, generated from provider/native/schema.json by the
 * real CLI's `pulumi package gen-sdk <schema> --language <l> --out sdk` into sdk/<l> (git-ignored):
 * sdk/nodejs (npm `pulumi-docs-workspace-native`, compiled into sdk/nodejs/bin), sdk/python
 * (`pulumi_docs_workspace`) and sdk/go (module `github.com/docs-workspace/pulumi-docs-workspace/sdk/go`).
 *
 * gen-sdk asks the language's plugin to generate the code (its GeneratePackage call). The
 * language hosts the Go module proxy serves predate that call; the hosts scripts/pulumi-cli/build.sh
 * puts in the CLI's folder (its langhost) answer it with the code generators of pkg/v3 at the
 * CLI's release. .NET and Java have no generator here: theirs live in pulumi-dotnet and
 * pulumi-java, which the proxy does not serve (docs/native-sdks.md).
 */

const root = path.resolve(__dirname, "..");
export const SCHEMA_PATH = path.join(root, "provider", "native", "schema.json");
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

/** `pulumi package gen-sdk` of the schema for one language, into `<out>/<language>`. */
export async function generateSdk(language: SdkLanguage, out: string): Promise<PulumiResult> {
  const cliDir = findPulumiCli();
  if (cliDir === undefined) {
    throw new Error("no Pulumi CLI: build it with `bash scripts/pulumi-cli/build.sh`");
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-sdk-"));
  try {
    const env = pulumiEnv({ cliDir, home, backend: home, passphrase: "unused" });
    return await runPulumi(
      ["package", "gen-sdk", SCHEMA_PATH, "--language", language, "--out", out],
      { cwd: root, env },
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/**
 * Compiles a generated Node.js SDK into its `bin/`, with this project's TypeScript and
 * @pulumi/pulumi, its package.json beside (the SDK reads its version there): the folder a program
 * depends on (`file:<project>/sdk/nodejs/bin`), as Pulumi's own providers publish theirs.
 */
export function buildNodejsSdk(dir: string): void {
  const modules = path.join(dir, "node_modules");
  fs.symlinkSync(path.join(root, "node_modules"), modules, "dir");
  try {
    const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
    const result = spawnSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], {
      encoding: "utf8",
    });
    if (result.status !== 0) {
      throw new Error(`tsc of the Node.js SDK exited ${result.status}:\n${result.stdout}`);
    }
  } finally {
    fs.unlinkSync(modules);
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

async function main(): Promise<void> {
  const out = path.join(root, "sdk");
  for (const language of SDK_LANGUAGES) {
    const result = await generateSdk(language, out);
    if (result.code !== 0) {
      throw new Error(`gen-sdk --language ${language} exited ${result.code}:\n${result.stderr}`);
    }
    console.log(`wrote sdk/${language}`);
  }
  buildNodejsSdk(path.join(out, "nodejs"));
  console.log("built sdk/nodejs/bin");
  const wheel = buildPythonWheel(path.join(out, "python"), path.join(root, "dist", "python"));
  console.log(`built ${path.relative(root, wheel)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
