/**
 * What `npm install pulumi-docs-workspace` costs a fresh Pulumi TypeScript project (the packages
 * and bytes it adds, and which tools a provider never loads come with it), and what every
 * provider-host start pays: the cold `require` of the package's runtime entry, in a new process.
 * The package is this checkout, packed as `npm publish` would pack it; the registry serves the
 * rest. Issue 25 measures its packaging against these figures.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { BenchModule } from "./types";

const root = path.resolve(__dirname, "..", "..");
const RUNS = 10;
/** Tools a provider never loads; each found in a user's node_modules is named in the report. */
const NEVER_LOADED = ["hono", "@hono/node-server", "markdown-it", "prettier", "tsx", "esbuild"];

interface Installed {
  packages: number;
  bytes: number;
}

const run = (cwd: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The bytes of every file under `dir`, as `du --apparent-size` adds them. */
function bytesUnder(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sum + bytesUnder(file);
    return entry.isFile() ? sum + fs.statSync(file).size : sum;
  }, 0);
}

/** The packages npm installed (its hidden lockfile's entries) and their bytes on disk. */
function installed(project: string): Installed {
  const lock = JSON.parse(
    fs.readFileSync(path.join(project, "node_modules", ".package-lock.json"), "utf8"),
  ) as { packages: Record<string, unknown> };
  const packages = Object.keys(lock.packages).filter((key) => key.startsWith("node_modules/"));
  return { packages: packages.length, bytes: bytesUnder(path.join(project, "node_modules")) };
}

/**
 * A project as `pulumi new typescript` makes it, `@pulumi/pulumi` and TypeScript installed, at the
 * versions this checkout builds with, so that two runs compare like with like.
 */
function freshProject(dir: string): void {
  const version = (name: string) =>
    (
      JSON.parse(
        fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"),
      ) as { version: string }
    ).version;
  const manifest = {
    name: "fresh-pulumi-project",
    private: true,
    dependencies: { "@pulumi/pulumi": version("@pulumi/pulumi") },
    devDependencies: { typescript: version("typescript"), "@types/node": "^22" },
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  run(dir, "npm", ["install", "--no-audit", "--no-fund"]);
}

/** Milliseconds a new process spends in `require(entry)`, best and median of {@link RUNS}. */
function coldRequire(project: string, entry: string): { best: number; median: number } {
  const script = `const t = process.hrtime.bigint(); require(${JSON.stringify(entry)}); console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
  const times = Array.from({ length: RUNS }, () =>
    Number(run(project, process.execPath, ["-e", script]).trim()),
  ).sort((a, b) => a - b);
  return { best: times[0]!, median: times[Math.floor(RUNS / 2)]! };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

export const installBench: BenchModule = {
  name: "install: what npm install pulumi-docs-workspace adds to a fresh Pulumi project, and the runtime's cold require",
  async run() {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-install-"));
    try {
      const tarball = run(root, "npm", ["pack", "--ignore-scripts", "--pack-destination", work])
        .trim()
        .split("\n")
        .pop()!;
      const project = path.join(work, "project");
      fs.mkdirSync(project);
      freshProject(project);
      const before = installed(project);
      run(project, "npm", ["install", "--no-audit", "--no-fund", path.join(work, tarball)]);
      const after = installed(project);
      const present = NEVER_LOADED.filter((name) =>
        fs.existsSync(path.join(project, "node_modules", name, "package.json")),
      );
      const runtime = coldRequire(project, "pulumi-docs-workspace/runtime");
      const main = coldRequire(project, "pulumi-docs-workspace");
      return [
        `package: ${tarball} (${mib(fs.statSync(path.join(work, tarball)).size)} packed)`,
        `fresh project: ${before.packages} packages, ${mib(before.bytes)}`,
        `after install: ${after.packages} packages, ${mib(after.bytes)}: adds ${after.packages - before.packages} packages, ${mib(after.bytes - before.bytes)}`,
        `tools a provider never loads, installed with it: ${present.length === 0 ? "none" : present.join(", ")}`,
        `cold require("pulumi-docs-workspace/runtime"): best ${ms(runtime.best)}, median ${ms(runtime.median)} of ${RUNS} processes`,
        `cold require("pulumi-docs-workspace"):         best ${ms(main.best)}, median ${ms(main.median)} of ${RUNS} processes`,
      ];
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
