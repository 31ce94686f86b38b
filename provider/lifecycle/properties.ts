import type { z } from "zod";
import { wanted, type Props } from "./compare";
import { COMMON, type Kind } from "./kind";

/**
 * How properties move between the program's inputs, the API's bodies and answers, and the state:
 * request bodies under the API's names, outputs read from an answer, what the state keeps beside
 * them. Every kind's, through its erased declaration (kind.ts).
 */

/**
 * Where each resource's state records the inputs its program declares (names only), so that a
 * refresh can hand back as inputs exactly those: any other key would show as removed in every
 * later preview. The dynamic-provider host gives `read` the old outputs only.
 */
export const DECLARED = "__declared";

/** The name a request body gives an input. */
export function bodyName(
  def: { bodyNames?: Partial<Record<string, string>> },
  key: string,
): string {
  return def.bodyNames?.[key] ?? key;
}

/** The body fields of `schema` for `keys` of `inputs`, under the API's names. */
export function body(
  kind: Kind,
  schema: z.ZodObject | undefined,
  inputs: Props,
  keys: readonly string[],
): Props {
  const fields = Object.keys(schema?.shape ?? {});
  const out: Props = {};
  for (const key of keys) {
    const name = bodyName(kind, key);
    if (fields.includes(name) && inputs[key] !== undefined) out[name] = inputs[key];
  }
  return out;
}

/** The outputs read from the API object `wire`; `known` is what the provider knows beside it. */
export function outputsOf(
  kind: Kind,
  wire: Props,
  known: Props,
  declared: ReadonlySet<string>,
): Props {
  const declares = (key: string) => declared.has(key);
  const outs: Props = {};
  for (const key of kind.inputKeys) if (!COMMON.includes(key)) outs[key] = wire[key] ?? null;
  for (const [key, map] of Object.entries(kind.outputs)) outs[key] = map(wire, known, declares);
  return outs;
}

/**
 * The outputs with what the state keeps beside them: `adoptId`, the workspace (read, update and
 * delete get the old outputs only, and must know where the object is), and the declared inputs.
 * An object of the default workspace keeps no `workspace`, as before workspaces existed.
 */
export function stamped(outs: Props, inputs: Props): Props {
  const declared = Object.keys(inputs)
    .filter((k) => inputs[k] !== undefined)
    .sort();
  return {
    ...outs,
    ...(inputs.adoptId == null ? {} : { adoptId: inputs.adoptId }),
    ...(inputs.workspace == null ? {} : { workspace: inputs.workspace }),
    [DECLARED]: declared,
  };
}

export function declaredIn(inputs: Props): ReadonlySet<string> {
  return new Set(Object.keys(inputs).filter((k) => inputs[k] !== undefined));
}

/** What the object holds after `changed` were applied, when no answer showed it. */
export function withChanges(kind: Kind, olds: Props, news: Props, changed: readonly string[]) {
  return { ...olds, ...Object.fromEntries(changed.map((k) => [k, wanted(kind, news, k)])) };
}

export function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/** The workspace inputs or outputs name; undefined for the default one. */
export function workspaceOf(props: Props): string | undefined {
  return typeof props.workspace === "string" ? props.workspace : undefined;
}

export function withoutProvider(props: Props | undefined): Props {
  const { __provider: _ignored, ...rest } = props ?? {};
  return rest;
}
