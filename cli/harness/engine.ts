import { isDeepStrictEqual } from "node:util";
import type { EntryKey, Mutation } from "./journal";
import type { Project } from "./project";
import { containsUnknown, displayValue } from "./properties";
import type { ProviderHost } from "./provider-host";
import type { Limiter } from "../../common/limiter";
import { runGraph, type StepGraph } from "./schedule";
import type { StateStore } from "./state";
import type {
  Operation,
  PendingOperation,
  PendingOperationType,
  PropertyMap,
  ResourceState,
  PendingOperationSummary,
  PropertyChange,
  StepFailure,
  StepOp,
  StepResult,
  WorkerResult,
} from "./types";
import { ROOT_STACK_TYPE } from "./urns";
import { errorText } from "../../common/error-text";

export { ROOT_STACK_TYPE } from "./urns";

/** The type of every dynamic resource starts with it. */
export const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic";

/** `pulumi-nodejs:dynamic/docs-workspace:Space` reads better as `docs-workspace:Space`. */
export function displayType(type: string): string {
  return type.startsWith(`${DYNAMIC_TYPE_PREFIX}/`)
    ? type.slice(DYNAMIC_TYPE_PREFIX.length + 1)
    : type;
}

export function label(r: { type: string; name: string }): string {
  return `${displayType(r.type)} "${r.name}"`;
}

/** A step that failed; the engine reports it and stops starting new steps. */
export class StepError extends Error {
  constructor(
    readonly failure: StepFailure,
    options?: { cause?: unknown },
  ) {
    super(failure.message, options);
    this.name = "StepError";
  }
}

/** A step that never started because the run was interrupted or an earlier step failed. */
export class NotStartedError extends Error {
  constructor(r: { type: string; name: string }, reason: string) {
    super(`${label(r)}: not started: ${reason}`);
    this.name = "NotStartedError";
  }
}

export function stepError(
  r: Pick<ResourceState, "urn" | "type" | "name">,
  op: StepFailure["op"],
  reason: string,
  cause?: unknown,
): StepError {
  const message = `${label(r)}: ${op} failed: ${reason}`;
  return new StepError({ urn: r.urn, type: r.type, name: r.name, op, message }, { cause });
}

export function summaryOf(p: PendingOperation): PendingOperationSummary {
  const { urn, type, name } = p.resource;
  return { urn, type, name, operation: p.type, startedAt: p.startedAt };
}

/** Old and new values of the changed properties, secrets masked. */
export function changesOf(
  olds: PropertyMap,
  news: PropertyMap,
  keys: readonly string[],
  secret: ReadonlySet<string>,
): Record<string, PropertyChange> {
  const changes: Record<string, PropertyChange> = {};
  for (const k of keys) {
    const change: PropertyChange = {};
    if (olds[k] !== undefined && olds[k] !== null)
      change.old = displayValue(olds[k], secret.has(k));
    if (news[k] !== undefined && news[k] !== null)
      change.new = displayValue(news[k], secret.has(k));
    changes[k] = change;
  }
  return changes;
}

/** The order the summary lists step kinds in: what changed first. */
const SUMMARY_ORDER: StepOp[] = [
  "create",
  "update",
  "replace",
  "delete",
  "import",
  "discard",
  "refresh-update",
  "refresh-delete",
  "read",
  "same",
];

/** Count of steps per op, in SUMMARY_ORDER. */
export function summarize(steps: readonly StepResult[]): Record<string, number> {
  const summary: Record<string, number> = {};
  for (const op of SUMMARY_ORDER) {
    const n = steps.filter((s) => s.op === op).length;
    if (n > 0) summary[op] = n;
  }
  return summary;
}

/** What one run needs; the worker builds it. */
export interface EngineContext {
  project: Project;
  host: ProviderHost;
  store: StateStore;
  /** preview: providers are asked only to check and diff, and nothing is written. */
  dryRun: boolean;
  limiter: Limiter;
  targets?: readonly string[];
  targetDependents?: boolean;
  continueOnError?: boolean;
  onStep?: (step: StepResult) => void;
}

export type Base = Pick<ResourceState, "urn" | "type" | "name" | "parent" | "dependencies">;

/**
 * What every operation shares: the steps and failures it reports, when it stops starting new
 * steps, and the journal entries around each provider call that changes the service.
 */
