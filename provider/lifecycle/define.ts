import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ListSpec } from "../client";
import { CONFIG_NAMESPACE, WORKSPACE_NAME } from "../config";
import type { Context } from "../context";
import { COMMON, erase, type Candidate } from "./kind";
import { bodyName } from "./properties";
import { servedKindOf, type ServedKind } from "./handlers";
import type { ExporterFacts, AdditiveTarget } from "./facts";
import { BY_ID, type ImportId } from "./import-id";

/**
 * The declarations of the shared lifecycle. A resource file declares its kind once, with
 * `defineResource`: the input schema with the API's limits, which inputs the create and PATCH
 * bodies carry, how outputs are read from the API object, and its API calls. What every resource
 * does with them lives beside this file: comparison (compare.ts), recovery of creates whose
 * outcome is unknown (recovery.ts) and the six handlers (handlers.ts). Neither door is imported
 * here: the dynamic door's classes are in provider/dynamic/, the native plugin in
 * provider/native/. README.md beside this file follows a create through either.
 */

export type { Candidate } from "./kind";
export type { Handlers, ServedKind } from "./handlers";

/**
 * How to find the object a create may have made when its outcome is unknown: the objects that
 * carry the natural key the create sent, in the parent it names (a space's title in its
 * collection). `find` answers `undefined` when the inputs declare no key to look for.
 */
export interface NaturalKey<I> {
  /** The key in words, for messages and the README's table: "title in its parent collection". */
  describe: string;
  find(ctx: Context, inputs: I): Promise<Candidate[] | undefined>;
  /**
   * How an object that already had the key before the create is never taken for its work:
   * - `"createdAt"`: the API gives the kind a creation time, and only a candidate made since the
   *   create was sent (on the service's clock, `CLOCK_TOLERANCE_MS` of margin) is taken;
   * - `"listedBefore"`: the API gives it none, so check lists the candidates when a create may
   *   follow (a new resource, or a replacement) and hands their ids on with the checked inputs
   *   (`LISTED_BEFORE`), which the engine keeps with a pending create: none of them is ever
   *   taken, by the create itself or by the recovery of an interrupted one.
   */
  guard: "createdAt" | "listedBefore";
}

/** A non-empty id argument. */
export const Id = z.string().min(1);

/** A workspace named in `docs-workspace:workspaces` (`WORKSPACE_NAME` of the config). */
export const WorkspaceName = z.string().regex(WORKSPACE_NAME);

/**
 * A resource's input schema: its own arguments, between the three every resource takes. The
 * organization defaults to the workspace's (check fills it in); `workspace` names the configured
 * workspace the object lives in (absent: the default one); `adoptId` takes over an existing
 * object instead of creating one (`null`, like absent, creates one).
 */
export function resourceInputs<T extends z.ZodRawShape>(shape: T) {
  return z.object({
    organizationId: Id.optional(),
    workspace: WorkspaceName.optional(),
    ...shape,
    adoptId: Id.nullish(),
  });
}

/**
 * The argument every resource takes beside its own: its Args interface extends this, so that it
 * is declared once.
 */
export interface WorkspaceArgs {
  /**
   * The workspace the object lives in: a name configured in `docs-workspace:workspaces`, whose
   * organization, URL and token the provider uses. Absent, the default workspace
   * (`docs-workspace:apiUrl`, `apiToken`, `organizationId`). A change replaces the object: it is
   * another organization. An unknown name is refused at preview.
   * @example "prod"
   */
  workspace?: Input<string>;
}

/** Inputs the lifecycle handles for every resource; no definition maps or patches them. */
type Common = "adoptId" | "workspace";
/** Outputs the lifecycle reads for every resource unless its definition maps them (adapter.ts). */
type Defaulted = "organizationId";

type Schema = z.ZodObject;
type Key<S extends Schema> = keyof z.output<S> & string;
/** A resource's inputs once checked: every argument validated, the organization filled in. */
export type Inputs<S extends Schema> = z.output<S> & { organizationId: string };

/**
 * What the provider knows where the API object does not tell: each input as last sent or as the
 * state holds it (optional ones may be `null`), and, once the object exists, its old outputs.
 */
