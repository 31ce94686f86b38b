import { errorText } from "../../common/error-text";
import { Run, changesOf, sameEntry, stepError } from "./engine";
import type { EntryKey } from "./journal";
import { PROVIDER_KEY, diffKeys, sameValue } from "./properties";
import { refreshGraph, selectTargets } from "./steps";
import {
  PENDING_CREATE_KEY,
  type PendingOperation,
  type PropertyMap,
  type ResourceState,
  type PendingCreateRequest,
  type PendingCreateResolution,
} from "./types";

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
    await this.settle(resolution);
    if (!prelude) this.reportPending("refresh");
    const { store, targets, targetDependents } = this.ctx;
    const resources = store.snapshot.resources();
    const selected = targets
      ? selectTargets(resources, targets, targetDependents === true).selected
      : resources;
    await this.runGraph(
      refreshGraph(selected),
      (r) => this.refreshOne(r, prelude),
      "refresh-update",
    );
  }

  /** `quiet`: only drift is reported, not what is unchanged. */
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
    if (!sameEntry(r, entry)) this.write({ kind: "put", resource: entry });
    const drift = await this.driftOf(r, entry);
    if (drift.diffs.length > 0 || drift.changed) {
      this.record({
        ...base,
        op: "refresh-update",
        id: read.id,
        diffs: drift.diffs,
        detailedDiff: drift.detailedDiff,
        changes: changesOf(drift.olds, drift.news, drift.diffs, secret),
      });
    } else if (!quiet) {
      this.record({ ...base, op: "same", id: read.id });
    }
  }

  /**
   * Whether a refresh changed a resource, by the engine's rule since 3.120 (RefreshStep in
   * pkg/resource/deploy/step.go): the diff an `up` of the unchanged program would show after it,
   * asked of the provider with the read outputs and inputs as the old state and the stored
   * inputs as the new, then inverted. Drift in an output the inputs do not hold (a Site's
   * `urls.published`) is recorded in the state but is no change. What the step shows is the
   * inputs that differ, from the declared value to the read one; the outputs' where none does.
   */
  private async driftOf(
    r: ResourceState,
    read: ResourceState,
  ): Promise<{
    changed: boolean;
    diffs: string[];
    detailedDiff: ReturnType<typeof diffKeys>["detailedDiff"];
    olds: PropertyMap;
    news: PropertyMap;
  }> {
    let changed: boolean | undefined;
    try {
      const diff = await this.ctx.host.diff(r, read.id ?? "", read.outputs, r.inputs, read.inputs);
      changed = diff.changes;
    } catch (e) {
      throw stepError(r, "refresh-update", `diff failed: ${errorText(e)}`, e);
    }
    const inputs = diffKeys(r.inputs, read.inputs);
    // The provider did not say: the engine compares the inputs, `__provider` included.
    changed ??=
      inputs.diffs.length > 0 || !sameValue(r.inputs[PROVIDER_KEY], read.inputs[PROVIDER_KEY]);
    if (!changed) return { changed, diffs: [], detailedDiff: {}, olds: {}, news: {} };
    if (inputs.diffs.length > 0) return { changed, ...inputs, olds: r.inputs, news: read.inputs };
    return { changed, ...diffKeys(r.outputs, read.outputs), olds: r.outputs, news: read.outputs };
  }

  /**
   * Settles the creates an interrupted run left pending, as asked (`--clear-pending-creates`,
   * `--import-pending-creates`, `--adopt-pending-creates`); those it is not asked about stay.
   * Before an `up`, `preview` or `destroy` too, which then work from what it found.
   */
  async settle(resolution: PendingCreateResolution): Promise<void> {
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
    } else if ((answer === "absent" || answer === "again") && read.id === "") {
      // Absent: it made nothing. Again: its create acts on the object it names, and the next up
      // sends it again whatever the interrupted one did.
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
