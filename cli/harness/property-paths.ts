import type { Json, PropertyMap } from "./types";

/**
 * Property paths as the `ignoreChanges` and `replaceOnChanges` resource options take them, in
 * Pulumi's syntax (sdk/go/common/resource/property_path.go): `title`, `adaptiveContent.enabled`,
 * `sections[0]`, `labels["team.name"]`, and `*` or `[*]` for every element at that level.
 */
export type PathSegment = string | number;

/** Wildcard segment: every key of an object or every element of an array. */
const ANY = Symbol("any");
type ParsedSegment = PathSegment | typeof ANY;

export function parsePropertyPath(text: string): ParsedSegment[] {
  const fail = (why: string): never => {
    throw new Error(`invalid property path "${text}": ${why}`);
  };
  const segments: ParsedSegment[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "[") {
      const close = text.indexOf("]", i);
      if (close < 0) fail("unclosed [");
      const inner = text.slice(i + 1, close);
      if (inner === "*") segments.push(ANY);
      else if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else if (/^"(?:[^"\\]|\\.)*"$/.test(inner)) segments.push(JSON.parse(inner) as string);
      else fail(`[${inner}] is neither an index, "*" nor a quoted key`);
      i = close + 1;
      if (i < text.length && text[i] === ".") i++;
      continue;
    }
    let end = i;
    while (end < text.length && text[end] !== "." && text[end] !== "[") end++;
    const name = text.slice(i, end);
    if (name === "") fail("empty property name");
    segments.push(name === "*" ? ANY : name);
    i = end < text.length && text[end] === "." ? end + 1 : end;
    if (end < text.length && text[end] === "." && i === text.length) fail("ends with .");
  }
  if (segments.length === 0) fail("empty");
  return segments;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function child(v: Json | undefined, segment: PathSegment): Json | undefined {
  if (typeof segment === "number") return Array.isArray(v) ? v[segment] : undefined;
  return isObject(v) && Object.hasOwn(v, segment) ? v[segment] : undefined;
}

function keysOf(v: Json | undefined): PathSegment[] {
  if (Array.isArray(v)) return v.map((_, i) => i);
  return isObject(v) ? Object.keys(v) : [];
}

/** The concrete paths a parsed path names in either value: wildcards expand over both. */
function expand(
  parsed: ParsedSegment[],
  a: Json | undefined,
  b: Json | undefined,
): PathSegment[][] {
  const [head, ...rest] = parsed;
  if (head === undefined) return [[]];
  const heads: PathSegment[] = head === ANY ? [...new Set([...keysOf(a), ...keysOf(b)])] : [head];
  return heads.flatMap((h) => expand(rest, child(a, h), child(b, h)).map((tail) => [h, ...tail]));
}

export function valueAt(root: Json | undefined, path: PathSegment[]): Json | undefined {
  let v = root;
  for (const segment of path) v = child(v, segment);
  return v;
}

/** A copy of `root` with the value at `path` set (or removed when `value` is undefined). */
function withValueAt(root: Json, path: PathSegment[], value: Json | undefined): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value ?? null;
  if (typeof head === "number") {
    if (!Array.isArray(root)) return root;
    const copy = [...root];
    if (rest.length === 0 && value === undefined) copy.splice(head, 1);
    else if (head < copy.length || rest.length === 0) {
      copy[head] =
        rest.length === 0 ? (value ?? null) : withValueAt(copy[head] ?? null, rest, value);
    }
    return copy;
  }
  if (!isObject(root)) return root;
  const copy = { ...root };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else if (Object.hasOwn(copy, head)) {
    copy[head] = withValueAt(copy[head] ?? null, rest, value);
  }
  return copy;
}

/**
 * `ignoreChanges`: the new inputs with the value at each path taken from the old inputs (or
 * left out where the old inputs had none), as the engine does before it calls Check.
 */
export function applyIgnoreChanges(
  olds: PropertyMap,
  news: PropertyMap,
  paths: readonly string[],
): PropertyMap {
  let result: Json = news;
  for (const text of paths) {
    for (const path of expand(parsePropertyPath(text), olds, news)) {
      result = withValueAt(result, path, valueAt(olds, path));
    }
  }
  return result as PropertyMap;
}

/**
 * `replaceOnChanges`, as the engine applies it (applyReplaceOnChanges in
 * pkg/resource/deploy/step_generator.go): the provider's changed keys that a listed path
 * contains (`*` matches any one segment; a path longer than the key contains nothing). It reads
 * only what the provider reported as changed, never the inputs themselves, so under a provider
 * that reports no changed keys (the dynamic-provider host) it has no effect.
 */
export function replaceKeysFor(changedKeys: readonly string[], paths: readonly string[]): string[] {
  const listed = paths.map(parsePropertyPath);
  return changedKeys.filter((key) => {
    let keyPath: ParsedSegment[];
    try {
      keyPath = parsePropertyPath(key);
    } catch {
      return false;
    }
    return listed.some(
      (p) =>
        p.length <= keyPath.length &&
        p.every((segment, i) => segment === ANY || segment === keyPath[i]),
    );
  });
}
