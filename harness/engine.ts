import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { isDeepStrictEqual } from "node:util";
import type { EntryKey, Mutation, PendingOperationType } from "./journal";
import type { Project } from "./project";
import { applyIgnoreChanges, changedUnder } from "./property-paths";
import {
  PROVIDER_KEY,
  containsUnknown,
  diffKeys,
  displayValue,
  sameValue,
  splitSecrets,
  withSecrets,
  type PropertyMap,
} from "./properties";
import type { ProviderHost, ResourceRef } from "./provider-host";
import { Limiter, runGraph, type StepGraph } from "./schedule";
import {
  PASSPHRASE_HELP,
  type PendingOperation,
  type ResourceState,
  type StateStore,
} from "./state";
import { deletionGraph, matchesTarget, refreshGraph, references, selectTargets } from "./steps";
import {
  PENDING_CREATE_KEY,
  type Operation,
  type PendingCreateRequest,
  type PendingCreateResolution,
  type PendingOperationSummary,
  type PropertyChange,
  type StepFailure,
  type StepOp,
  type StepResult,
  type WorkerResult,
} from "./types";
import { ROOT_STACK_TYPE, aliasUrns, createUrn, type AliasSpec } from "./urns";

export { ROOT_STACK_TYPE } from "./urns";

const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic";

/** `pulumi-nodejs:dynamic/docs-workspace:Space` reads better as `docs-workspace:Space`. */
export function displayType(type: string): string {
  return type.startsWith(`${DYNAMIC_TYPE_PREFIX}/`)
    ? type.slice(DYNAMIC_TYPE_PREFIX.length + 1)
    : type;
}

