import { fork } from "node:child_process";
import * as path from "node:path";
import type { BenchModule } from "./types";

const COUNT = 1000;
const ROUNDS = 3;
/** Target for the provider serialization a program pays per resource, amortized. */
const TARGET_MS = 0.1;

type Mode = "classes" | "fresh" | "floor" | "once";
interface Run {
  ms: number;
  serializations: number;
  /** `once` only: the first serialization, which loads the serializer. */
  first?: number;
}

/** Runs serialization-program in a fresh process. */
function run(mode: Mode): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, "serialization-program.js"), [mode, String(COUNT)], {
      execPath: process.execPath,
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let err = "";
    let result: Run | undefined;
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.on("message", (m: Run) => (result = m));
    child.on("error", reject);
    child.on("close", (code) =>
      result === undefined
        ? reject(new Error(`${mode} exited ${String(code)}: ${err}`))
        : resolve(result),
    );
  });
}

/** The run with the median wall time of `rounds`. */
async function median(mode: Mode, rounds: number): Promise<Run> {
  const runs: Run[] = [];
  for (let i = 0; i < rounds; i++) runs.push(await run(mode));
  return runs.sort((a, b) => a.ms - b.ms)[rounds >> 1]!;
}

/**
 * What the program process pays per resource at 1,000 Space resources, under setMocks as the
 * harness runs programs. The package's classes hand Pulumi one provider object per kind, which
 * it serializes once; release 0.1.0 made a fresh one per resource, serialized for each. The
 * floor registers the same properties with no provider at all: the program's own cost.
 * Serialization per resource, amortized, is the closures serialized times the cost of one,
 * divided by the resources; the first serialization of a program also loads the SDK's
 * serializer, a fixed cost shown apart.
 */
export const serializationBench: BenchModule = {
  name: `provider serialization, program side, at ${COUNT} resources (median of ${ROUNDS} runs)`,
  async run() {
    const once = await median("once", ROUNDS);
    const one = once.ms;
    const floor = await median("floor", ROUNDS);
    const classes = await median("classes", ROUNDS);
    const fresh = await median("fresh", 1);
    const ms = (value: number) => `${value.toFixed(3)} ms`;
    const perResource = (r: Run) => ms(r.ms / COUNT).padStart(10);
    const amortized = (classes.serializations * one) / COUNT;
    return [
      `one provider serialization: ${ms(one)}; the program's first also loads the serializer, once: ${ms(once.first ?? 0)}`,
      `floor: same properties, no provider           ${perResource(floor)} per resource`,
      `Space class: one provider object per kind      ${perResource(classes)} per resource; ${classes.serializations} serialized: ${ms(amortized)} per resource, amortized`,
      `0.1.0: a fresh provider object per resource    ${perResource(fresh)} per resource; ${fresh.serializations} serialized: ${ms((fresh.ms - floor.ms) / COUNT)} per resource over the floor`,
      `serialization per resource, amortized: ${ms(amortized)} (target: below ${TARGET_MS} ms): ${amortized < TARGET_MS ? "met" : "MISSED"}`,
    ];
  },
};
