import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ListSpec } from "../client";
import type { Context } from "../context";
import { wanted, type Props } from "./compare";

/**
 * A definition as the handlers call it. A resource file declares its kind with precise types
 * (`defineResource` in define.ts); the handlers, written once for every kind, see the same members
 * over plain records. `erase` is the one place the types are dropped.
 */

/**
 * Where each resource's state records the inputs its program declares (names only), so that a
 * refresh can hand back as inputs exactly those: any other key would show as removed in every
 * later preview. The dynamic-provider host gives `read` the old outputs only.
 */
export const DECLARED = "__declared";

/** Inputs the lifecycle handles for every resource; no definition maps or patches them. */
export const COMMON: readonly string[] = ["adoptId", "workspace"];

/**
 * An object that may be the one a create made: its id and, where the API gives one, its creation
 * time (ISO 8601).
 */
export interface Candidate {
  id: string;
  createdAt?: string;
}

/** Reads one output from the API object; `declares` tells whether the program sets an input. */
export type PlainMapper = (
  wire: Props,
  known: Props,
  declares: (key: string) => boolean,
) => unknown;

/** A definition's members over plain records: what `Definition` (define.ts) types precisely. */
export interface PlainDefinition {
  kind: string;
  type: string;
  inputs: z.ZodObject;
  rules?(inputs: Props, olds: Props): pulumi.dynamic.CheckFailure[];
  replaceOnChange?: readonly string[];
  createOnly?: readonly string[];
  absentMeans?: Props;
  deleteBeforeReplace?(olds: Props, news: Props): boolean;
  createBody: z.ZodObject;
  patchBody?: z.ZodObject;
  bodyNames?: Partial<Record<string, string>>;
  outputs: Record<string, PlainMapper>;
  secretOutputs?: readonly string[];
  create(ctx: Context, inputs: Props, body: Props): Promise<Props>;
  settle?(ctx: Context, id: string, wire: Props, inputs: Props): Promise<Props>;
  idOf?(wire: Props, inputs: Props): string;
  read(ctx: Context, id: string, olds: Props, declares: (key: string) => boolean): Promise<Props>;
  patch?(ctx: Context, id: string, olds: Props, body: Props): Promise<Props>;
  delete(ctx: Context, id: string, olds: Props): Promise<void>;
  operations?: readonly {
    input: string;
    afterPatch?: boolean;
    run(
      ctx: Context,
      id: string,
      news: Props,
      olds: Props,
      current: Props | undefined,
    ): Promise<Props | undefined>;
  }[];
  listedIn?(olds: Props): ListSpec<Props & { id: string }> | undefined;
  naturalKey?: {
    describe: string;
    find(ctx: Context, inputs: Props): Promise<Candidate[] | undefined>;
    guard: "createdAt" | "listedBefore";
  };
  repeatable?: true;
}

/** Outputs every resource has, read this way unless its definition says otherwise. */
const DEFAULT_OUTPUTS: Record<string, PlainMapper> = {
  /**
   * The organization the object was made in or moved to: what the provider last sent. A kind
   * whose API object names its organization reads it from there instead.
   */
  organizationId: (_, known) => known.organizationId,
};

/** A definition over plain records, with what the handlers derive from it once. */
export interface Kind extends PlainDefinition {
  inputKeys: readonly string[];
  /**
   * What only a replacement changes: the definition's, and the workspace. Another workspace is
   * another organization, reached with other credentials: nothing moves an object there in place.
   */
  replaces: readonly string[];
  /** Inputs that say where the object is or what it was made from: known from the start. */
  fixed: readonly string[];
}

/**
 * The one adapter from a typed definition to the handlers' view of it. Sound because every value
 * the handlers pass in has been validated by the definition's own schemas (check parses the inputs
 * with `inputs`, the client parses each answer with `response`); what `defineResource` cannot
 * type, it checks when the package loads.
 */
export function erase(def: object): Kind {
  const plain = def as PlainDefinition;
  const replaces = [...(plain.replaceOnChange ?? []), "workspace"];
  return {
    ...plain,
    outputs: { ...DEFAULT_OUTPUTS, ...plain.outputs },
    inputKeys: Object.keys(plain.inputs.shape),
    replaces,
    fixed: ["organizationId", ...replaces, ...(plain.createOnly ?? [])],
  };
}

/** The name a request body gives an input. */
export function bodyName(def: Pick<PlainDefinition, "bodyNames">, key: string): string {
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
