/**
 * The step planner: which steps a run takes and what each must wait for, worked out from the
 * state alone, with no provider call and no I/O. The engine (engine.ts) performs the plan through
 * schedule.ts.
 */
import type { StepGraph } from "./schedule";
import type { ResourceState } from "./types";

/** The URNs a resource needs to exist while it exists: its dependencies and its parent. */
export function references(r: Pick<ResourceState, "dependencies" | "parent">): string[] {
  return r.parent ? [...r.dependencies, r.parent] : r.dependencies;
}

function byUrn(resources: readonly ResourceState[]): Map<string, ResourceState[]> {
  const map = new Map<string, ResourceState[]>();
  for (const r of resources) {
    const list = map.get(r.urn);
    if (list) list.push(r);
    else map.set(r.urn, [r]);
  }
  return map;
}

/**
 * Deleting `doomed`: each resource waits until every doomed resource that depends on it (or is
 * its child) is gone, as the engine deletes dependents first. Everything else runs at once.
 */
export function deletionGraph(doomed: readonly ResourceState[]): StepGraph<ResourceState> {
  const index = byUrn(doomed);
  const waitsFor = new Map<ResourceState, ResourceState[]>();
  for (const r of doomed) waitsFor.set(r, []);
  for (const dependent of doomed) {
    for (const urn of new Set(references(dependent))) {
      for (const target of index.get(urn) ?? []) {
        if (target !== dependent) waitsFor.get(target)!.push(dependent);
      }
    }
  }
  return { nodes: doomed, waitsFor };
}

/** Reading every resource: no read waits for another. */
export function refreshGraph(resources: readonly ResourceState[]): StepGraph<ResourceState> {
  const nodes = resources.filter((r) => r.custom);
  return { nodes, waitsFor: new Map() };
}

/**
 * The state's order: each resource after the ones it references, otherwise as given. The
 * engine keeps its checkpoints in this order, and a reader of the file can rely on it.
 */
export function dependencyOrder(resources: readonly ResourceState[]): ResourceState[] {
  const index = byUrn(resources);
  const placed = new Set<ResourceState>();
  const ordered: ResourceState[] = [];
  for (const root of resources) {
    if (placed.has(root)) continue;
    // Iterative depth-first walk: references first, then the resource itself.
    const stack: { r: ResourceState; refs: ResourceState[] }[] = [];
    const visiting = new Set<ResourceState>();
    const push = (r: ResourceState) => {
      visiting.add(r);
      stack.push({ r, refs: references(r).flatMap((u) => index.get(u) ?? []) });
    };
    push(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const next = top.refs.shift();
      if (next === undefined) {
        stack.pop();
        visiting.delete(top.r);
        if (!placed.has(top.r)) {
          placed.add(top.r);
          ordered.push(top.r);
        }
      } else if (!placed.has(next) && !visiting.has(next) && next !== top.r) {
        push(next);
      }
    }
  }
  return ordered;
}

/**
 * `--target`: a URN, or a glob as the engine reads it (UrnTargets in
 * pkg/resource/deploy/deployment.go): `**` matches any run of characters, `*` any run without a
 * `:`, so `*` stays within one part of the URN.
 */
export function matchesTarget(urn: string, targets: readonly string[]): boolean {
  return targets.some((t) => {
    if (!t.includes("*")) return t === urn;
    const quote = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    const source = t
      .split("**")
      .map((segment) => segment.split("*").map(quote).join("[^:]*"))
      .join(".*");
    return new RegExp(`^${source}$`).test(urn);
  });
}

export interface TargetSelection {
  selected: ResourceState[];
  /** Resources outside the targets that depend on a selected one: a delete would strand them. */
  strandedDependents: { dependent: ResourceState; target: ResourceState }[];
}

/**
 * The resources `--target` selects among `resources`, with their dependents when
 * `withDependents` (`--target-dependents`), transitively.
 */
export function selectTargets(
  resources: readonly ResourceState[],
  targets: readonly string[],
  withDependents: boolean,
): TargetSelection {
  const selected = new Set(resources.filter((r) => matchesTarget(r.urn, targets)));
  const dependentsOf = new Map<string, ResourceState[]>();
  for (const r of resources) {
    for (const urn of references(r)) {
      const list = dependentsOf.get(urn);
      if (list) list.push(r);
      else dependentsOf.set(urn, [r]);
    }
  }
  const stranded: TargetSelection["strandedDependents"] = [];
  const queue = [...selected];
  while (queue.length > 0) {
    const target = queue.shift()!;
    for (const dependent of dependentsOf.get(target.urn) ?? []) {
      if (selected.has(dependent)) continue;
      if (withDependents) {
        selected.add(dependent);
        queue.push(dependent);
      } else {
        stranded.push({ dependent, target });
      }
    }
  }
  return { selected: resources.filter((r) => selected.has(r)), strandedDependents: stranded };
}
