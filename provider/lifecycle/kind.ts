import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ListSpec } from "../client";
import type { Context } from "../context";
import type { Props } from "./compare";

/**
 * A declaration as the handlers call it. A resource file declares its kind with precise types
 * (`defineResource` in define.ts); the handlers, written once for every kind, see the same members
 * over plain records. `erase` is the one place the types are dropped. Moving properties between
 * the program, the wire and the state is properties.ts's.
 */

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
export type ErasedMapper = (
  wire: Props,
  known: Props,
  declares: (key: string) => boolean,
) => unknown;

/**
 * Stage 2 of 5, an `ErasedDeclaration`: a declaration's members over plain records, what
 * `Declaration` (define.ts) types precisely.
 */
export interface ErasedDeclaration {
  kind: string;
  type: string;
  inputs: z.ZodObject;
  rules?(inputs: Props, olds: Props): pulumi.dynamic.CheckFailure[];
  remoteRules?(ctx: Context, inputs: Props): Promise<pulumi.dynamic.CheckFailure[]>;
  replaceOnChange?: readonly string[];
  createOnly?: readonly string[];
  absentMeans?: Props;
  deleteBeforeReplace?(olds: Props, news: Props): boolean;
  createBody: z.ZodObject;
  patchBody?: z.ZodObject;
  bodyNames?: Partial<Record<string, string>>;
  outputs: Record<string, ErasedMapper>;
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
const DEFAULT_OUTPUTS: Record<string, ErasedMapper> = {
  /**
   * The organization the object was made in or moved to: what the provider last sent. A kind
   * whose API object names its organization reads it from there instead.
   */
  organizationId: (_, known) => known.organizationId,
};

/**
 * Stage 3 of 5, a `Kind`: an erased declaration with what the handlers derive from it once; what
 * every handler is given (`kind.create`, `kind.read`).
 */
export interface Kind extends ErasedDeclaration {
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
  const plain = def as ErasedDeclaration;
  const replaces = [...(plain.replaceOnChange ?? []), "workspace"];
  return {
    ...plain,
    outputs: { ...DEFAULT_OUTPUTS, ...plain.outputs },
    inputKeys: Object.keys(plain.inputs.shape),
    replaces,
    fixed: ["organizationId", ...replaces, ...(plain.createOnly ?? [])],
  };
}
