import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { isDeepStrictEqual } from "node:util";
import { errorText } from "../../common/error-text";
import {
  DYNAMIC_TYPE_PREFIX,
  NotStartedError,
  Run,
  StepError,
  sameEntry,
  stepError,
  type Base,
} from "./engine";
import type { Mutation } from "./journal";
import { applyIgnoreChanges } from "./property-paths";
import { sameValue, splitSecrets, withSecrets } from "./properties";
import type { ResourceRef } from "./provider-host";
import {
  aliasSpecs,
  invalidInputs,
  protectedFromReplace,
  refuseUnsealable,
  registration,
  respond,
  shownChanges,
  type RegisterResult,
  type Registration,
  unsealableOutputs,
} from "./registration";
import { decideStep, type ChangedProperties, type StepDecision } from "./step-decision";
import { deletionGraph, matchesTarget, references } from "./steps";
import type { PropertyMap, ResourceState, StepFailure, StepOp, StepResult } from "./types";
import { ROOT_STACK_TYPE, aliasUrns, createUrn, type AliasSpec } from "./urns";

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

  /** Check, diff, decide, perform (see decideStep). */
  private async registerCustom(
    req: resproto.RegisterResourceRequest,
    base: Base,
    rawNews: PropertyMap,
    secretInputs: string[],
    old: ResourceState | undefined,
  ): Promise<RegisterResult> {
    const { host, store } = this.ctx;
    const ref: ResourceRef = { urn: base.urn, type: base.type, name: base.name };
    const additionalSecrets = req.getAdditionalsecretoutputsList();
    refuseUnsealable(base, secretInputs, additionalSecrets, store.canWriteSecrets);
    const news = old
      ? applyIgnoreChanges(old.inputs, rawNews, req.getIgnorechangesList())
      : rawNews;
    const checked = await this.attempt(base, "check", () =>
      host.check(ref, old?.inputs ?? {}, news),
    );
    const diff =
      old && checked.failures.length === 0
        ? await this.attempt(base, "update", () =>
            host.diff(ref, old.id ?? "", old.outputs, checked.inputs, old.inputs),
          )
        : undefined;
    const step = decideStep({
      old,
      checked,
      diff,
      replaceOnChanges: req.getReplaceonchangesList(),
      deleteBeforeReplace: req.getDeletebeforereplacedefined() && req.getDeletebeforereplace(),
    });
    if (step.kind === "invalid") throw invalidInputs(base, step.failures);
    const aliasOf = this.aliased.get(base.urn);
    const r = registration(req, base, aliasOf, checked.inputs, secretInputs);
    if (step.kind === "create" || !old) return this.createStep(r);
    switch (step.kind) {
      case "same":
        return this.sameStep(r, old);
      case "update":
        return this.updateStep(r, old, step.changed);
      case "replace":
        return this.replaceStep(r, old, step);
      case "refuse-protected":
        throw protectedFromReplace(base, step.replaces);
    }
  }

  /** Makes the object (the new half of a replacement too), journaled as a pending create. */
  private makeObject(r: Registration, first: Mutation[] = []) {
    return this.effect(
      "creating",
      r.entryFor(undefined, {}),
      () => this.ctx.host.create(r.ref, r.inputs),
      (c) => [...first, { kind: "put", resource: r.entryFor(c.id, c.outputs) }],
    );
  }

  private async createStep(r: Registration): Promise<RegisterResult> {
    if (this.ctx.dryRun) {
      this.record({ ...r.stepBase, op: "create" });
      // The engine previews a create with the checked inputs; the rest stays unknown.
      return respond(r.entryFor("", r.inputs));
    }
    const created = await this.slot(r.base, "create", () => this.makeObject(r));
    this.record({ ...r.stepBase, op: "create", id: created.id });
    return respond(r.entryFor(created.id, created.outputs));
  }

  private sameStep(r: Registration, old: ResourceState): RegisterResult {
    const id = old.id ?? "";
    const entry: ResourceState = {
      ...r.entryFor(id, old.outputs),
      secretOutputs: [...new Set([...old.secretOutputs, ...r.secretKeysFor(old.outputs)])],
    };
    if (r.aliasOf || !sameEntry(old, entry)) {
      this.write({ kind: "put", resource: entry, replacing: old.urn });
    }
    this.record({ ...r.stepBase, op: "same", id });
    return respond(entry);
  }

  private async updateStep(
    r: Registration,
    old: ResourceState,
    changed: ChangedProperties | undefined,
  ): Promise<RegisterResult> {
    const id = old.id ?? "";
    const step: StepResult = { ...r.stepBase, op: "update", id, ...shownChanges(r, old, changed) };
    if (this.ctx.dryRun) {
      this.record(step);
      return respond(r.entryFor(id, r.inputs));
    }
    const outputs = await this.slot(r.base, "update", () =>
      this.effect(
        "updating",
        old,
        () => this.ctx.host.update(r.ref, id, old.outputs, r.inputs, old.inputs),
        (outs) => [{ kind: "put", resource: r.entryFor(id, outs), replacing: old.urn }],
      ),
    );
    this.record(step);
    return respond(r.entryFor(id, outputs));
  }

  private async replaceStep(
    r: Registration,
    old: ResourceState,
    { deleteBeforeReplace, changed }: Extract<StepDecision, { kind: "replace" }>,
  ): Promise<RegisterResult> {
    const shown = shownChanges(r, old, changed);
    if (this.ctx.dryRun) {
      this.record({ ...r.stepBase, op: "replace", deleteBeforeReplace, ...shown });
      return respond(r.entryFor("", r.inputs));
    }
    const created = await this.slot(r.base, "replace", async () => {
      if (deleteBeforeReplace) await this.deleteOne(old, false);
      // The old object stays in state, marked, until it is deleted after the program.
      return this.makeObject(r, deleteBeforeReplace ? [] : [{ kind: "condemn", urn: old.urn }]);
    });
    this.record({ ...r.stepBase, op: "replace", id: created.id, deleteBeforeReplace, ...shown });
    return respond(r.entryFor(created.id, created.outputs));
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
      this.failures.push(unsealableOutputs(urn, isStack, secretKeys));
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
      // A preview lists the deletes (not leftover old halves, which no step of this run made).
      for (const r of doomed) if (!r.pendingDelete) await this.deleteOne(r, true);
      return;
    }
    await this.runGraph(
      deletionGraph(doomed),
      (r) => this.deleteOne(r, !r.pendingDelete),
      "delete",
    );
  }
}
