import { UNKNOWN } from "../../common/unknown";
import type { z } from "zod";
import { formatPath } from "../../common/issues";

/**
 * Pure comparison of what a program declares with what the state holds: no request, no clock.
 * What diff, update and adoption decide to send rests on these.
 */

export type Props = Record<string, unknown>;

/** The value Pulumi sends during preview for an input that is not known yet. */
export { UNKNOWN };

/** What comparison needs of a definition: its inputs, and what their absence means. */
interface Compared {
  inputs: z.ZodObject;
  absentMeans?: Props;
  createOnly?: readonly string[];
}

/** Whether the value holds Pulumi's unknown sentinel, at any depth. */
export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(isUnknown);
  return false;
}

function canonical(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Props)[k] !== undefined)
        .map((k) => [k, canonical((value as Props)[k])]),
    );
  }
  return value;
}

/** Equal as JSON once keys are sorted and undefined reads as null. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The value the program asks for: what it declares, or what its absence means. */
export function wanted(def: Pick<Compared, "absentMeans">, news: Props, key: string): unknown {
  return news[key] !== undefined ? news[key] : def.absentMeans?.[key];
}

/** The input keys, other than `adoptId` and create-only ones, whose declared value differs. */
export function changedKeys(def: Compared, olds: Props, news: Props): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(def.inputs.shape)) {
    if (key === "adoptId" || def.createOnly?.includes(key)) continue;
    // Not declared, and absence means nothing: not managed. An absent workspace is the default
    // one: leaving a named one is a change like any other.
    if (news[key] === undefined && key !== "workspace" && !(key in (def.absentMeans ?? {})))
      continue;
    const value = wanted(def, news, key);
    if (isUnknown(value) || !sameValue(olds[key], value)) changed.push(key);
  }
  return changed;
}

/** Where unknown values sit, in the notation of check failures: `title`, `sections[1]`. */
export function unknownPaths(value: unknown, path: PropertyKey[] = []): string[] {
  if (value === UNKNOWN) return [formatPath(path)];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, [...path, k]));
  }
  return [];
}

/** Whether one path is the other or lies inside it (`a` and `a.b`, `a` and `a[0]`). */
export function overlaps(a: string, b: string): boolean {
  const inside = (inner: string, outer: string) =>
    inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return inside(a, b) || inside(b, a);
}

/** How one property changes: set where it was absent, removed, or changed. */
export type PropertyChange = "add" | "delete" | "update";

/** What a diff finds, property by property; both front doors answer from it. */
export interface DiffOutcome {
  /** Each changed input, and how it changes. */
  changes: Record<string, { kind: PropertyChange; replace: boolean }>;
  /** The changed inputs only a replacement applies. */
  replaces: string[];
  deleteBeforeReplace: boolean;
}

/** What a diff needs of a definition: comparison, what replaces, and what must go first. */
interface Diffed extends Compared {
  replaces: readonly string[];
  deleteBeforeReplace?(olds: Props, news: Props): boolean;
}

/**
 * The diff of the declared inputs `news` against the state `olds`, with no request: each changed
 * input, whether it was added, removed or changed, and whether only a replacement applies it.
 */
export function diffOf(def: Diffed, olds: Props, news: Props): DiffOutcome {
  const changes: DiffOutcome["changes"] = {};
  for (const key of changedKeys(def, olds, news)) {
    const before = olds[key] ?? null;
    const after = wanted(def, news, key) ?? null;
    const kind = before === null ? "add" : after === null ? "delete" : "update";
    changes[key] = { kind, replace: def.replaces.includes(key) };
  }
  const replaces = Object.keys(changes).filter((key) => changes[key]?.replace);
  return {
    changes,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && (def.deleteBeforeReplace?.(olds, news) ?? false),
  };
}
