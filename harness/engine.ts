import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import type { Project } from "./project";
import type { ProviderHost, ResourceRef } from "./provider-host";
import {
  containsUnknown,
  diffKeys,
  sameValue,
  splitSecrets,
  withSecrets,
  type Json,
  type PropertyMap,
} from "./properties";
import { saveState, type LoadedState, type ResourceState } from "./state";
import type { Operation, RunResult, StepFailure, StepOp, StepResult } from "./types";

export const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
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

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** What one deployment needs; the worker builds it. */
export interface EngineContext {
  project: Project;
  host: ProviderHost;
  state: LoadedState;
  stateFile: string;
  dryRun: boolean;
}

type RegisterResult = { urn: string; id: string; object: PropertyMap };

/**
 * The engine's side of a deployment: steps for each registered resource, state written after
 * every step, deletions after the program finishes.
 */
export class Deployment {
  /** Resources that finished their step in this run, in completion order. */
  private readonly done: ResourceState[] = [];
  /** Resources from the old state the program has not (yet) registered, in state order. */
  private readonly remaining: ResourceState[];
  /** Old halves of create-before-delete replacements. */
  private readonly condemned: ResourceState[] = [];
  readonly steps: StepResult[] = [];
  readonly failures: StepFailure[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private signalFailure: () => void = () => undefined;
  /**
   * Settles at the first failed step. The engine ends the program there: resources waiting on
   * the failed one's outputs would otherwise wait forever.
   */
  readonly failed = new Promise<void>((resolve) => (this.signalFailure = resolve));
  stackOutputs: PropertyMap = {};
  stackSecretOutputs: string[] = [];

  constructor(private readonly ctx: EngineContext) {
    this.remaining = [...ctx.state.resources];
  }

  private persist(): void {
    if (this.ctx.dryRun) return;
    this.ctx.state.resources = [...this.done, ...this.remaining];
    saveState(this.ctx.stateFile, this.ctx.state);
  }

  private findOld(urn: string): ResourceState | undefined {
    return this.remaining.find((r) => r.urn === urn && !r.pendingDelete);
  }

  /** A step succeeded: the new entry joins the new state, the old one (if any) leaves it. */
  private finish(old: ResourceState | undefined, entry: ResourceState): void {
    if (old && !old.pendingDelete) {
      const i = this.remaining.indexOf(old);
      if (i >= 0) this.remaining.splice(i, 1);
    }
    this.done.push(entry);
    this.persist();
  }

  private record(step: StepResult): void {
    this.steps.push(step);
  }

  urnFor(parent: string, type: string, name: string): string {
    let qualified = type;
    if (parent !== "") {
      const parentType = parent.split("::")[2] ?? "";
      if (parentType !== ROOT_STACK_TYPE) qualified = `${parentType}$${type}`;
    }
    return `urn:pulumi:${this.ctx.project.stack}::${this.ctx.project.name}::${qualified}::${name}`;
  }

  /** Pending deletes left by an earlier run that failed midway are done first, as the engine does. */
  async deleteLeftovers(): Promise<void> {
    const leftovers = this.remaining.filter((r) => r.pendingDelete).reverse();
    await this.deleteAll(leftovers.map((r) => [r, "delete"] as const));
  }

  private async deleteAll(list: (readonly [ResourceState, "delete" | "replace"])[]): Promise<void> {
    for (const [r, op] of list) {
      try {
        await this.deleteResource(r, op);
      } catch (e) {
        const error = e instanceof StepError ? e : this.stepError(r, "delete", errorText(e), e);
        this.recordFailure(error.failure);
        return;
      }
    }
  }

  private recordFailure(failure: StepFailure): void {
    this.failures.push(failure);
    this.signalFailure();
  }

  /** Resolves once no step is in flight, so the state holds everything that did complete. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  register(req: resproto.RegisterResourceRequest): Promise<RegisterResult> {
    const step = this.registerStep(req);
    this.inFlight.add(step);
    const forget = () => this.inFlight.delete(step);
    step.then(forget, forget);
    return step;
  }

  private async registerStep(req: resproto.RegisterResourceRequest): Promise<RegisterResult> {
    const type = req.getType();
    const name = req.getName();
    const parent = req.getParent();
    const urn = this.urnFor(parent, type, name);
    const raw = (req.getObject()?.toJavaScript() ?? {}) as PropertyMap;
    const dependencies = req.getDependenciesList();
    const { values, secretKeys } = splitSecrets(raw);
    const base = { urn, type, name, parent: parent || undefined, dependencies };

    // Like the engine, no new step starts once one has failed.
    if (this.failures.length > 0) {
      throw new Error(`${label(base)}: not attempted because an earlier step failed`);
    }
    try {
      if (!req.getCustom()) return this.registerComponent(base, values, secretKeys);
      if (!type.startsWith(DYNAMIC_TYPE_PREFIX)) {
        throw this.stepError(
          base,
          "create",
          `the harness runs only dynamic resources, not ${type}`,
        );
      }
      if (req.getImportid() !== "") {
        throw this.stepError(
          base,
          "create",
          "the import option cannot work with dynamic resources (the host has no provider for an object it never managed)",
        );
      }
      return await this.registerCustom(req, base, values, secretKeys);
    } catch (e) {
      const error = e instanceof StepError ? e : this.stepError(base, "create", errorText(e), e);
      this.recordFailure(error.failure);
      throw error;
    }
  }

  private registerComponent(
    base: Pick<ResourceState, "urn" | "type" | "name" | "parent" | "dependencies">,
    inputs: PropertyMap,
    secretInputs: string[],
  ): RegisterResult {
    const old = this.findOld(base.urn);
    const entry: ResourceState = {
      ...base,
      custom: false,
      inputs,
      outputs: old?.outputs ?? {},
      secretInputs,
      secretOutputs: old?.secretOutputs ?? [],
    };
    this.finish(old, entry);
    const op: StepOp = !old ? "create" : sameValue(old.inputs, inputs) ? "same" : "update";
    this.record({ urn: base.urn, type: base.type, name: base.name, op });
    return { urn: base.urn, id: "", object: {} };
  }

  private async registerCustom(
    req: resproto.RegisterResourceRequest,
    base: Pick<ResourceState, "urn" | "type" | "name" | "parent" | "dependencies">,
    rawNews: PropertyMap,
    secretInputs: string[],
  ): Promise<RegisterResult> {
    const { host, dryRun } = this.ctx;
    const ref: ResourceRef = { urn: base.urn, type: base.type, name: base.name };
    const old = this.findOld(base.urn);
    const additionalSecretOutputs = req.getAdditionalsecretoutputsList();
    const ignoreChanges = req.getIgnorechangesList();
    const replaceOnChanges = req.getReplaceonchangesList();
    const dbrOption = req.getDeletebeforereplacedefined() && req.getDeletebeforereplace();
    const options = {
      additionalSecretOutputs: additionalSecretOutputs.length ? additionalSecretOutputs : undefined,
      protect: req.getProtect() || undefined,
      retainOnDelete: req.getRetainondelete() || undefined,
    };

    // ignoreChanges keeps the old input value (top-level properties only).
    const news: PropertyMap = { ...rawNews };
    if (old) {
      for (const k of ignoreChanges) {
        if (k in old.inputs) news[k] = old.inputs[k] as Json;
        else delete news[k];
      }
    }

    let checked;
    try {
      checked = await host.check(ref, old?.inputs ?? {}, news);
    } catch (e) {
      throw this.stepError(base, "check", `check failed: ${errorText(e)}`, e);
    }
    if (checked.failures.length > 0) {
      const reasons = checked.failures.map((f) => `[${f.property}] ${f.reason}`).join("; ");
      const failure: StepFailure = {
        urn: base.urn,
        type: base.type,
        name: base.name,
        op: "check",
        message: `${label(base)}: invalid inputs: ${reasons}`,
        checkFailures: checked.failures,
      };
      throw new StepError(failure);
    }
    const inputs = checked.inputs;
    const secretKeysFor = (outputs: PropertyMap): string[] =>
      Object.keys(outputs).filter(
        (k) => secretInputs.includes(k) || additionalSecretOutputs.includes(k),
      );
    const entryFor = (id: string, outputs: PropertyMap): ResourceState => ({
      ...base,
      custom: true,
      id,
      inputs,
      outputs,
      secretInputs: secretInputs.filter((k) => k in inputs),
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
        this.record({ ...ref, op: "create" });
        // The engine previews a create with the checked inputs; the rest stays unknown.
        const entry = entryFor("", inputs);
        this.finish(undefined, entry);
        return respond(entry);
      }
      const created = await this.attempt(base, "create", () => host.create(ref, inputs));
      const entry = entryFor(created.id, created.outputs);
      this.finish(undefined, entry);
      this.record({ ...ref, op: "create", id: created.id });
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
    const shown = diffKeys(old.inputs, inputs, replaces);
    const forced = replaceOnChanges.includes("*")
      ? shown.diffs
      : shown.diffs.filter((k) => replaceOnChanges.includes(k));
    if (forced.length > 0) {
      changes = true;
      replaces = [...new Set([...replaces, ...forced])];
    }
    const detail = replaces.length > 0 ? diffKeys(old.inputs, inputs, replaces) : shown;
    const diffInfo: Pick<StepResult, "diffs" | "detailedDiff"> =
      detail.diffs.length > 0 ? { diffs: detail.diffs, detailedDiff: detail.detailedDiff } : {};

    if (!changes && replaces.length === 0) {
      const entry: ResourceState = {
        ...base,
        custom: true,
        id,
        inputs,
        outputs: old.outputs,
        secretInputs: secretInputs.filter((k) => k in inputs),
        secretOutputs: [...new Set([...old.secretOutputs, ...secretKeysFor(old.outputs)])],
        ...options,
      };
      this.finish(old, entry);
      this.record({ ...ref, op: "same", id });
      return respond(entry);
    }

    if (replaces.length > 0) {
      const deleteBeforeReplace = diff.deleteBeforeReplace || dbrOption;
      if (old.protect) {
        throw this.stepError(base, "replace", "resource is protected and cannot be replaced");
      }
      if (dryRun) {
        this.record({ ...ref, op: "replace", deleteBeforeReplace, ...diffInfo });
        const entry = entryFor("", inputs);
        this.finish(old, entry);
        return respond(entry);
      }
      if (deleteBeforeReplace) await this.deleteResource(old, "replace");
      const created = await this.attempt(base, "replace", () => host.create(ref, inputs));
      const entry = entryFor(created.id, created.outputs);
      if (!deleteBeforeReplace) {
        // The old object stays in state, marked, until it is deleted after the program ends.
        old.pendingDelete = true;
        this.condemned.push(old);
      }
      this.finish(undefined, entry);
      this.record({ ...ref, op: "replace", id: created.id, deleteBeforeReplace, ...diffInfo });
      return respond(entry);
    }

    if (dryRun) {
      this.record({ ...ref, op: "update", id, ...diffInfo });
      const entry = entryFor(id, inputs);
      this.finish(old, entry);
      return respond(entry);
    }
    const outputs = await this.attempt(base, "update", () =>
      host.update(ref, id, old.outputs, inputs, old.inputs),
    );
    const entry = entryFor(id, outputs);
    this.finish(old, entry);
    this.record({ ...ref, op: "update", id, ...diffInfo });
    return respond(entry);
  }

  private stepError(
    r: Pick<ResourceState, "urn" | "type" | "name">,
    op: StepFailure["op"],
    reason: string,
    cause?: unknown,
  ): StepError {
    return new StepError(
      {
        urn: r.urn,
        type: r.type,
        name: r.name,
        op,
        message: `${label(r)}: ${op} failed: ${reason}`,
      },
      { cause },
    );
  }

  private async attempt<T>(
    r: Pick<ResourceState, "urn" | "type" | "name">,
    op: StepFailure["op"],
    fn: () => Promise<T>,
  ): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw this.stepError(r, op, errorText(e), e);
    }
  }

  registerOutputs(urn: string, outputs: PropertyMap): void {
    const entry = this.done.find((r) => r.urn === urn);
    const { values, secretKeys } = splitSecrets(outputs);
    if (
      entry?.type === ROOT_STACK_TYPE ||
      (entry === undefined && urn.includes(`::${ROOT_STACK_TYPE}::`))
    ) {
      this.stackOutputs = values;
      this.stackSecretOutputs = secretKeys;
    }
    if (entry && !this.ctx.dryRun) {
      entry.outputs = values;
      entry.secretOutputs = secretKeys;
      this.persist();
    }
  }

  /** Deletes one resource (custom ones through the provider) and drops it from the state. */
  private async deleteResource(
    r: ResourceState,
    op: "delete" | "replace" = "delete",
  ): Promise<void> {
    if (r.protect && op === "delete") {
      throw this.stepError(r, "delete", "resource is protected; remove the protect option first");
    }
    if (!this.ctx.dryRun) {
      if (r.custom && !r.retainOnDelete) {
        await this.attempt(r, op === "replace" ? "replace" : "delete", () =>
          this.ctx.host.delete(r, r.id ?? "", r.outputs, r.inputs),
        );
      }
      const i = this.remaining.indexOf(r);
      if (i >= 0) this.remaining.splice(i, 1);
      this.persist();
    }
    if (op === "delete")
      this.record({ urn: r.urn, type: r.type, name: r.name, op: "delete", id: r.id });
  }

  /**
   * After the program: what it no longer declares goes first, dependents before what they
   * depend on (reverse state order), then the old halves of replacements.
   */
  async deleteUndeclared(): Promise<void> {
    const undeclared = this.remaining.filter((r) => !r.pendingDelete).reverse();
    const condemned = [...this.condemned].reverse();
    await this.deleteAll([
      ...undeclared.map((r) => [r, "delete"] as const),
      ...condemned.map((r) => [r, "replace"] as const),
    ]);
  }

  /** Preview: what an up would delete. */
  planDeletes(): void {
    for (const r of [...this.remaining].reverse()) {
      this.record({ urn: r.urn, type: r.type, name: r.name, op: "delete", id: r.id });
    }
  }
}

/** Refresh: Read every custom resource in state; drop what is gone, record drift. */
export async function refreshAll(
  ctx: EngineContext,
): Promise<Pick<RunResult, "steps" | "failures">> {
  const steps: StepResult[] = [];
  const failures: StepFailure[] = [];
  const resources = ctx.state.resources;
  for (const r of [...resources]) {
    if (!r.custom) {
      steps.push({ urn: r.urn, type: r.type, name: r.name, op: "same" });
      continue;
    }
    let read;
    try {
      read = await ctx.host.read(r, r.id ?? "", r.outputs, r.inputs);
    } catch (e) {
      failures.push({
        urn: r.urn,
        type: r.type,
        name: r.name,
        op: "refresh-update",
        message: `${label(r)}: read failed: ${errorText(e)}`,
      });
      break;
    }
    if (read.id === "") {
      resources.splice(resources.indexOf(r), 1);
      saveState(ctx.stateFile, ctx.state);
      steps.push({ urn: r.urn, type: r.type, name: r.name, op: "refresh-delete", id: r.id });
      continue;
    }
    const drift = diffKeys(r.outputs, read.outputs);
    const secret = new Set([
      ...r.secretOutputs,
      ...(r.additionalSecretOutputs ?? []),
      ...r.secretInputs,
    ]);
    r.id = read.id;
    r.outputs = read.outputs;
    if (read.inputs) r.inputs = read.inputs;
    r.secretOutputs = Object.keys(r.outputs).filter((k) => secret.has(k));
    r.secretInputs = r.secretInputs.filter((k) => k in r.inputs);
    saveState(ctx.stateFile, ctx.state);
    steps.push(
      drift.diffs.length > 0
        ? {
            urn: r.urn,
            type: r.type,
            name: r.name,
            op: "refresh-update",
            id: read.id,
            diffs: drift.diffs,
            detailedDiff: drift.detailedDiff,
          }
        : { urn: r.urn, type: r.type, name: r.name, op: "same", id: read.id },
    );
  }
  return failures.length > 0 ? { steps, failures } : { steps };
}

/** Destroy: delete everything in state, last created first. */
export async function destroyAll(
  ctx: EngineContext,
): Promise<Pick<RunResult, "steps" | "failures">> {
  const steps: StepResult[] = [];
  const resources = ctx.state.resources;
  for (const r of [...resources].reverse()) {
    try {
      if (r.protect) throw new Error("resource is protected; remove the protect option first");
      if (r.custom && !r.retainOnDelete) {
        await ctx.host.delete(r, r.id ?? "", r.outputs, r.inputs);
      }
    } catch (e) {
      const failure: StepFailure = {
        urn: r.urn,
        type: r.type,
        name: r.name,
        op: "delete",
        message: `${label(r)}: delete failed: ${errorText(e)}`,
      };
      return { steps, failures: [failure] };
    }
    resources.splice(resources.indexOf(r), 1);
    saveState(ctx.stateFile, ctx.state);
    steps.push({ urn: r.urn, type: r.type, name: r.name, op: "delete", id: r.id });
  }
  return { steps };
}

/** Stack outputs from the state's root stack resource (refresh has no program to ask). */
export function stackOutputsOf(state: LoadedState): { outputs: PropertyMap; secret: string[] } {
  const stack = state.resources.find((r) => r.type === ROOT_STACK_TYPE);
  return { outputs: stack?.outputs ?? {}, secret: stack?.secretOutputs ?? [] };
}

/** Preview outputs may hold unknowns; those keys are left out. */
export function knownOutputs(outputs: PropertyMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs).filter(([, v]) => !containsUnknown(v)));
}

export function summarize(steps: StepResult[]): Record<string, number> {
  const summary: Record<string, number> = {};
  for (const s of steps) summary[s.op] = (summary[s.op] ?? 0) + 1;
  return summary;
}

export function emptyResult(operation: Operation): Omit<RunResult, "log"> {
  return { operation, steps: [], summary: {}, outputs: {}, secretOutputs: [] };
}