export type Known<I> = { [K in keyof I]: undefined extends I[K] ? I[K] | null : I[K] } & {
  readonly [output: string]: unknown;
};

/** Reads one output from the API object `wire`; `declares` tells whether the program sets an input. */
export type Mapper<W, I> = (
  wire: W,
  known: Known<I>,
  declares: (key: keyof I) => boolean,
) => unknown;

/** An input the definition does not map is copied from the API field of the same name. */
type Copied<W, K> = K extends keyof W
  ? undefined extends W[K]
    ? Exclude<W[K], undefined> | null
    : W[K]
  : never;

/**
 * The outputs of a definition: every input (but `adoptId`), then the definition's own. The
 * organization, unless mapped, is the one the provider sent (adapter.ts's default).
 */
export type OutputsOf<S extends Schema, W, M> = {
  [K in Exclude<Key<S>, Common | keyof M>]: K extends Defaulted ? string : Copied<W, K>;
} & { [K in keyof M]: M[K] extends (...args: never[]) => infer R ? R : never };

/**
 * A change the PATCH cannot carry: a move, a transfer, publication, a membership list. It runs
 * when `input` changed, before the PATCH unless `afterPatch`, and answers the object when the
 * API does.
 */
export interface Operation<I, O, W> {
  input: keyof I & string;
  afterPatch?: boolean;
  run(ctx: Context, id: string, news: I, olds: O, current: W | undefined): Promise<W | undefined>;
}

/**
 * Stage 1 of 5, a `Declaration`: one resource kind as its file declares it, precisely typed.
 * Write `outputs` before every member that receives old
 * outputs (`deleteBeforeReplace`, the API calls, `operations`): TypeScript infers a definition's
 * types top down, and the outputs type those old outputs.
 */
export interface Declaration<
  S extends Schema,
  R extends z.ZodType,
  M extends Record<string, Mapper<z.output<R>, Inputs<S>>>,
  C extends Schema,
  P extends Schema,
  W = z.output<R>,