export class Run {
  readonly steps: StepResult[] = [];
  readonly failures: StepFailure[] = [];
  readonly warnings: string[] = [];
  private cancelled = false;
  private signalStop: () => void = () => undefined;
  /** Settles when the run stops starting steps: interrupted, or a step failed. */
  readonly stopped = new Promise<void>((resolve) => (this.signalStop = resolve));

  constructor(protected readonly ctx: EngineContext) {}

  get canStart(): boolean {
    return !this.cancelled && (this.ctx.continueOnError === true || this.failures.length === 0);
  }

  protected get stopReason(): string {
    return this.cancelled ? "the run was interrupted" : "an earlier step failed";
  }

  get interrupted(): boolean {
    return this.cancelled;
  }

  /** The first interruption: start nothing more. */
  cancel(): void {
    this.cancelled = true;
    this.signalStop();
  }

  protected record(step: StepResult): void {
    this.steps.push(step);
    this.ctx.onStep?.(step);
  }

  private readonly recorded = new WeakSet<object>();

  /** Records a failure once (a step's error reaches here from more than one place). */
  protected fail(e: unknown, r: Pick<ResourceState, "urn" | "type" | "name">, op: StepOp): void {
    if (e instanceof NotStartedError || this.recorded.has(e as object)) return;
    const error = e instanceof StepError ? e : stepError(r, op, errorText(e), e);
    this.recorded.add(error);
    if (error !== e && typeof e === "object" && e !== null) this.recorded.add(e);
    this.failures.push(error.failure);
    if (!this.ctx.continueOnError) this.signalStop();
  }

  /**
   * Whether a preview applies its changes to the state in memory (a preview's store writes
   * nothing to disk). Only the refresh of `preview --refresh` does, so the preview that follows
   * works from what exists.
   */
  protected readonly appliesInPreview: boolean = false;

  /** Changes the state: in memory and in the journal, or (preview) only notes that it would. */
  protected write(...mutations: Mutation[]): void {
    if (!this.ctx.dryRun || this.appliesInPreview) this.ctx.store.apply(...mutations);
  }

  /**
   * A provider call that changes the service. It is journaled as pending before the call and
   * ends in the same write as its result, so whatever moment the run dies at, the state either
   * holds the result or records the operation as pending.
   */
  protected async effect<T>(
    type: PendingOperationType,
    resource: ResourceState,
    call: () => Promise<T>,
    result: (value: T) => Mutation[],
  ): Promise<T> {
    const { store } = this.ctx;
    const op = store.snapshot.newOperationId();
    const operation: PendingOperation = { type, resource, startedAt: new Date().toISOString() };
    store.apply({ kind: "begin", op, operation });
    let value: T;
    try {
      value = await call();
    } catch (e) {
      store.apply({ kind: "end", op });
      throw e;
    }
    store.apply(...result(value), { kind: "end", op });
    return value;
  }

  /**
   * Runs a step's provider calls within `--parallel`, unless the run stopped while it waited for
   * a slot. A failure is recorded before the slot passes on, so the next step in line sees it.
   */
  protected async slot<T>(r: Base, op: StepOp, fn: () => Promise<T>): Promise<T> {
    return this.ctx.limiter.run(async () => {
      if (!this.canStart) throw new NotStartedError(r, this.stopReason);
      try {
        return await fn();
      } catch (e) {
        const error =
          e instanceof StepError || e instanceof NotStartedError
            ? e
            : stepError(r, op, errorText(e), e);
        this.fail(error, r, op);
        throw error;
      }
    });
  }

  /** Runs a graph of steps; failures are recorded, dependents of a failed step never start. */
  protected async runGraph(
    graph: StepGraph<ResourceState>,
    run: (r: ResourceState) => Promise<void>,
    op: StepOp,
  ): Promise<void> {
    const recorded = async (r: ResourceState) => {
      try {
        await run(r);
      } catch (e) {
        // Before the limiter passes the slot on: the next step in line must see the failure.
        this.fail(e, r, op);
        throw e;
      }
    };
    const outcome = await runGraph(graph, recorded, {
      limiter: this.ctx.limiter,
      canStart: () => this.canStart,
    });
    for (const { node, error } of outcome.failed) this.fail(error, node, op);
  }

