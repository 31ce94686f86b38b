import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findPulumiCli, pulumiEnv, runPulumi, type PulumiResult } from "./pulumi-cli/run";

/**
 * `npm run sdk`: the native provider's SDKs, generated from provider/native/schema.json by the
 * real CLI's `pulumi package gen-sdk <schema> --language <l> --out sdk` into sdk/<l> (git-ignored):
 * sdk/nodejs (npm `pulumi-docs-workspace-native`, compiled into sdk/nodejs/bin), sdk/python
 * (`pulumi_docs_workspace`) and sdk/go (module `github.com/docs-workspace/pulumi-docs-workspace/sdk/go`).
 *
 * gen-sdk asks the language's plugin to generate the code (its GeneratePackage call). The
 * language hosts the Go module proxy serves predate that call, so the CLI is handed
 * pulumi-codegen-host instead (scripts/pulumi-cli/codegen-host): the code generators of pkg/v3 at
 * the CLI's release, behind that one call. .NET and Java have no generator there: theirs live in
 * pulumi-dotnet and pulumi-java, which the proxy does not serve (docs/native-sdks.md).
 */

const root = path.resolve(__dirname, "..");
export const SCHEMA_PATH = path.join(root, "provider", "native", "schema.json");
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

/**
 * The folder of the `pulumi-language-*` plugins gen-sdk should use, put first on its PATH: none
 * when the CLI's own folder has a `pulumi-language-go` (scripts/pulumi-cli/build.sh's langhost,
 * which answers GeneratePackage for every language), else pulumi-codegen-host, built or reused.
 */
export function codegenHostDir(): string | undefined {
  const cliDir = findPulumiCli();
  if (cliDir !== undefined && fs.existsSync(path.join(cliDir, "pulumi-language-go"))) {
    return undefined;
  }
  const script = path.join(root, "scripts", "pulumi-cli", "codegen-host", "build.sh");
  const result = spawnSync("bash", [script], { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`codegen-host/build.sh exited ${result.status}:\n${result.stderr}`);
  }
  return result.stdout.trim().split("\n").pop()!;
}

/** `pulumi package gen-sdk` of the schema for one language, into `<out>/<language>`. */
export async function generateSdk(
  language: SdkLanguage,
  out: string,
  hostDir: string | undefined = codegenHostDir(),
): Promise<PulumiResult> {
  const cliDir = findPulumiCli();
  if (cliDir === undefined) {
    throw new Error("no Pulumi CLI: build it with `bash scripts/pulumi-cli/build.sh`");
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-sdk-"));
  try {
    const env = pulumiEnv({ cliDir, home, backend: home, passphrase: "unused" });
    if (hostDir !== undefined) env.PATH = [hostDir, env.PATH].join(path.delimiter);
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

async function main(): Promise<void> {
  const hostDir = codegenHostDir();
  const out = path.join(root, "sdk");
  for (const language of SDK_LANGUAGES) {
    const result = await generateSdk(language, out, hostDir);
    if (result.code !== 0) {
      throw new Error(`gen-sdk --language ${language} exited ${result.code}:\n${result.stderr}`);
    }
    console.log(`wrote sdk/${language}`);
  }
  buildNodejsSdk(path.join(out, "nodejs"));
  console.log("built sdk/nodejs/bin");
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
