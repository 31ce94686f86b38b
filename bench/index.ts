import { clientBench } from "./client";
import { emulatorBench } from "./emulator";
import { engineBench } from "./engine";
import { requestsBench } from "./requests";
import { serializationBench } from "./serialization";

/** One benchmark: it measures and returns the lines of its report section. */
export interface BenchModule {
  name: string;
  run(): Promise<string[]>;
}

/** Every benchmark `npm run bench` runs, in order. Adding one is adding its line here. */
const modules: BenchModule[] = [
  emulatorBench,
  clientBench,
  requestsBench,
  serializationBench,
  engineBench,
];

async function main(): Promise<void> {
  console.log(`pulumi-docs-workspace benchmarks (Node ${process.version})\n`);
  let failed = false;
  for (const bench of modules) {
    console.log(`## ${bench.name}`);
    try {
      for (const line of await bench.run()) console.log(`  ${line}`);
    } catch (error) {
      failed = true;
      console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log("");
  }
  if (failed) process.exitCode = 1;
}

void main();