> {
  /** What the shim in each resource's state names: never changes once released. */
  kind: string;
  /** The Pulumi type: resources are `docs-workspace:<type>`. */
  type: string;
  /** The inputs with the API's limits (`resourceInputs`); check validates every known value. */
  inputs: S;
  /** The API object as the provider reads it (its wire schema): what the outputs come from. */
  response: R;
  /**
   * Rules across arguments, run once every argument is known; each failure names its property.
   * `olds` are the inputs the state holds (`{}` before the first create).
   */
  rules?(inputs: Inputs<S>, olds: Partial<Inputs<S>>): pulumi.dynamic.CheckFailure[];
  /**
   * Rules that read the service (an integration's configuration against its schema, read from
   * the public catalogue), run after `rules` pass, once every argument is known; each failure
   * names its property. When the service cannot be read, none: the write's answer says it then.
   */
  remoteRules?(ctx: Context, inputs: Inputs<S>): Promise<pulumi.dynamic.CheckFailure[]>;
  /** Inputs the API cannot change in place: a change replaces the object. */
  replaceOnChange?: readonly Key<S>[];
  /**
   * Inputs the API takes only at creation and cannot change or report later: a change to them is
   * no change (like `adoptId`); their outputs carry the value the object was created with.
   */
  createOnly?: readonly Key<S>[];
  /** Inputs whose absence means a value rather than "not managed" (no parent: top level). */
  absentMeans?: { [K in Key<S>]?: z.output<S>[K] };
  /** When old and new would collide on a unique key, the old one goes first. */
  deleteBeforeReplace?(olds: OutputsOf<S, W, M>, news: Inputs<S>): boolean;
  /** The create request's body: the inputs it carries are the fields of this schema. */
  createBody: C;
  /** The PATCH request's body: the inputs it carries are the fields of this schema. */
  patchBody?: P;
  /** Input names the API spells differently in request bodies. */
  bodyNames?: { [K in Key<S>]?: string };
  /**
   * How each output is read from the API object. Inputs not listed are copied from the API field
   * of the same name (`null` when absent); an input the API object lacks must be listed, but the
   * organization: unlisted, it is the one the provider sent (adapter.ts's defaults).
   */
  outputs: M;
  /** Outputs that can hold a secret: stored encrypted, shown as [secret]. */
  secretOutputs?: readonly (keyof M & string)[];
  create(ctx: Context, inputs: Inputs<S>, body: z.output<C>): Promise<W>;
  /**
   * Work the service does after a create has answered (a spec's processing, a translation's
   * run), waited for when the program depends on it: answers the object as that work left it.
   * A failure deletes what the create made, so nothing is left that no state records.
   */
  settle?(ctx: Context, id: string, wire: W, inputs: Inputs<S>): Promise<W>;
  /** The new object's id; by default the API object's `id`. */
  idOf?(wire: W, inputs: Inputs<S>): string;
  /** One GET (or as few as the API allows); throws the ApiError, 404 included. */
  read(
    ctx: Context,
    id: string,
    olds: OutputsOf<S, W, M>,
    declares: (key: Key<S>) => boolean,
  ): Promise<W>;
  patch?(ctx: Context, id: string, olds: OutputsOf<S, W, M>, body: z.output<P>): Promise<W>;
  delete(ctx: Context, id: string, olds: OutputsOf<S, W, M>): Promise<void>;
  operations?: readonly Operation<Inputs<S>, OutputsOf<S, W, M>, W>[];
  /**
   * The list that holds this kind's objects. A refresh's reads of many objects are then served
   * from one walk of it instead of a GET each (`ApiClient.readListed` decides, and confirms an
   * object the list lacks with `read`); adoption and recovery always use `read`. `undefined`
   * when the list cannot tell what this object's read needs (a space whose permissions are
   * managed): then `read` serves it.
   */
  listedIn?(olds: OutputsOf<S, W, M>): ListSpec<W & { id: string }> | undefined;
  /**
   * How a create whose outcome is unknown (no answer, or 502, 503, 504) finds what it may have
   * made, and how a pending create of an interrupted run is recovered. Without it, such a create
   * fails with a message saying what to check, and recovery answers that it cannot tell.
   */
  naturalKey?: NaturalKey<Inputs<S>>;
  /**
   * The create names the one object it acts on (a site's customization, a member's role, one
   * principal's grant on one object) and takes over whatever that object holds, so sending it
   * again is safe: a create whose outcome is unknown is sent again, and a pending create of an
   * interrupted run is dropped for the next `up` to send again. A kind is either this or has a
   * `naturalKey`.
   */
  repeatable?: true;
  /** How `pulumi import` names an object (import-id.ts); by default its id alone. */
  importId?: ImportId;
  /** What an additive resource adds to (facts.ts): both doors refuse mixing it with the list of it. */
  additiveTarget?: AdditiveTarget;
  /** What the exporter (docs-workspace-cli) needs to know of this kind (facts.ts). */
  exporter?: ExporterFacts<NoInfer<keyof M & string>>;
}

/** Arguments as a program writes them: each value, and each element or field of it, may be an Output. */
export type Input<T> = pulumi.Input<
  T extends readonly (infer E)[]
    ? Input<E>[]
    : T extends object
      ? { [K in keyof T]: Input<T[K]> }
      : T
>;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * `A` when it is the Args interface of inputs `I`: every input, each typed `Input<I[K]>`, required
 * exactly where the schema requires it, and nothing else. A field the schema lacks must be `never`
 * here, and a field it has must be declared, so the compiler refuses either.
 */
export type ArgsOf<I, A> = { [K in keyof I]: Input<I[K]> } & {
  [K in Exclude<keyof A, keyof I> | Exclude<RequiredKeys<A>, RequiredKeys<I>>]: never;
} & { [K in Exclude<keyof I, keyof A>]-?: "declare this input in the Args interface" };

/**
 * Output mappers: any output, and at least every input the API object does not carry, but those
 * the lifecycle reads by default.
 */
type Mappers<S extends Schema, R extends z.ZodType> = Record<
  string,
  Mapper<z.output<R>, Inputs<S>>
> & {
  [K in Exclude<Key<S>, keyof z.output<R> | Common | Defaulted>]: Mapper<z.output<R>, Inputs<S>>;
};

/**
 * The resource's token in the native provider's schema (`docs-workspace:index:Space`): what a
 * program of any language, `pulumi import` and a policy pack name it by.
 */
export function nativeToken(type: string): string {
  return `${CONFIG_NAMESPACE}:index:${type}`;
}

