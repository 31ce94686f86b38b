import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { findPulumiCli, pulumiEnv, runPulumi } from "./pulumi-cli/run";

/**
 * `npm run examples`: each resource's example for the Registry, written once in PCL
 * (`examples/registry/<Type>/main.pp`), converted by the real CLI's `pulumi convert --from pcl`
 * into TypeScript, Python, Go and YAML, each beside its source. The schema generator reads the
 * committed results (scripts/native-schema/examples.ts), so `npm run schema` needs no CLI;
 * `generated.json` records the source each was converted from, and a test fails when a source
 * changed since ("run `npm run examples`").
 */

const root = path.resolve(__dirname, "..");
export const EXAMPLES_DIR = path.join(root, "examples", "registry");
export const SOURCES_FILE = path.join(EXAMPLES_DIR, "generated.json");

/** What `pulumi convert --language <language>` writes the program as, by language. */
export const EXAMPLE_FILES = {
  typescript: "index.ts",
  python: "__main__.py",
  go: "main.go",
  yaml: "Main.yaml",
} as const;
export type ExampleLanguage = keyof typeof EXAMPLE_FILES;

/** The resource types that have an example: the folders holding a main.pp. */
export function exampleTypes(): string[] {
  return fs
    .readdirSync(EXAMPLES_DIR)
    .filter((name) => fs.existsSync(path.join(EXAMPLES_DIR, name, "main.pp")))
    .sort();
}

/** The digest of an example's source, as generated.json records it. */
export function sourceDigest(type: string): string {
  const text = fs.readFileSync(path.join(EXAMPLES_DIR, type, "main.pp"));
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Converts one example into one language, in a temp folder: its project names the checkout's
 * plugin, which gives `convert` the schema. The YAML host (pulumi-yaml v1.25.0) answers `Link`,
 * convert's last step, with "not implemented" after it wrote the program: that exit is taken
 * when the program is there. Each language has its own copy of the source: two conversions of one
 * type run at once, and rewriting a shared `main.pp` while the other reads it gave it an empty
 * program (an example converted to nothing, with no error) or an empty `Pulumi.yaml`.
 */
async function convert(type: string, language: ExampleLanguage, work: string): Promise<string> {
  const cliDir = findPulumiCli();
  if (cliDir === undefined) {
    throw new Error("no Pulumi CLI: build it with `bash scripts/pulumi-cli/build.sh`");
  }
  const source = path.join(work, type, `source-${language}`);
  const out = path.join(work, type, language);
  fs.mkdirSync(source, { recursive: true });
  fs.copyFileSync(path.join(EXAMPLES_DIR, type, "main.pp"), path.join(source, "main.pp"));
  const plugin = path.join(root, "provider", "native", "plugin");
  fs.writeFileSync(
    path.join(source, "Pulumi.yaml"),
    `name: example\nruntime: yaml\nplugins:\n  providers:\n    - name: docs-workspace\n      path: ${plugin}\n`,
  );
  const home = path.join(work, type, `home-${language}`);
  const env = pulumiEnv({ cliDir, home, backend: home, passphrase: "unused" });
  const args = ["convert", "--from", "pcl", "--language", language, "--out", out];
  const result = await runPulumi([...args, "--generate-only", "--non-interactive"], {
    cwd: source,
    env,
  });
  const file = path.join(out, EXAMPLE_FILES[language]);
  const linkOnly = language === "yaml" && /method Link not implemented/.test(result.stderr);
  if ((result.code !== 0 && !linkOnly) || !fs.existsSync(file)) {
    throw new Error(
      `pulumi convert of examples/registry/${type} to ${language} exited ${result.code}:\n${result.stderr}`,
    );
  }
  const text = fs.readFileSync(file, "utf8");
  // Every language names the source's first resource type (`NewSpace`, `docs_workspace.Space`,
  // `docs-workspace:Space`), or the provider's (`Provider`): an empty program names none.
  const pcl = fs.readFileSync(path.join(source, "main.pp"), "utf8");
  const first = /"docs-workspace:index:(\w+)"/.exec(pcl)?.[1] ?? "Provider";
  if (!text.includes(first)) {
    throw new Error(
      `pulumi convert of examples/registry/${type} to ${language} declared no ${first}`,
    );
  }
  return text;
}

/** Runs `tasks` two at a time (the machines here have two cores). */
async function inPairs(tasks: (() => Promise<void>)[]): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) await task();
  };
  await Promise.all([worker(), worker()]);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const types = exampleTypes().filter((t) => only.length === 0 || only.includes(t));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-examples-"));
  const sources: Record<string, string> = fs.existsSync(SOURCES_FILE)
    ? (JSON.parse(fs.readFileSync(SOURCES_FILE, "utf8")) as Record<string, string>)
    : {};
  try {
    const tasks = types.flatMap((type) =>
      (Object.keys(EXAMPLE_FILES) as ExampleLanguage[]).map((language) => async () => {
        const text = await convert(type, language, work);
        fs.writeFileSync(path.join(EXAMPLES_DIR, type, EXAMPLE_FILES[language]), text);
      }),
    );
    await inPairs(tasks);
    for (const type of types) sources[type] = sourceDigest(type);
    const known = exampleTypes();
    const kept = Object.keys(sources)
      .filter((t) => known.includes(t))
      .sort();
    const text = JSON.stringify(Object.fromEntries(kept.map((t) => [t, sources[t]])), null, 2);
    fs.writeFileSync(SOURCES_FILE, `${text}\n`);
    console.log(`converted ${types.length} examples into examples/registry/<Type>/`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
