/**
 * The state in memory and the changes a run makes to it. Every change is a `Mutation`: the
 * engine applies it to the snapshot and the state store appends it to the journal file before
 * the next provider call, so a run that dies at any moment is replayed from the journal to
 * exactly what it had done, and to what it had begun (the pending operations).
 */
import { dependencyOrder } from "./steps";
import type { PendingOperation, PropertyMap, ResourceState } from "./types";

/** Which entry a mutation means: the live one for a URN, or the old half of a replacement. */
export interface EntryKey {
  urn: string;
  pendingDelete?: boolean;
}

export type Mutation =
  /** The resource's new state; replaces the live entry at `replacing` (its URN before an alias). */
  | { kind: "put"; resource: ResourceState; replacing?: string }
  /** The live entry becomes the old half of a replacement, to be deleted later. */
  | { kind: "condemn"; urn: string }
  | { kind: "remove"; entry: EntryKey }
  | { kind: "outputs"; urn: string; outputs: PropertyMap; secretOutputs: string[] }
  | { kind: "begin"; op: number; operation: PendingOperation }
  | { kind: "end"; op: number }
  /** A pending create was resolved (cleared, imported or adopted). */
  | { kind: "resolve"; urn: string };

export function sameKey(r: ResourceState, key: EntryKey): boolean {
  return r.urn === key.urn && !!r.pendingDelete === !!key.pendingDelete;
}

/** The resources and pending operations of one stack. */
export class Snapshot {
  private readonly entries = new Set<ResourceState>();
  private readonly live = new Map<string, ResourceState>();
  private readonly condemned = new Map<string, ResourceState[]>();
  private readonly operations = new Map<number, PendingOperation>();
  private nextOp = 1;

  constructor(resources: readonly ResourceState[], pending: readonly PendingOperation[] = []) {
    for (const r of resources) this.add(r);
    for (const p of pending) this.operations.set(this.nextOp++, p);
  }

  private add(r: ResourceState): void {
    this.entries.add(r);
    if (r.pendingDelete) {
      const list = this.condemned.get(r.urn);
      if (list) list.push(r);
      else this.condemned.set(r.urn, [r]);
    } else {
      this.live.set(r.urn, r);
    }
  }

  private delete(r: ResourceState): void {
    this.entries.delete(r);
    if (r.pendingDelete) {
      const list = this.condemned.get(r.urn) ?? [];
      list.splice(list.indexOf(r), 1);
      if (list.length === 0) this.condemned.delete(r.urn);
    } else if (this.live.get(r.urn) === r) {
      this.live.delete(r.urn);
    }
  }

  /** The live (not condemned) entry for a URN. */
  get(urn: string): ResourceState | undefined {
    return this.live.get(urn);
  }

  find(key: EntryKey): ResourceState | undefined {
    return key.pendingDelete ? this.condemned.get(key.urn)?.[0] : this.live.get(key.urn);
  }

  /** Every entry, each after the ones it references. */
  resources(): ResourceState[] {
    return dependencyOrder([...this.entries]);
  }

  get size(): number {
    return this.entries.size;
  }

  pending(): PendingOperation[] {
    return [...this.operations.values()];
  }

  /** The pending operations with the ids that end them. */
  pendingEntries(): [number, PendingOperation][] {
    return [...this.operations.entries()];
  }

  /** An id for the next operation that begins. */
  newOperationId(): number {
    return this.nextOp++;
  }

  apply(m: Mutation): void {
    switch (m.kind) {
      case "put": {
        const old = m.resource.pendingDelete
          ? this.condemned.get(m.resource.urn)?.[0]
          : this.live.get(m.replacing ?? m.resource.urn);
        if (old) this.delete(old);
        if (m.replacing && m.replacing !== m.resource.urn) {
          this.renameReferences(m.replacing, m.resource.urn);
        }
        this.add(m.resource);
        return;
      }
      case "condemn": {
        const r = this.live.get(m.urn);
        if (!r) return;
        this.delete(r);
        this.add({ ...r, pendingDelete: true });
        return;
      }
      case "remove": {
        const r = this.find(m.entry);
        if (r) this.delete(r);
        return;
      }
      case "outputs": {
        const r = this.live.get(m.urn);
        if (!r) return;
        this.delete(r);
        this.add({ ...r, outputs: m.outputs, secretOutputs: m.secretOutputs });
        return;
      }
      case "begin":
        this.operations.set(m.op, m.operation);
        this.nextOp = Math.max(this.nextOp, m.op + 1);
        return;
      case "end":
        this.operations.delete(m.op);
        return;
      case "resolve":
        for (const [op, p] of this.operations) {
          if (p.type === "creating" && p.resource.urn === m.urn) this.operations.delete(op);
        }
        return;
    }
  }

  /** After an alias match the engine rewrites references to the old URN (NormalizeURNReferences). */
  private renameReferences(from: string, to: string): void {
    for (const r of [...this.entries]) {
      if (r.parent !== from && !r.dependencies.includes(from)) continue;
      this.delete(r);
      this.add({
        ...r,
        parent: r.parent === from ? to : r.parent,
        dependencies: r.dependencies.map((d) => (d === from ? to : d)),
      });
    }
  }
}