/**
 * Stage 5 of 5, a `DefinedResource`: what `defineResource` returns and the registry lists, a
 * resource kind as the doors, the schema generator and the exporter use it (its `handlers` are
 * stage 4).
 */
export interface DefinedResource<S extends Schema, O> {
  kind: string;
  type: string;
  /** Its token in the native provider ({@link nativeToken}). */
  token: string;
  inputs: S;
  /**
   * Every output its Resource class carries: the inputs but `adoptId` and `workspace`, then the
   * definition's own (the organization always among them).
   */
  outputs: readonly string[];
  /** Outputs that can hold a secret (the definition's `secretOutputs`). */
  secretOutputs: readonly string[];
  /** Inputs whose change replaces the object: the definition's `replaceOnChange`, and `workspace`. */
  replaceOnChange: readonly string[];
  /** Inputs the API takes only at creation: a change to them is no change. */
  createOnly: readonly string[];
  /**
   * Its create names the one object it acts on and may be sent again (the definition's
   * `repeatable`); otherwise its `naturalKey` finds what a create made.
   */
  repeatable: boolean;
  /** The definition's `importId`, `additiveTarget` and `exporter`, read by the doors and the tools. */
  importId: ImportId;
  additiveTarget: AdditiveTarget | undefined;
  exporter: ExporterFacts;
  /** What the runtime and the native provider serve for this kind. */
  handlers: ServedKind;
  /**
   * The outputs' types, for the dynamic door's class (provider/dynamic/resource-class.ts): a type
   * only, never a value.
   */
  readonly outputTypes?: O;
}

/** The arguments a program writes for a defined resource, as its schema types them. */
export type ArgsInputs<D> = D extends DefinedResource<infer S, unknown> ? z.input<S> : never;

export function defineResource<
  S extends Schema,
  R extends z.ZodType,
  M extends Mappers<S, R>,
  C extends Schema,
  P extends Schema,
>(def: Declaration<S, R, M, C, P>): DefinedResource<S, OutputsOf<S, z.output<R>, M>> {
  const inputKeys = Object.keys(def.inputs.shape);
  // Mistakes a definition can make that no type catches, reported when the package loads.
  const named = new Set(inputKeys.map((k) => bodyName(def, k)));
  for (const body of [def.createBody, def.patchBody]) {
    const stray = Object.keys(body?.shape ?? {}).filter((field) => !named.has(field));
    if (stray.length > 0) throw new Error(`${def.kind}: body fields with no input: ${stray}`);
  }
  if (def.patchBody && !def.patch) throw new Error(`${def.kind}: a patchBody needs a patch`);
  // Every create can be recovered when its outcome is unknown or its run was killed.
  if ((def.naturalKey === undefined) === (def.repeatable === undefined)) {
    throw new Error(
      `${def.kind}: exactly one of naturalKey and repeatable says how a create whose outcome is unknown is recovered`,
    );
  }
  const patched = new Set(Object.keys(def.patchBody?.shape ?? {}));
  const unapplied = inputKeys.filter(
    (k) =>
      !COMMON.includes(k) &&
      !def.replaceOnChange?.includes(k) &&
      !def.createOnly?.includes(k) &&
      !patched.has(bodyName(def, k)) &&
      !def.operations?.some((op) => op.input === k),
  );
  if (unapplied.length > 0) {
    throw new Error(`${def.kind}: no PATCH field, operation or replacement applies ${unapplied}`);
  }
  const kind = erase(def);
  const handlers = servedKindOf(kind);
  return {
    kind: def.kind,
    type: def.type,
    token: nativeToken(def.type),
    inputs: def.inputs,
    outputs: handlers.outputKeys,
    secretOutputs: handlers.secretOutputs,
    replaceOnChange: kind.replaces,
    createOnly: def.createOnly ?? [],
    repeatable: def.repeatable ?? false,
    importId: def.importId ?? BY_ID,
    additiveTarget: def.additiveTarget,
    exporter: def.exporter ?? {},
    handlers,
  };
}

/** The API's value when it reports one, else what the provider last knew (`null` when nothing). */
export function reported<T>(value: T | undefined, known: T | null | undefined): T | null {
  return value !== undefined ? value : (known ?? null);
}