function label(r: { type: string; name: string }): string {
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

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function stepError(
  r: Pick<ResourceState, "urn" | "type" | "name">,
  op: StepFailure["op"],
  reason: string,
  cause?: unknown,
): StepError {
  const message = `${label(r)}: ${op} failed: ${reason}`;
  return new StepError({ urn: r.urn, type: r.type, name: r.name, op, message }, { cause });
}

function summaryOf(p: PendingOperation): PendingOperationSummary {
  const { urn, type, name } = p.resource;
  return { urn, type, name, operation: p.type, startedAt: p.startedAt };
}

/** Old and new values of the changed properties, secrets masked. */
function changesOf(
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

type RegisterResult = { urn: string; id: string; object: PropertyMap };
type Base = Pick<ResourceState, "urn" | "type" | "name" | "parent" | "dependencies">;

/**
 * What every operation shares: the steps and failures it reports, when it stops starting new
 * steps, and the journal entries around each provider call that changes the service.
 */
class Run {
  readonly steps: StepResult[] = [];
  readonly failures: StepFailure[] = [];
  readonly warnings: string[] = [];
  private cancelled = false;
  private signalStop: () => void = () => undefined;
  /** Settles when the run stops starting steps: interrupted, or a step failed. */
  readonly stopped = new Promise<void>((resolve) => (this.signalStop = resolve));
  /** True when the state would change (preview: when the update would write anything). */
  protected changesState = false;

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

  /** Records a failure once (a step's error reaches here from more than one place). */
  protected fail(e: unknown, r: Pick<ResourceState, "urn" | "type" | "name">, op: StepOp): void {
    if (e instanceof NotStartedError || this.recorded.has(e as object)) return;
    const error = e instanceof StepError ? e : stepError(r, op, errorText(e), e);
    this.recorded.add(error);
    if (error !== e && typeof e === "object" && e !== null) this.recorded.add(e);
    this.failures.push(error.failure);
    if (!this.ctx.continueOnError) this.signalStop();
  }

  private readonly recorded = new WeakSet<object>();

  /**
   * Whether a preview applies its changes to the state in memory (a preview's store writes
   * nothing to disk). Only the refresh of `preview --refresh` does, so the preview that follows
   * works from what exists.
   */
  protected readonly appliesInPreview: boolean = false;

  /** Changes the state: in memory and in the journal, or (preview) only notes that it would. */
  protected write(...mutations: Mutation[]): void {
    this.changesState = true;
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
    if (this.ctx.dryRun) this.changesState = true;
    else if (r.custom && !retain) {
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
  protected reportPending(operation: Operation): PendingOperation[] {
    const { store, dryRun } = this.ctx;
    const inherited = store.inherited;
    if (inherited.length === 0) return [];
    const lines = inherited.map(
      (p) => `  * ${label(p.resource)} (${p.resource.urn}), interrupted while ${p.type}`,
    );
    const creates = inherited.filter((p) => p.type === "creating");
    const advice =
      creates.length === 0
        ? "The next steps of this run redo them."
        : [
            "A create that was cut off may or may not have made its object. Settle each before the next up or destroy:",
            `  docs-workspace-harness refresh <programDir> --import-pending-creates <urn> <id>   the object exists: take it into the state`,
            `  docs-workspace-harness refresh <programDir> --clear-pending-creates               it was never made (or you deleted it)`,
            `  docs-workspace-harness refresh <programDir> --adopt-pending-creates               let the provider find it by its natural key`,
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
    return creates;
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

function aliasSpecs(req: resproto.RegisterResourceRequest): AliasSpec[] {
  const specs: AliasSpec[] = req.getAliasurnsList().map((urn) => ({ urn }));
  for (const alias of req.getAliasesList()) {
    if (alias.hasUrn()) specs.push({ urn: alias.getUrn() });
    const spec = alias.getSpec();
    if (!alias.hasSpec() || !spec) continue;
    specs.push({
      name: spec.getName(),
      type: spec.getType(),
      stack: spec.getStack(),
      project: spec.getProject(),
      parentUrn: spec.hasParenturn() ? spec.getParenturn() : undefined,
      noParent: spec.hasNoparent() ? spec.getNoparent() : undefined,
    });
  }
  return specs;
}

/** Two states of a resource that would be written the same. */
function sameEntry(a: ResourceState, b: ResourceState): boolean {
  return isDeepStrictEqual({ ...a, pendingDelete: undefined }, { ...b, pendingDelete: undefined });
}

/**
 * An update or a preview: each resource the program registers is checked, diffed and created,
 * updated, replaced or left as it is; after the program, what it no longer declares is deleted.
 */
export class Deployment extends Run {
  /** Old URNs the program declared, directly or through an alias. */
  private readonly claimed = new Set<string>();
  /** URNs registered in this run. */
  private readonly registered = new Set<string>();
  /** New URN -> the old URN an alias found it under. */
  private readonly aliased = new Map<string, string>();
  /** Targeted URNs (with `targetDependents`, their dependents join as they register). */
  private readonly targeted = new Set<string>();
  /** New resources left uncreated because they are not targeted. */
  private readonly skipped = new Set<string>();
  private readonly pendingSteps = new Set<Promise<unknown>>();
  stackOutputs: PropertyMap = {};
  stackSecretOutputs: string[] = [];

  /** Settles with the first error of a step (a failure ends the program, as in the engine). */
  register(req: resproto.RegisterResourceRequest): Promise<RegisterResult> {
    const step = this.registerStep(req);
    this.pendingSteps.add(step);
    const forget = () => this.pendingSteps.delete(step);
    step.then(forget, forget);
    return step;
  }

  /** Resolves once no registration is in flight, so the state holds what did complete. */
  async idle(): Promise<void> {
    while (this.pendingSteps.size > 0) await Promise.allSettled([...this.pendingSteps]);
  }

  /** Before the program: report what an earlier run left pending; delete leftover old halves. */
  async prepare(): Promise<void> {
    this.reportPending(this.ctx.dryRun ? "preview" : "up");
    if (this.ctx.dryRun || this.failures.length > 0) return;
    const leftovers = this.ctx.store.snapshot.resources().filter((r) => r.pendingDelete);
    await this.runGraph(deletionGraph(leftovers), (r) => this.deleteOne(r, false), "delete");
  }

  private isTargeted(urn: string, base: Base): boolean {
    const { targets, targetDependents } = this.ctx;
    if (!targets) return true;
    const yes =
      matchesTarget(urn, targets) ||
      (targetDependents === true && references(base).some((u) => this.targeted.has(u)));
    if (yes) this.targeted.add(urn);
    return yes;
  }

  private async registerStep(req: resproto.RegisterResourceRequest): Promise<RegisterResult> {
    const type = req.getType();
    const name = req.getName();
    const parent = req.getParent() || undefined;
    const { project } = this.ctx;
    const urn = createUrn(project.stack, project.name, parent, type, name);
    // No `parent` key at all for the stack itself: entries compare equal to what the file holds.
    const base: Base = {
      urn,
      type,
      name,
      ...(parent ? { parent } : {}),
      dependencies: req.getDependenciesList(),
    };
    try {
      if (!this.canStart) throw new NotStartedError(base, this.stopReason);
      if (this.registered.has(urn)) {
        throw stepError(
          base,
          "create",
          `duplicate resource URN ${urn}: give each resource its own name`,
        );
      }
      this.registered.add(urn);
      const { values, secretKeys } = splitSecrets(
        (req.getObject()?.toJavaScript() ?? {}) as PropertyMap,
      );
      const old = this.findOld(base, aliasSpecs(req));
      const targeted = this.isTargeted(urn, base);
      if (!req.getCustom()) return this.registerComponent(base, values, secretKeys, old, req);
      if (!type.startsWith(DYNAMIC_TYPE_PREFIX)) {
        throw stepError(base, "create", `the harness runs only dynamic resources, not ${type}`);
      }
      if (req.getImportid() !== "") {
        throw stepError(
          base,
          "create",
          "the import option cannot work with dynamic resources (the host has no provider for an object it never managed); use the resource's adoptId argument",
        );
      }
      if (!targeted) return this.untargeted(base, old);
      const skippedDependency = references(base).find((u) => this.skipped.has(u));
      if (skippedDependency) {
        throw stepError(
          base,
          "create",
          `it depends on ${skippedDependency}, which does not exist yet and is not targeted: add it to --target`,
        );
      }
      return await this.registerCustom(req, base, values, secretKeys, old);
    } catch (e) {
      this.fail(e, base, "create");
      throw e;
    }
  }

  /** The old state of a resource: by its URN, else by the first alias that names one. */
  private findOld(base: Base, specs: AliasSpec[]): ResourceState | undefined {
    const { snapshot } = this.ctx.store;
    const direct = snapshot.get(base.urn);
    if (direct) {
      this.claimed.add(base.urn);
      return direct;
    }
    if (specs.length === 0 && !(base.parent && this.aliased.has(base.parent))) return undefined;
    const { project } = this.ctx;
    const candidates = aliasUrns(
      { stack: project.stack, project: project.name, aliased: this.aliased },
      base.name,
      base.type,
      base.parent,
      specs,
    );
    for (const alias of candidates) {
      const old = snapshot.get(alias);
      if (!old || this.claimed.has(alias) || this.registered.has(alias)) continue;
      this.claimed.add(alias);
      this.aliased.set(base.urn, alias);
      return old;
    }
    return undefined;
  }

  private registerComponent(
    base: Base,
    inputs: PropertyMap,
    secretInputs: string[],
    old: ResourceState | undefined,
    req: resproto.RegisterResourceRequest,
  ): RegisterResult {
    const entry: ResourceState = {
      ...base,
      custom: false,
      inputs,
      outputs: old?.outputs ?? {},
      secretInputs,
      secretOutputs: old?.secretOutputs ?? [],
      ...(req.getProtect() ? { protect: true } : {}),
    };
    const aliasOf = this.aliased.get(base.urn);
    if (!old || aliasOf || !sameEntry(old, entry)) {
      this.write({ kind: "put", resource: entry, replacing: old?.urn });
    }
    const op: StepOp = !old ? "create" : sameValue(old.inputs, inputs) ? "same" : "update";
    this.record({
      urn: base.urn,
      type: base.type,
      name: base.name,
      op,
      ...(aliasOf ? { aliasOf } : {}),
    });
    return { urn: base.urn, id: "", object: {} };
  }

  /** Outside `--target`: an existing resource keeps its state untouched; a new one is not made. */
  private untargeted(base: Base, old: ResourceState | undefined): RegisterResult {
    if (!old) {
      this.skipped.add(base.urn);
      return { urn: base.urn, id: "", object: {} };
    }
    const aliasOf = this.aliased.get(base.urn);
    if (aliasOf)
      this.write({ kind: "put", resource: { ...old, urn: base.urn }, replacing: aliasOf });
    this.record({ urn: base.urn, type: base.type, name: base.name, op: "same", id: old.id });
    return {
      urn: base.urn,
      id: old.id ?? "",
      object: withSecrets(old.outputs, old.secretOutputs),
    };
  }

  private async registerCustom(
    req: resproto.RegisterResourceRequest,
    base: Base,
    rawNews: PropertyMap,
    secretInputs: string[],
    old: ResourceState | undefined,
  ): Promise<RegisterResult> {
    const { host, dryRun, store } = this.ctx;
    const ref: ResourceRef = { urn: base.urn, type: base.type, name: base.name };
    const additionalSecretOutputs = req.getAdditionalsecretoutputsList();
    const dbrOption = req.getDeletebeforereplacedefined() && req.getDeletebeforereplace();
    const options = {
      ...(additionalSecretOutputs.length ? { additionalSecretOutputs } : {}),
      ...(req.getProtect() ? { protect: true } : {}),
      ...(req.getRetainondelete() ? { retainOnDelete: true } : {}),
    };
    const aliasOf = this.aliased.get(base.urn);
    const stepBase = { ...ref, ...(aliasOf ? { aliasOf } : {}) };

    if ((secretInputs.length > 0 || additionalSecretOutputs.length > 0) && !store.canWriteSecrets) {
      const keys = [...secretInputs, ...additionalSecretOutputs].join(", ");
      const reason = `its ${keys} ${secretInputs.length + additionalSecretOutputs.length === 1 ? "is" : "are"} secret, and the harness writes secrets to the state only under a passphrase: ${PASSPHRASE_HELP}`;
      throw new StepError({
        urn: base.urn,
        type: base.type,
        name: base.name,
        op: "check",
        message: `${label(base)}: ${reason}`,
      });
    }

    const news = old
      ? applyIgnoreChanges(old.inputs, rawNews, req.getIgnorechangesList())
      : rawNews;
    let checked;
    try {
      checked = await host.check(ref, old?.inputs ?? {}, news);
    } catch (e) {
      throw stepError(base, "check", errorText(e), e);
    }
    if (checked.failures.length > 0) {
      const reasons = checked.failures.map((f) => `[${f.property}] ${f.reason}`).join("; ");
      throw new StepError({
        urn: base.urn,
        type: base.type,
        name: base.name,
        op: "check",
        message: `${label(base)}: invalid inputs: ${reasons}`,
        checkFailures: checked.failures,
      });
    }
    const inputs = checked.inputs;
    const liveSecretInputs = secretInputs.filter((k) => k in inputs);
    const secretKeysFor = (outputs: PropertyMap): string[] =>
      Object.keys(outputs).filter(
        (k) => secretInputs.includes(k) || additionalSecretOutputs.includes(k),
      );
    const entryFor = (id: string | undefined, outputs: PropertyMap): ResourceState => ({
      ...base,
      custom: true,
      ...(id !== undefined ? { id } : {}),
      inputs,
      outputs,
      secretInputs: liveSecretInputs,
      secretOutputs: secretKeysFor(outputs),
      ...options,
    });
    const respond = (entry: ResourceState): RegisterResult => ({
      urn: base.urn,
      id: entry.id ?? "",
      object: withSecrets(entry.outputs, entry.secretOutputs),
    });

    if (!old) {
      if (dryRun) {
        this.changesState = true;
        this.record({ ...stepBase, op: "create" });
        // The engine previews a create with the checked inputs; the rest stays unknown.
        return respond(entryFor("", inputs));
      }
      const created = await this.slot(base, "create", () =>
        this.effect(
          "creating",
          entryFor(undefined, {}),
          () => host.create(ref, inputs),
          (c) => [{ kind: "put", resource: entryFor(c.id, c.outputs) }],
        ),
      );
      const entry = entryFor(created.id, created.outputs);
      this.record({ ...stepBase, op: "create", id: created.id });
      return respond(entry);
    }

    const id = old.id ?? "";
    const diff = await this.attempt(base, "update", () =>
      host.diff(ref, id, old.outputs, inputs, old.inputs),
    );
    let replaces = diff.replaces;
    let changes = diff.changes;
    if (changes === undefined) {
      // The provider did not say: the engine compares the inputs, `__provider` included.
      const keys = new Set([...Object.keys(old.inputs), ...Object.keys(inputs)]);
      changes = [...keys].some((k) => !sameValue(old.inputs[k], inputs[k]));
    }
    const forced = changedUnder(
      old.inputs,
      inputs,
      req.getReplaceonchangesList(),
      sameValue,
    ).filter((k) => k !== PROVIDER_KEY);
    if (forced.length > 0) {
      changes = true;
      replaces = [...new Set([...replaces, ...forced])];
    }
    const detail = diffKeys(old.inputs, inputs, replaces);
    const secret = new Set([...old.secretInputs, ...liveSecretInputs]);
    const diffInfo: Pick<StepResult, "diffs" | "detailedDiff" | "changes"> =
      detail.diffs.length > 0
        ? {
            diffs: detail.diffs,
            detailedDiff: detail.detailedDiff,
            changes: changesOf(old.inputs, inputs, detail.diffs, secret),
          }
        : {};

    if (!changes && replaces.length === 0) {
      const entry: ResourceState = {
        ...entryFor(id, old.outputs),
        secretOutputs: [...new Set([...old.secretOutputs, ...secretKeysFor(old.outputs)])],
      };
      if (aliasOf || !sameEntry(old, entry)) {
        this.write({ kind: "put", resource: entry, replacing: old.urn });
      }
      this.record({ ...stepBase, op: "same", id });
      return respond(entry);
    }

    if (replaces.length > 0) {
      const deleteBeforeReplace = diff.deleteBeforeReplace || dbrOption;
      if (old.protect) {
        throw stepError(
          base,
          "replace",
          `the resource is protected and ${replaces.join(", ")} cannot change without replacing it: remove its protect option first`,
        );
      }
      if (dryRun) {
        this.changesState = true;
        this.record({ ...stepBase, op: "replace", deleteBeforeReplace, ...diffInfo });
        return respond(entryFor("", inputs));
      }
      const created = await this.slot(base, "replace", async () => {
        if (deleteBeforeReplace) await this.deleteOne(old, false);
        return this.effect(
          "creating",
          entryFor(undefined, {}),
          () => host.create(ref, inputs),
          (c): Mutation[] => [
            // The old object stays in state, marked, until it is deleted after the program.
            ...(deleteBeforeReplace ? [] : [{ kind: "condemn", urn: old.urn } as const]),
            { kind: "put", resource: entryFor(c.id, c.outputs) },
          ],
        );
      });
      const entry = entryFor(created.id, created.outputs);
      this.record({
        ...stepBase,
        op: "replace",
        id: created.id,
        deleteBeforeReplace,
        ...diffInfo,
      });
      return respond(entry);
    }

    if (dryRun) {
      this.changesState = true;
      this.record({ ...stepBase, op: "update", id, ...diffInfo });
      return respond(entryFor(id, inputs));
    }
    const outputs = await this.slot(base, "update", () =>
      this.effect(
        "updating",
        old,
        () => host.update(ref, id, old.outputs, inputs, old.inputs),
        (outs) => [{ kind: "put", resource: entryFor(id, outs), replacing: old.urn }],
      ),
    );
    const entry = entryFor(id, outputs);
    this.record({ ...stepBase, op: "update", id, ...diffInfo });
    return respond(entry);
  }

  private async attempt<T>(base: Base, op: StepFailure["op"], fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StepError || e instanceof NotStartedError) throw e;
      throw stepError(base, op, errorText(e), e);
    }
  }

  registerOutputs(urn: string, outputs: PropertyMap): void {
    const { values, secretKeys } = splitSecrets(outputs);
    const isStack = urn.includes(`::${ROOT_STACK_TYPE}::`);
    if (isStack) {
      this.stackOutputs = values;
      this.stackSecretOutputs = secretKeys;
    }
    const entry = this.ctx.store.snapshot.get(urn);
    if (
      entry &&
      sameValue(entry.outputs, values) &&
      isDeepStrictEqual([...entry.secretOutputs].sort(), [...secretKeys].sort())
    ) {
      return;
    }
    if (secretKeys.length > 0 && !this.ctx.store.canWriteSecrets) {
      const message = `${isStack ? "the stack" : urn}: outputs ${secretKeys.join(", ")} are secret, and the harness writes secrets to the state only under a passphrase: ${PASSPHRASE_HELP}`;
      this.failures.push({
        urn,
        type: isStack ? ROOT_STACK_TYPE : "",
        name: "",
        op: "program",
        message,
      });
      return;
    }
    if (entry || this.ctx.dryRun) {
      this.write({ kind: "outputs", urn, outputs: values, secretOutputs: secretKeys });
    }
  }

  /**
   * After the program: what it no longer declares is deleted, and the old halves of its
   * replacements, each after whatever depends on it, as many at once as `--parallel` allows.
   */
  async deleteUndeclared(): Promise<void> {
    const { snapshot } = this.ctx.store;
    const { targets } = this.ctx;
    const doomed = snapshot
      .resources()
      .filter(
        (r) =>
          r.pendingDelete ||
          (!this.registered.has(r.urn) &&
            !this.claimed.has(r.urn) &&
            (!targets || matchesTarget(r.urn, targets))),
      );
    if (this.refuseProtected(doomed)) return;
    if (this.ctx.dryRun) {
      for (const r of doomed) {
        if (r.pendingDelete) continue;
        this.changesState = true;
        this.record({
          urn: r.urn,
          type: r.type,
          name: r.name,
          op: "delete",
          id: r.id,
          ...(r.custom && r.retainOnDelete ? { retain: true } : {}),
        });
      }
      return;
    }
    await this.runGraph(
      deletionGraph(doomed),
      (r) => this.deleteOne(r, !r.pendingDelete),
      "delete",
    );
  }

  /** Whether the update after this preview would change nothing at all. */
  get unchanged(): boolean {
    return (
      !this.changesState &&
      this.failures.length === 0 &&
      this.ctx.store.inherited.length === 0 &&
      !this.ctx.store.rewriteDue &&
      this.steps.every((s) => s.op === "same")
    );
  }
}

/**
 * Refresh: every resource read at once (the provider's client bounds the requests); what is gone
 * leaves the state, drift is recorded. Pending creates are settled first as asked.
 */
export class Refresh extends Run {
  protected override readonly appliesInPreview = true;

  /**
   * `prelude`: the refresh of an `up --refresh` or `preview --refresh`, which reports only drift
   * and leaves pending operations to the deployment that follows.
   */
  async run(resolution: PendingCreateResolution = {}, prelude = false): Promise<void> {
    await this.settlePendingCreates(resolution);
    if (!prelude) this.reportPending("refresh");
    const quiet = prelude;
    const { store, targets, targetDependents } = this.ctx;
    const resources = store.snapshot.resources();
    const selected = targets
      ? selectTargets(resources, targets, targetDependents === true).selected
      : resources;
    await this.runGraph(refreshGraph(selected), (r) => this.refreshOne(r, quiet), "refresh-update");
  }

  private async refreshOne(r: ResourceState, quiet: boolean): Promise<void> {
    const { host } = this.ctx;
    let read;
    try {
      read = await host.read(r, r.id ?? "", r.outputs, r.inputs);
    } catch (e) {
      throw stepError(r, "refresh-update", `read failed: ${errorText(e)}`, e);
    }
    const key: EntryKey = { urn: r.urn, pendingDelete: r.pendingDelete };
    const base = { urn: r.urn, type: r.type, name: r.name };
    if (read.id === "") {
      this.write({ kind: "remove", entry: key });
      this.record({ ...base, op: "refresh-delete", id: r.id });
      return;
    }
    const secret = new Set([
      ...r.secretOutputs,
      ...(r.additionalSecretOutputs ?? []),
      ...r.secretInputs,
    ]);
    const inputs = read.inputs ?? r.inputs;
    const entry: ResourceState = {
      ...r,
      id: read.id,
      inputs,
      outputs: read.outputs,
      secretOutputs: Object.keys(read.outputs).filter((k) => secret.has(k)),
      secretInputs: r.secretInputs.filter((k) => k in inputs),
    };
    const drift = diffKeys(r.outputs, read.outputs);
    if (!sameEntry(r, entry)) this.write({ kind: "put", resource: entry });
    if (drift.diffs.length > 0) {
      this.record({
        ...base,
        op: "refresh-update",
        id: read.id,
        diffs: drift.diffs,
        detailedDiff: drift.detailedDiff,
        changes: changesOf(r.outputs, read.outputs, drift.diffs, secret),
      });
    } else if (!quiet) {
      this.record({ ...base, op: "same", id: read.id });
    }
  }

  /** `--clear-pending-creates`, `--import-pending-creates`, `--adopt-pending-creates`. */
  private async settlePendingCreates(resolution: PendingCreateResolution): Promise<void> {
    const { store } = this.ctx;
    const imports = new Map(Object.entries(resolution.import ?? {}));
    const creates = store.snapshot.pending().filter((p) => p.type === "creating");
    for (const urn of imports.keys()) {
      if (!creates.some((p) => p.resource.urn === urn)) {
        this.fail(
          new Error(`--import-pending-creates: no pending create has the URN ${urn}`),
          { urn, type: "", name: urn },
          "import",
        );
      }
    }
    await Promise.all(
      creates.map(async (p) => {
        const r = p.resource;
        const id = imports.get(r.urn);
        try {
          if (id !== undefined) await this.importPending(p, id);
          else if (resolution.adopt) await this.adoptPending(p);
          else if (resolution.clear) {
            this.write({ kind: "resolve", urn: r.urn });
            this.record({ urn: r.urn, type: r.type, name: r.name, op: "discard" });
          }
        } catch (e) {
          this.fail(e, r, "import");
        }
      }),
    );
  }

  /** Takes the object into the state as the create would have: beside a live old half, condemned. */
  private take(p: PendingOperation, id: string, outputs: PropertyMap, inputs: PropertyMap): void {
    const r = p.resource;
    const secret = new Set([...r.secretInputs, ...(r.additionalSecretOutputs ?? [])]);
    const entry: ResourceState = {
      ...r,
      id,
      inputs,
      outputs,
      secretOutputs: Object.keys(outputs).filter((k) => secret.has(k)),
    };
    const live = this.ctx.store.snapshot.get(r.urn);
    this.write(
      ...(live ? [{ kind: "condemn", urn: r.urn } as const] : []),
      { kind: "put", resource: entry },
      { kind: "resolve", urn: r.urn },
    );
    this.record({ urn: r.urn, type: r.type, name: r.name, op: "import", id });
  }

  private async importPending(p: PendingOperation, id: string): Promise<void> {
    const r = p.resource;
    const read = await this.ctx.host.read(r, id, r.inputs, r.inputs);
    if (read.id === "")
      throw stepError(r, "import", `the provider found no object with the id ${id}`);
    this.take(p, read.id, read.outputs, read.inputs ?? r.inputs);
  }

  /** The recovery hook: the provider looks for what the create made (see PENDING_CREATE_KEY). */
  private async adoptPending(p: PendingOperation): Promise<void> {
    const r = p.resource;
    const request: PendingCreateRequest = { urn: r.urn, name: r.name, startedAt: p.startedAt };
    const props: PropertyMap = { ...r.inputs, [PENDING_CREATE_KEY]: { ...request } };
    const read = await this.ctx.host.read(r, "", props, r.inputs);
    const answer = read.outputs[PENDING_CREATE_KEY];
    const { [PENDING_CREATE_KEY]: _answer, ...outputs } = read.outputs;
    if (answer === "found" && read.id !== "") {
      const { [PENDING_CREATE_KEY]: _request, ...inputs } = read.inputs ?? r.inputs;
      this.take(p, read.id, outputs, inputs);
    } else if (answer === "absent" && read.id === "") {
      this.write({ kind: "resolve", urn: r.urn });
      this.record({ urn: r.urn, type: r.type, name: r.name, op: "discard" });
    } else {
      throw stepError(
        r,
        "import",
        "its provider cannot look for the object an interrupted create made (it did not answer the recovery request); find the object yourself and use --import-pending-creates <urn> <id>, or --clear-pending-creates if it was never made",
      );
    }
  }
}

/** Destroy: everything in the state, dependents first, as many at once as `--parallel` allows. */
export class Destroy extends Run {
  async run(): Promise<void> {
    this.reportPending("destroy");
    if (this.failures.length > 0) return;
    const { store, targets, targetDependents } = this.ctx;
    const resources = store.snapshot.resources();
    let doomed = resources;
    if (targets) {
      const selection = selectTargets(resources, targets, targetDependents === true);
      for (const { dependent, target } of selection.strandedDependents) {
        this.fail(
          stepError(
            target,
            "delete",
            `${label(dependent)} depends on it and is not targeted: target it too, or add --target-dependents`,
          ),
          target,
          "delete",
        );
      }
      if (this.failures.length > 0) return;
      doomed = selection.selected;
    }
    if (this.refuseProtected(doomed)) return;
    await this.runGraph(deletionGraph(doomed), (r) => this.deleteOne(r, true), "delete");
  }
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

export { Limiter };
