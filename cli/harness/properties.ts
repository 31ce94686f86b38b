import { UNKNOWN } from "../../common/unknown";
import { isDeepStrictEqual } from "node:util";
import type { Json, PropertyDiffKind, PropertyMap } from "./types";

// The wire encodings below are Pulumi's (sdk/go/common/resource/properties.go); the SDK in the
// program process and the provider host both speak them.
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
export const RESOURCE_REF_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
export const OUTPUT_VALUE_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";
export { UNKNOWN };

export const PROVIDER_KEY = "__provider";

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isSecretValue(v: Json | undefined): boolean {
  return isObject(v) && v[SIG_KEY] === SECRET_SIG;
}

export function wrapSecret(v: Json): Json {
  return { [SIG_KEY]: SECRET_SIG, value: v };
}

/**
 * Removes the secret wrappers from a value, the way the engine does before it hands values to a
 * provider that does not accept secrets (the dynamic-provider host says so in Configure).
 * Resource references become the referenced resource's id (or urn for components), which is what
 * the engine sends to providers that do not accept resources.
 */
export function plain(v: Json): { value: Json; secret: boolean } {
  if (Array.isArray(v)) {
    let secret = false;
    const value = v.map((e) => {
      const r = plain(e);
      secret ||= r.secret;
      return r.value;
    });
    return { value, secret };
  }
  if (!isObject(v)) return { value: v, secret: false };
  const sig = v[SIG_KEY];
  if (sig === SECRET_SIG) {
    const inner = plain(v.value ?? null);
    return { value: inner.value, secret: true };
  }
  if (sig === RESOURCE_REF_SIG) {
    const id = v.id;
    return { value: typeof id === "string" && id !== "" ? id : (v.urn ?? null), secret: false };
  }
  if (sig === OUTPUT_VALUE_SIG) {
    const inner = "value" in v ? plain(v.value) : { value: UNKNOWN as Json, secret: false };
    return { value: inner.value, secret: inner.secret || v.secret === true };
  }
  let secret = false;
  const value: { [key: string]: Json } = {};
  for (const [k, e] of Object.entries(v)) {
    const r = plain(e);
    secret ||= r.secret;
    value[k] = r.value;
  }
  return { value, secret };
}

/** Plain top-level properties plus the keys that were (or contained) secrets. */
export function splitSecrets(props: PropertyMap): { values: PropertyMap; secretKeys: string[] } {
  const values: PropertyMap = {};
  const secretKeys: string[] = [];
  for (const [k, v] of Object.entries(props)) {
    const r = plain(v);
    values[k] = r.value;
    if (r.secret) secretKeys.push(k);
  }
  return { values, secretKeys };
}

/** Wraps the listed top-level keys as secrets, for the program to see them as secret outputs. */
export function withSecrets(props: PropertyMap, secretKeys: Iterable<string>): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const k of secretKeys) {
    if (k in out) out[k] = wrapSecret(out[k]);
  }
  return out;
}

export function containsUnknown(v: Json): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (isObject(v)) return Object.values(v).some(containsUnknown);
  return false;
}

export function sameValue(a: Json | undefined, b: Json | undefined): boolean {
  return isDeepStrictEqual(a, b);
}

/** Top-level keys whose values differ, with the engine's kind for each. */
export function diffKeys(
  olds: PropertyMap,
  news: PropertyMap,
  replaces: readonly string[] = [],
): { diffs: string[]; detailedDiff: Record<string, PropertyDiffKind> } {
  const detailedDiff: Record<string, PropertyDiffKind> = {};
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  for (const k of keys) {
    if (k === PROVIDER_KEY) continue;
    const inOld = k in olds && olds[k] !== null;
    const inNew = k in news && news[k] !== null;
    if (inOld && inNew && sameValue(olds[k], news[k])) continue;
    if (!inOld && !inNew) continue;
    const kind: "add" | "delete" | "update" = !inOld ? "add" : !inNew ? "delete" : "update";
    detailedDiff[k] = replaces.includes(k) ? `${kind}-replace` : kind;
  }
  // A replacement can be caused by a key whose value did not change in a way we see
  // (e.g. the provider compares normalized values); still show it.
  for (const k of replaces) {
    if (!(k in detailedDiff)) detailedDiff[k] = "update-replace";
  }
  return { diffs: Object.keys(detailedDiff), detailedDiff };
}

/** Shown in place of a secret value, as `pulumi preview` shows it. */
export const SECRET_MASK = "[secret]";
/** Shown in place of a value not known until the update, as `pulumi preview` shows it. */
export const UNKNOWN_DISPLAY = "output<string>";

/** A value as a preview may show it: secrets masked, unknowns named. */
export function displayValue(v: Json | undefined, secret: boolean): unknown {
  if (v === undefined) return undefined;
  if (secret) return SECRET_MASK;
  if (v === UNKNOWN) return UNKNOWN_DISPLAY;
  if (Array.isArray(v)) return v.map((e) => displayValue(e, false));
  if (isObject(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, displayValue(e, false)]));
  }
  return v;
}
