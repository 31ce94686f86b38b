import * as fs from "node:fs";
import * as path from "node:path";
import { pulumiCliDir } from "./pulumi";

const root = path.resolve(__dirname, "..", "..");

/**
 * A CLI folder for running a Node.js policy pack: `pulumi` and the YAML host, without a Node.js
 * language host, and with the analyzer plugin `pulumi-analyzer-policy-nodejs`
 * (scripts/pulumi-cli). The engine runs a Node.js pack through its language host's RunPlugin when
 * it finds one (pulumi-language-nodejs on PATH, or beside the real path of the running `pulumi`),
 * else through that analyzer plugin (analyzer_plugin.go, NewPolicyAnalyzer). The Node.js host the
 * project builds predates RunPlugin (v3.68.0, docs/pulumi-cli.md), so the pack runs here the
 * other way: `pulumi` is hard-linked (a symlink would lead the engine back to the folder of the
 * real binary, which holds the Node.js host). A user's current Pulumi needs none of this.
 */
export function policyCliDir(): string {
  if (pulumiCliDir === undefined) throw new Error("no Pulumi CLI");
  const dir = path.join(root, ".cache", "pulumi-cli", "policy-bin");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const pulumi = fs.realpathSync(path.join(pulumiCliDir, "pulumi"));
  try {
    fs.linkSync(pulumi, path.join(dir, "pulumi"));
  } catch {
    fs.copyFileSync(pulumi, path.join(dir, "pulumi"));
    fs.chmodSync(path.join(dir, "pulumi"), 0o755);
  }
  const yamlHost = path.join(pulumiCliDir, "pulumi-language-yaml");
  fs.symlinkSync(fs.realpathSync(yamlHost), path.join(dir, "pulumi-language-yaml"));
  const analyzer = "pulumi-analyzer-policy-nodejs";
  fs.symlinkSync(path.join(root, "scripts", "pulumi-cli", analyzer), path.join(dir, analyzer));
  return dir;
}

/** `env` with its CLI folder (PATH's first entry, as pulumiEnv puts it) swapped for `cliDir`. */
export function withCliDir(env: NodeJS.ProcessEnv, cliDir: string): void {
  const entries = (env.PATH ?? "").split(path.delimiter);
  if (entries[0] !== pulumiCliDir) throw new Error("the CLI folder is not PATH's first entry");
  env.PATH = [cliDir, ...entries.slice(1)].join(path.delimiter);
}
