import { cliBench } from "./cli";
import { clientBench } from "./client";
import { contentBench } from "./content";
import { emulatorBench } from "./emulator";
import { engineBench } from "./engine";
import { installBench } from "./install";
import { exportBench } from "./export";
import { listsBench } from "./lists";
import { markdownBench } from "./markdown";
import { pluginArchivesBench } from "./plugin-archives";
import { requestsBench } from "./requests";
import { soakBench } from "./soak";
import { errorText } from "../common/error-text";
import type { BenchModule } from "./types";

/** Every benchmark `npm run bench` runs, in order. Adding one is adding its line here. */
const modules: BenchModule[] = [
  emulatorBench,
  contentBench,
  markdownBench,
  clientBench,
  requestsBench,
  engineBench,
  soakBench,
  listsBench,
  exportBench,
  cliBench,
  pluginArchivesBench,
  installBench,
];

/** Whether `word` from the command line is one of the words of the section's name. */
const matches = (bench: BenchModule, word: string) =>
  bench.name
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .includes(word.toLowerCase());

/**
 * The sections the command line asks for: `npm run bench -- emulator engine` runs each section
 * whose name has one of those words; no argument runs them all. A word that selects nothing is
 * an error naming the sections, not a silent empty run.
 */
function selected(args: readonly string[]): BenchModule[] | string {
  const unknown = args.filter((arg) => !modules.some((m) => matches(m, arg)));
  if (unknown.length > 0)
    return `no benchmark section named ${unknown.map((a) => `"${a}"`).join(", ")}; the sections are:\n${modules.map((m) => `  ${m.name}`).join("\n")}`;
  if (args.length === 0) return modules;
  return modules.filter((m) => args.some((arg) => matches(m, arg)));
}

async function main(): Promise<void> {
  const chosen = selected(process.argv.slice(2));
  if (typeof chosen === "string") {
    console.error(chosen);
    process.exitCode = 2;
    return;
  }
  console.log(`pulumi-docs-workspace benchmarks (Node ${process.version})\n`);
  let failed = false;
  for (const bench of chosen) {
    console.log(`## ${bench.name}`);
    try {
      for (const line of await bench.run()) console.log(`  ${line}`);
    } catch (error) {
      failed = true;
      console.log(`  failed: ${errorText(error)}`);
    }
    console.log("");
  }
  if (failed) process.exitCode = 1;
}

void main();