  /** Deletes one resource (through its provider unless it is a component or retained). */
  protected async deleteOne(r: ResourceState, record: boolean): Promise<void> {
    const retain = r.custom && r.retainOnDelete === true;
    const key: EntryKey = { urn: r.urn, pendingDelete: r.pendingDelete };
    if (this.ctx.dryRun) {
      // A preview deletes nothing.
    } else if (r.custom && !retain) {
      try {
        await this.effect(
          "deleting",
          r,
          () => this.ctx.host.delete(r, r.id ?? "", r.outputs, r.inputs),
          () => [{ kind: "remove", entry: key }],
        );
      } catch (e) {
        throw stepError(r, "delete", errorText(e), e);
      }
    } else {
      this.write({ kind: "remove", entry: key });
    }
    if (record) {
      this.record({
        urn: r.urn,
        type: r.type,
        name: r.name,
        op: "delete",
        id: r.id,
        ...(retain ? { retain: true } : {}),
      });
    }
  }

  /** Fails the run before any delete when a resource it would delete is protected. */
  protected refuseProtected(doomed: readonly ResourceState[]): boolean {
    const protectedOnes = doomed.filter((r) => r.protect && !r.pendingDelete);
    for (const r of protectedOnes) {
      this.fail(
        stepError(
          r,
          "delete",
          "the resource is protected: remove its protect option and run up, then delete it",
        ),
        r,
        "delete",
      );
    }
    return protectedOnes.length > 0;
  }

  /**
   * Operations an earlier run left pending. Like the engine, each is reported; updates and
   * deletes are dropped (the state still holds the resource, and the next step redoes them);
   * creates stay until the user settles them, and an update or destroy refuses to run past
   * them, since it would make the object a second time or leave it behind.
   */
  protected reportPending(operation: Operation): void {
    const { store, dryRun } = this.ctx;
    // Those still pending: a refresh may have settled some already.
    const current = new Set(store.snapshot.pending());
    const inherited = store.inherited.filter((p) => current.has(p));
    if (inherited.length === 0) return;
    const lines = inherited.map(
      (p) => `  * ${label(p.resource)} (${p.resource.urn}), interrupted while ${p.type}`,
    );
    const creates = inherited.filter((p) => p.type === "creating");
    const advice =
      creates.length === 0
        ? "The next steps of this run redo them."
        : [
            "A create that was cut off may or may not have made its object. Settle each before the next up or destroy, with refresh or with the up or destroy itself:",
            `  docs-workspace-harness up <programDir> --adopt-pending-creates                    re-run each create in recovery mode: its provider finds the object it made, which is taken and updated to the program; where none was made it is created`,
            `  docs-workspace-harness refresh <programDir> --import-pending-creates <urn> <id>   the object exists: take it into the state`,
            `  docs-workspace-harness refresh <programDir> --clear-pending-creates               it was never made (or you deleted it)`,
          ].join("\n");
    this.warnings.push(
      `${inherited.length} operation${inherited.length === 1 ? " was" : "s were"} still pending from an earlier run that was interrupted:\n${lines.join("\n")}\n${advice}`,
    );
    if (!dryRun) {
      for (const [op, p] of store.snapshot.pendingEntries()) {
        if (p.type !== "creating") store.apply({ kind: "end", op });
      }
    }
    if (creates.length > 0 && (operation === "up" || operation === "destroy") && !dryRun) {
      for (const p of creates) {
        this.fail(
          stepError(
            p.resource,
            "create",
            `an earlier run was interrupted while creating it, so the object may exist; settle it first (see the warning above)`,
          ),
          p.resource,
          "create",
        );
      }
    }
  }

  result(operation: Operation): Omit<WorkerResult, "outputs" | "secretOutputs"> {
    const pending = this.ctx.store.snapshot.pending().map(summaryOf);
    return {
      operation,
      steps: this.steps,
      summary: summarize(this.steps),
      ...(this.failures.length > 0 ? { failures: this.failures } : {}),
      ...(this.warnings.length > 0 ? { warnings: this.warnings } : {}),
      ...(pending.length > 0 ? { pendingOperations: pending } : {}),
    };
  }
}

/** Two states of a resource that would be written the same. */
export function sameEntry(a: ResourceState, b: ResourceState): boolean {
  return isDeepStrictEqual({ ...a, pendingDelete: undefined }, { ...b, pendingDelete: undefined });
}

/** Stack outputs from the state's root stack resource (refresh has no program to ask). */
export function stackOutputsOf(store: StateStore): { outputs: PropertyMap; secret: string[] } {
  const stack = store.snapshot.resources().find((r) => r.type === ROOT_STACK_TYPE);
  return { outputs: stack?.outputs ?? {}, secret: stack?.secretOutputs ?? [] };
}

/** Preview outputs may hold unknowns; those keys are left out. */
export function knownOutputs(outputs: PropertyMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs).filter(([, v]) => !containsUnknown(v)));
}
