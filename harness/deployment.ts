import { errorText } from "../common/error-text";
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { isDeepStrictEqual } from "node:util";
import {
  DYNAMIC_TYPE_PREFIX,
  NotStartedError,
  Run,
  StepError,
  label,
  sameEntry,
  stepError,
  changesOf,
  type Base,
} from "./engine";
import type { Mutation } from "./journal";
import { applyIgnoreChanges, replaceKeysFor } from "./property-paths";
import { diffKeys, sameValue, splitSecrets, withSecrets } from "./properties";
import type { ResourceRef } from "./provider-host";
import { PASSPHRASE_HELP } from "./secrets";
import { deletionGraph, matchesTarget, references } from "./steps";
import type { PropertyMap, ResourceState, StepFailure, StepOp, StepResult } from "./types";
import { ROOT_STACK_TYPE, aliasUrns, createUrn, type AliasSpec } from "./urns";

type RegisterResult = { urn: string; id: string; object: PropertyMap };

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
    let changedKeys = diff.changedKeys;
    if (changes === undefined) {
      // The provider did not say: the engine compares the inputs, `__provider` included, and
      // takes the keys that differ as the changed keys.
      const keys = new Set([...Object.keys(old.inputs), ...Object.keys(inputs)]);
      changedKeys = [...keys].filter((k) => !sameValue(old.inputs[k], inputs[k]));
      changes = changedKeys.length > 0;
    }
    // replaceOnChanges turns the provider's changed keys into replacements, and nothing else:
    // the dynamic-provider host reports none, so under the engine a dynamic resource's change is
    // made in place whatever the option says.
    if (changes) {
      const forced = replaceKeysFor(changedKeys, req.getReplaceonchangesList());
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
