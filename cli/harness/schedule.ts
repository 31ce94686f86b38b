/**
 * How steps run: at most `--parallel` at once, each only after the steps it waits for. What the
 * steps are and what each waits for is planned in steps.ts; this file only runs them.
 */
import * as os from "node:os";
import type { Limiter } from "../../common/limiter";

/**
 * The CLI's default `--parallel` (defaultParallel in pkg/cmd/pulumi/operations/up.go):
 * PULUMI_PARALLEL when set to a positive number, else GOMAXPROCS (the CPUs) × 4.
 */
export function defaultParallel(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.PULUMI_PARALLEL);
  if (Number.isInteger(set) && set > 0) return set;
  return os.availableParallelism() * 4;
}

/** Steps and their order: a node starts once every node it waits for has succeeded. */
export interface StepGraph<T> {
  nodes: readonly T[];
  waitsFor: ReadonlyMap<T, readonly T[]>;
}

export interface GraphOutcome<T> {
  failed: { node: T; error: unknown }[];
  /** Never started: the run stopped first, or a node they wait for failed. */
  notStarted: T[];
}

/**
 * Ready steps start this many per turn of the event loop. Starting a thousand reads in one turn
 * means preparing all their provider calls before the first is sent; in slices, the first
 * requests are on the wire while the rest are prepared, and every step has still started
 * within milliseconds (a refresh of 1,000 spaces reached its first request 0.5 s sooner).
 */
const START_SLICE = 16;

/**
 * Runs every node of the graph as soon as what it waits for has succeeded, within the limiter.
 * Once `canStart` answers false no node starts; the ones running finish. A failed node's
 * dependents never start.
 */
export function runGraph<T>(
  graph: StepGraph<T>,
  run: (node: T) => Promise<void>,
  options: { limiter: Limiter; canStart: () => boolean },
): Promise<GraphOutcome<T>> {
  const remaining = new Map<T, number>();
  const dependents = new Map<T, T[]>();
  for (const node of graph.nodes) {
    const waits = graph.waitsFor.get(node) ?? [];
    remaining.set(node, waits.length);
    for (const w of waits) {
      const list = dependents.get(w);
      if (list) list.push(node);
      else dependents.set(w, [node]);
    }
  }
  const started = new Set<T>();
  const failed: GraphOutcome<T>["failed"] = [];
  let outstanding = 0;

  return new Promise((resolve, reject) => {
    const settle = (): void => {
      if (outstanding > 0) return;
      const notStarted = graph.nodes.filter((n) => !started.has(n));
      const blocked = failed.length > 0 || !options.canStart();
      if (notStarted.length > 0 && !blocked) {
        reject(new Error(`a dependency cycle leaves ${notStarted.length} steps unable to start`));
        return;
      }
      resolve({ failed, notStarted });
    };
    const start = (node: T): void => {
      outstanding++;
      void options.limiter
        .run(async () => {
          if (!options.canStart()) return false;
          started.add(node);
          await run(node);
          return true;
        })
        .then(
          (ran) => {
            if (ran) {
              for (const d of dependents.get(node) ?? []) {
                const left = (remaining.get(d) ?? 0) - 1;
                remaining.set(d, left);
                if (left === 0) start(d);
              }
            }
          },
          (error: unknown) => failed.push({ node, error }),
        )
        .finally(() => {
          outstanding--;
          settle();
        });
    };
    // Held until the last slice has started, so the graph cannot settle before then.
    outstanding++;
    const ready = graph.nodes.filter((node) => remaining.get(node) === 0);
    const startSlice = (from: number): void => {
      for (const node of ready.slice(from, from + START_SLICE)) start(node);
      if (from + START_SLICE < ready.length) {
        setImmediate(() => startSlice(from + START_SLICE));
      } else {
        outstanding--;
        settle();
      }
    };
    startSlice(0);
  });
}
