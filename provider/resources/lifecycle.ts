import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { formatPath, validate } from "../../common/issues";
import { ApiError, outcomeUnknown, type ListSpec } from "../client";
import { ConfigError, WORKSPACE_NAME } from "../config";
import { context, type Context } from "../runtime/context";
import { shim } from "../runtime/shim";
import { errorText } from "../../common/error-text";
import { PENDING_CREATE_KEY } from "../../common/pending-create";

/**
 * The shared lifecycle. A resource file declares its kind once, with `defineResource`: the input
 * schema with the API's limits, which inputs the create and PATCH bodies carry, how outputs are
 * read from the API object, and its API calls. Everything every resource does lives here: check,
 * diff, create then PATCH the rest then undo on failure, adopt, read, update, delete, and the
 * properties its Resource class registers.
 */

/** The value Pulumi sends during preview for an input that is not known yet. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Where each resource's state records the inputs its program declares (names only), so that a
 * refresh can hand back as inputs exactly those: any other key would show as removed in every
 * later preview. The dynamic-provider host gives `read` the old outputs only.
 */
export const DECLARED = "__declared";

type Props = Record<string, unknown>;

/**
 * The margin on the service's clock when the provider asks which objects a create made: the time
 * the create was sent is read on the service's clock (`ApiClient.serverTime`, to about half a
 * second), and an object made more than this long before it is never taken for its work.
 */
export const CLOCK_TOLERANCE_MS = 2_000;

/** How many times a create whose outcome is unknown, and which made nothing, is sent in all. */
export const CREATE_ATTEMPTS = 3;

/**
 * An object that may be the one a create made: its id and, where the API gives one, its creation
 * time (ISO 8601).
 */
export interface Candidate {
  id: string;
  createdAt?: string;
}

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
   * - `"listedBefore"`: the API gives it none, so the candidates are listed just before each POST
   *   (one more request per create, shared by creates under one parent that start together) and
   *   none of those is ever taken. An interrupted create is
   *   then recovered only when nothing carries its key (absent): the list from before it died
   *   with its run.
   */
  guard: "createdAt" | "listedBefore";
}

/**
 * Ids this process created or took over: a create never takes one of them for its own work
 * (two spaces of one title made side by side in one collection each keep their own).
 */
const claimed = new Set<string>();

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

/** The outputs of a definition: every input (but `adoptId`), then the definition's own. */
export type OutputsOf<S extends Schema, W, M> = {
  [K in Exclude<Key<S>, Common | keyof M>]: Copied<W, K>;
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
 * One resource kind, declared once. Write `outputs` before every member that receives old
 * outputs (`deleteBeforeReplace`, the API calls, `operations`): TypeScript infers a definition's
 * types top down, and the outputs type those old outputs.
 */
export interface Definition<
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
   * of the same name (`null` when absent); an input the API object lacks must be listed.
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
   * object the list lacks with `read`); adoption and recovery always use `read`.
   */
  listedIn?(olds: OutputsOf<S, W, M>): ListSpec<W & { id: string }>;
  /**
   * How a create whose outcome is unknown (no answer, or 502, 503, 504) finds what it may have
   * made, and how a pending create of an interrupted run is recovered. Without it, such a create
   * fails with a message saying what to check, and recovery answers that it cannot tell.
   */
  naturalKey?: NaturalKey<Inputs<S>>;
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

/** Output mappers: any output, and at least every input the API object does not carry. */
type Mappers<S extends Schema, R extends z.ZodType> = Record<
  string,
  Mapper<z.output<R>, Inputs<S>>
> & { [K in Exclude<Key<S>, keyof z.output<R> | Common>]: Mapper<z.output<R>, Inputs<S>> };

/** A Resource class: its instances carry every output as a `pulumi.Output`. */
export interface ResourceClass<A, O> {
  new (
    name: string,
    args: A,
    opts?: pulumi.CustomResourceOptions,
  ): pulumi.dynamic.Resource & { readonly [K in keyof O]: pulumi.Output<O[K]> };
  /** The properties it registers: every input (absent ones as undefined), then every output. */
  props(args: A): pulumi.Inputs;
}

/** A resource kind as the rest of the package uses it. */
export interface DefinedResource<S extends Schema, O> {
  kind: string;
  type: string;
  inputs: S;
  /** What the runtime serves for this kind. */
  handlers: Handlers;
  /** The Resource class, checked against the Args interface `A` (see {@link ArgsOf}). */
  resource<A extends ArgsOf<z.input<S>, A>>(): ResourceClass<A, O>;
}

/** The arguments a program writes for a defined resource, as its schema types them. */
export type ArgsInputs<D> = D extends DefinedResource<infer S, unknown> ? z.input<S> : never;

/** The dynamic-provider methods of one resource kind, as the runtime serves them. */
export type Handlers = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

export function defineResource<
  S extends Schema,
  R extends z.ZodType,
  M extends Mappers<S, R>,
  C extends Schema,
  P extends Schema,
>(def: Definition<S, R, M, C, P>): DefinedResource<S, OutputsOf<S, z.output<R>, M>> {
  const inputKeys = Object.keys(def.inputs.shape);
  // Mistakes a definition can make that no type catches, reported when the package loads.
  const named = new Set(inputKeys.map((k) => bodyName(def, k)));
  for (const body of [def.createBody, def.patchBody]) {
    const stray = Object.keys(body?.shape ?? {}).filter((field) => !named.has(field));
    if (stray.length > 0) throw new Error(`${def.kind}: body fields with no input: ${stray}`);
  }
  if (def.patchBody && !def.patch) throw new Error(`${def.kind}: a patchBody needs a patch`);
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
  const outputKeys = Object.keys(def.outputs).filter((k) => !inputKeys.includes(k));
  const handlers = lifecycle(def as unknown as AnyDefinition);
  return {
    kind: def.kind,
    type: def.type,
    inputs: def.inputs,
    handlers,
    resource<A>() {
      const props = (args: A): pulumi.Inputs => ({
        ...Object.fromEntries(inputKeys.map((k) => [k, undefined])),
        ...args,
        ...Object.fromEntries(outputKeys.map((k) => [k, undefined])),
      });
      const provider = shim(def.kind);
      const secrets = def.secretOutputs ?? [];
      class Resource extends pulumi.dynamic.Resource {
        static props = props;
        constructor(name: string, args: A, opts?: pulumi.CustomResourceOptions) {
          const options =
            secrets.length === 0
              ? opts
              : {
                  ...opts,
                  additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets],
                };
          super(provider, name, props(args), options, "docs-workspace", def.type);
        }
      }
      return Resource as unknown as ResourceClass<A, OutputsOf<S, z.output<R>, M>>;
    },
  };
}

/** The definition as the handlers see it, its types erased. */
type AnyDefinition = Definition<
  z.ZodObject,
  z.ZodType<Props>,
  Record<string, Mapper<Props, Props & { organizationId: string }>>,
  z.ZodObject,
  z.ZodObject
>;

const COMMON: readonly string[] = ["adoptId", "workspace"] satisfies Common[];

function bodyName(def: { bodyNames?: Partial<Record<string, string>> }, key: string): string {
  return def.bodyNames?.[key] ?? key;
}

function isUnknown(value: unknown): boolean {
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

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The value the program asks for: what it declares, or what its absence means. */
function wanted(def: Pick<AnyDefinition, "absentMeans">, news: Props, key: string): unknown {
  return news[key] !== undefined ? news[key] : def.absentMeans?.[key];
}

/** The input keys, other than `adoptId` and create-only ones, whose declared value differs. */
export function changedKeys(
  def: Pick<AnyDefinition, "inputs" | "absentMeans" | "createOnly">,
  olds: Props,
  news: Props,
): string[] {
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

/** The workspace inputs or outputs name; undefined for the default one. */
function workspaceOf(props: Props): string | undefined {
  return typeof props.workspace === "string" ? props.workspace : undefined;
}

function withoutProvider(props: Props | undefined): Props {
  const { __provider: _ignored, ...rest } = props ?? {};
  return rest;
}

/** Runs `step`; if it fails, runs `undo` before rethrowing, so a multi-request create leaves no orphan. */
export async function undoOnFailure<T>(
  undo: () => Promise<unknown>,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    try {
      await undo();
    } catch (undoError) {
      const reason = errorText(undoError);
      const original = errorText(error);
      throw new Error(`${original}; undoing the partial create also failed: ${reason}`, {
        cause: error,
      });
    }
    throw error;
  }
}

function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/** The dynamic-provider methods of one resource kind. */
function lifecycle(def: AnyDefinition): Handlers {
  type Wire = Props;
  const inputKeys = Object.keys(def.inputs.shape);
  // Another workspace is another organization, reached with other credentials: nothing moves
  // an object there in place.
  const replaceOnChange = [...(def.replaceOnChange ?? []), "workspace"];
  /** Inputs that say where the object is or what it was made from: known from the start. */
  const fixed = ["organizationId", ...replaceOnChange, ...(def.createOnly ?? [])];

  function outputsOf(wire: Wire, known: Props, declared: ReadonlySet<string>): Props {
    const declares = (key: string) => declared.has(key);
    const outs: Props = {};
    for (const key of inputKeys) if (!COMMON.includes(key)) outs[key] = wire[key] ?? null;
    for (const [key, map] of Object.entries(def.outputs))
      outs[key] = map(wire, known as never, declares);
    return outs;
  }

  /**
   * The outputs with what the state keeps beside them: `adoptId`, the workspace (read, update and
   * delete get the old outputs only, and must know where the object is), and the declared inputs.
   * An object of the default workspace keeps no `workspace`, as before workspaces existed.
   */
  function stamped(outs: Props, inputs: Props): Props {
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

  function declaredIn(inputs: Props): ReadonlySet<string> {
    return new Set(Object.keys(inputs).filter((k) => inputs[k] !== undefined));
  }

  /** The body fields of `schema` for `keys` of `inputs`, under the API's names. */
  function body(schema: z.ZodObject | undefined, inputs: Props, keys: readonly string[]): Props {
    const fields = Object.keys(schema?.shape ?? {});
    const out: Props = {};
    for (const key of keys) {
      const name = bodyName(def, key);
      if (fields.includes(name) && inputs[key] !== undefined) out[name] = inputs[key];
    }
    return out;
  }

  /**
   * Makes the object match `news` in `changed`: operations and the PATCH, sending each change
   * once. The outputs come from the last answer that shows the object; when no request answers
   * it, they are the old ones with the changes applied.
   */
  async function apply(
    ctx: Context,
    id: string,
    olds: Props,
    news: Props,
    changed: readonly string[],
  ): Promise<Props> {
    let current: Wire | undefined;
    const run = async (afterPatch: boolean) => {
      for (const op of def.operations ?? []) {
        if ((op.afterPatch ?? false) !== afterPatch || !changed.includes(op.input)) continue;
        current = (await op.run(ctx, id, news as never, olds as never, current)) ?? current;
      }
    };
    await run(false);
    const patch = body(def.patchBody, news, changed);
    if (def.patch && Object.keys(patch).length > 0) {
      current = await def.patch(ctx, id, olds as never, patch);
    }
    await run(true);
    const known = { ...olds, ...Object.fromEntries(changed.map((k) => [k, wanted(def, news, k)])) };
    return current === undefined ? known : outputsOf(current, known, declaredIn(news));
  }

  /**
   * The object behind the one candidate the create made, not claimed already; or none. What the
   * create may have made is what carries its key and was made since `sent` (this machine's
   * clock), or, for a kind with no creation time, what was not `before` it.
   */
  async function findMade(
    ctx: Context,
    inputs: Props,
    sent: number,
    before?: ReadonlySet<string>,
  ): Promise<Wire | undefined> {
    const key = def.naturalKey!;
    const candidates = await key.find(ctx, inputs as never);
    if (candidates === undefined) throw noKeyDeclared();
    // Read after the list answered: the client knows the service's clock by then.
    const since = ctx.client.serverTime(sent) - CLOCK_TOLERANCE_MS;
    const isNew =
      before === undefined
        ? (c: Candidate) => c.createdAt !== undefined && Date.parse(c.createdAt) >= since
        : (c: Candidate) => !before.has(c.id);
    const made = candidates.filter((c) => !claimed.has(c.id) && isNew(c));
    if (made.length > 1) {
      throw new Error(
        `${made.length} objects made since it was sent have its ${key.describe} (${made.map((c) => c.id).join(", ")}): take over the right one with adoptId and delete the others`,
      );
    }
    if (made.length === 0) return undefined;
    const declares = (k: string) => inputs[k] !== undefined;
    return def.read(ctx, made[0]!.id, inputs as never, declares);
  }

  function noKeyDeclared(): Error {
    return new Error(
      `no ${def.naturalKey!.describe} is declared to look for the ${def.kind} it may have made: check for it before the next up, and take it over with adoptId`,
    );
  }

  /**
   * For a kind whose objects carry no creation time: the ids that carry the create's key before
   * its POST, so that none of them is ever taken for its work. Undefined when there is nothing to
   * guard (no key, or a kind with creation times).
   */
  async function listedBefore(ctx: Context, inputs: Props): Promise<Set<string> | undefined> {
    if (def.naturalKey?.guard !== "listedBefore") return undefined;
    // Creates under one parent that start together share one list in flight: it was sent before
    // each of their POSTs, which is all this list needs.
    const sharing: Context = { config: ctx.config, client: ctx.client.sharingReads() };
    const candidates = await def.naturalKey.find(sharing, inputs as never);
    return candidates && new Set(candidates.map((c) => c.id));
  }

  /**
   * The create's POST. When its outcome is unknown, the object it may have made is looked for by
   * its natural key: found, it is taken; not found, the POST is sent again, up to
   * `CREATE_ATTEMPTS` in all.
   */
  async function createOnce(ctx: Context, inputs: Props, sent: Props): Promise<Wire> {
    const before = await listedBefore(ctx, inputs);
    const since = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await def.create(ctx, inputs as never, sent);
      } catch (error) {
        if (!(error instanceof ApiError) || !outcomeUnknown(error)) throw error;
        const outcome = `the outcome of ${error.message} is unknown`;
        if (!def.naturalKey) {
          throw new Error(
            `${outcome}, and a ${def.kind} has no natural key to find what it may have made: check for it before the next up, and take it over with adoptId`,
            { cause: error },
          );
        }
        let found: Wire | undefined;
        try {
          if (def.naturalKey.guard === "listedBefore" && before === undefined)
            throw noKeyDeclared();
          found = await findMade(ctx, inputs, since, before);
        } catch (lookup) {
          const reason = errorText(lookup);
          throw new Error(`${outcome}; ${reason}`, { cause: error });
        }
        if (found !== undefined) return found;
        if (attempt >= CREATE_ATTEMPTS) {
          throw new Error(`${outcome}, it made nothing, and ${attempt} attempts failed`, {
            cause: error,
          });
        }
      }
    }
  }

  /**
   * Recovery of a pending create of a kind with no creation time: the list from before its POST
   * died with its run, so only "absent" can be told, when nothing unclaimed carries its key.
   * Anything that does may have been there before: the error names it, for the user to decide.
   */
  async function undatedPending(
    ctx: Context,
    inputs: Props,
    request: { urn?: unknown },
  ): Promise<undefined> {
    const key = def.naturalKey!;
    const candidates = await key.find(ctx, inputs as never);
    if (candidates === undefined) throw noKeyDeclared();
    const open = candidates.filter((c) => !claimed.has(c.id)).map((c) => c.id);
    if (open.length === 0) return undefined;
    throw new Error(
      `a ${def.kind} carries no creation time, so ${open.join(", ")} with its ${key.describe} may have been there before the interrupted create: if one is its work, take it with --import-pending-creates ${String(request.urn)} <id>; if none is, --clear-pending-creates`,
    );
  }

  /**
   * What the interrupted create was waiting for when it died (a spec's processing, a translation's
   * run) is waited for now, and the object then read the way a refresh reads it, so that what it
   * holds is compared with the program whole. A wait that fails is what a create undoes: the
   * object is deleted and undefined answered (absent), so the next up creates it again and
   * reports the failure there. Taken as found, its outputs would match the program, and no later
   * up would show a change or the failure.
   */
  async function settleFound(
    ctx: Context,
    id: string,
    found: Wire,
    inputs: Props,
  ): Promise<Wire | undefined> {
    try {
      await def.settle!(ctx, id, found, inputs as never);
    } catch {
      try {
        await def.delete(ctx, id, inputs as never);
      } catch (error) {
        if (!(error instanceof ApiError && error.isNotFound)) throw error;
      }
      claimed.delete(id);
      return undefined;
    }
    return def.read(ctx, id, inputs as never, (key) => inputs[key] !== undefined);
  }

  /** The recovery request of a pending create (`PENDING_CREATE_KEY`): found, or absent. */
  async function recoverPending(props: Props): Promise<pulumi.dynamic.ReadResult> {
    const { [PENDING_CREATE_KEY]: request, ...rest } = withoutProvider(props);
    if (!def.naturalKey) {
      throw new Error(`a ${def.kind} has no natural key to find what an interrupted create made`);
    }
    const startedAt = Date.parse(String((request as { startedAt?: unknown }).startedAt));
    if (Number.isNaN(startedAt)) throw new Error("the recovery request has no valid startedAt");
    const inputs = { ...rest };
    // Objects the stack already manages are no create's work (`docs-workspace pending` names them).
    const exclude = (request as { exclude?: unknown }).exclude;
    for (const id of Array.isArray(exclude) ? exclude : []) {
      if (typeof id === "string") claimed.add(id);
    }
    const ctx = context(workspaceOf(inputs));
    const found =
      def.naturalKey.guard === "listedBefore"
        ? await undatedPending(ctx, inputs, request as { urn?: unknown })
        : await findMade(ctx, inputs, startedAt);
    if (found === undefined) return { id: "", props: { [PENDING_CREATE_KEY]: "absent" } };
    const id = def.idOf ? def.idOf(found, inputs as never) : String(found.id);
    claimed.add(id);
    const wire = def.settle ? await settleFound(ctx, id, found, inputs) : found;
    if (wire === undefined) return { id: "", props: { [PENDING_CREATE_KEY]: "absent" } };
    const outs = outputsOf(wire, pick(inputs, fixed), declaredIn(inputs));
    // What the object holds for each declared input: the next up updates what the interrupted
    // create did not finish.
    const held = pick(
      outs,
      [...declaredIn(inputs)].filter((k) => k !== "adoptId"),
    );
    return { id, props: { ...stamped(outs, inputs), [PENDING_CREATE_KEY]: "found" }, inputs: held };
  }

  return {
    async check(olds, rawNews) {
      const news = withoutProvider(rawNews as Props);
      // During preview some values are not known yet. Everything known is checked now; only a
      // failure at an unknown value, or at a property holding one, waits for the next check.
      const unknown = unknownPaths(news);
      const parsed = validate(def.inputs, news);
      const issues = parsed.success
        ? []
        : parsed.issues.filter((issue) => !unknown.some((u) => overlaps(issue.path, u)));
      if (issues.length > 0) {
        return {
          inputs: rawNews,
          failures: issues.map((i) => ({ property: i.path, reason: i.reason })),
        };
      }
      const inputs = (parsed.success ? parsed.data : news) as Props;
      const failures: pulumi.dynamic.CheckFailure[] = [];
      // Every resource lives in an organization: its workspace's unless its own is set. Only
      // that key is read here: check needs no endpoint and no token.
      if (!isUnknown(inputs.workspace)) {
        let ctx: Context | undefined;
        try {
          ctx = context(workspaceOf(inputs));
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          failures.push({ property: "workspace", reason: error.message });
        }
        if (ctx && inputs.organizationId === undefined) {
          try {
            inputs.organizationId = ctx.config.requireOrganizationId();
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            failures.push({ property: "organizationId", reason: error.message });
          }
        }
      }
      // Rules across arguments wait until every argument is known (the check of `up`, before any
      // write): they never see the unknown sentinel.
      if (failures.length === 0 && unknown.length === 0) {
        failures.push(...(def.rules?.(inputs as never, (olds ?? {}) as never) ?? []));
      }
      if (failures.length > 0) return { inputs: rawNews, failures };
      return { inputs };
    },

    async diff(_id, olds, news) {
      const changed = changedKeys(def, olds as Props, news as Props);
      const replaces = changed.filter((key) => replaceOnChange.includes(key));
      return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace:
          replaces.length > 0 && (def.deleteBeforeReplace?.(olds as never, news as never) ?? false),
      };
    },

    async create(rawInputs) {
      const inputs = withoutProvider(rawInputs as Props);
      const ctx = context(workspaceOf(inputs));
      const adoptId = (inputs.adoptId ?? undefined) as string | undefined;
      let id: string;
      let outs: Props;
      if (adoptId === undefined) {
        // A new object has nothing to remove: a null is not sent, and its outputs then show it.
        const sent = body(
          def.createBody,
          inputs,
          inputKeys.filter((k) => inputs[k] !== null),
        );
        const made = await createOnce(ctx, inputs, sent);
        id = def.idOf ? def.idOf(made, inputs as never) : String(made.id);
        claimed.add(id);
        const settle = def.settle;
        const wire = settle
          ? await undoOnFailure(
              () => def.delete(ctx, id, inputs as never),
              () => settle(ctx, id, made, inputs as never),
            )
          : made;
        const sentKeys = inputKeys.filter((k) => bodyName(def, k) in sent);
        outs = outputsOf(wire, pick(inputs, [...fixed, ...sentKeys]), declaredIn(inputs));
      } else {
        id = adoptId;
        claimed.add(id);
        const declares = (key: string) => inputs[key] !== undefined;
        const wire = await def.read(ctx, id, inputs as never, declares).catch((error: unknown) => {
          if (error instanceof ApiError && error.isNotFound) {
            throw new Error(`adoptId ${id}: no such ${def.kind} is visible to this token`);
          }
          throw error;
        });
        outs = outputsOf(wire, pick(inputs, fixed), declaredIn(inputs));
        // Update cannot change what only a replacement changes: taking the object over would
        // silently leave it different from what is declared.
        const differ = changedKeys(def, outs, inputs).filter((k) => replaceOnChange.includes(k));
        if (differ.length > 0) {
          throw new Error(
            `adoptId ${id}: ${differ.join(", ")} of the existing ${def.kind} differ from the declared value, and cannot change in place`,
          );
        }
      }
      // Create, then PATCH the rest: what the create body could not carry, or the object it
      // answered does not show. A failure then deletes what this create made.
      const rest = changedKeys(def, outs, inputs).filter((k) => !replaceOnChange.includes(k));
      if (rest.length > 0) {
        const olds = outs;
        const step = () => apply(ctx, id, olds, inputs, rest);
        outs =
          adoptId === undefined
            ? await undoOnFailure(() => def.delete(ctx, id, olds as never), step)
            : await step();
      }
      return { id, outs: stamped(outs, inputs) };
    },

    async read(id, props) {
      if (id === "" && (props as Props | undefined)?.[PENDING_CREATE_KEY] !== undefined) {
        return recoverPending(props as Props);
      }
      const olds = withoutProvider(props as Props);
      const recorded = olds[DECLARED];
      // State written before the declared inputs were recorded: what was declared is read from
      // the outputs the way that release did (an output it kept only when declared is set).
      const declared: ReadonlySet<string> = Array.isArray(recorded)
        ? new Set(recorded as string[])
        : new Set(inputKeys.filter((k) => olds[k] !== undefined && olds[k] !== null));
      let wire: Wire;
      try {
        const ctx = context(workspaceOf(olds));
        const direct = () => def.read(ctx, id, olds as never, (key) => declared.has(key));
        wire = def.listedIn
          ? await ctx.client.readListed(def.listedIn(olds as never), id, direct as never)
          : await direct();
      } catch (error) {
        // Gone: an empty id makes refresh drop it and the next up create it again.
        if (error instanceof ApiError && error.isNotFound) return { id: "" };
        throw error;
      }
      const fresh = outputsOf(wire, olds, declared);
      // The state's set of outputs is kept: one a later release no longer reads stays as it was
      // written, and one it added appears at the next create or update, so that an upgrade
      // shows no change on refresh.
      const outs = Object.fromEntries(
        Object.keys(olds).map((k) => [k, k in fresh && k !== DECLARED ? fresh[k] : olds[k]]),
      );
      if (!Array.isArray(recorded)) return { id, props: outs };
      // As inputs, exactly the declared ones, plus an absence that now means something else
      // (a space moved out of its top level): a later preview then lists only real changes.
      const inputs = pick(outs, [...declared]);
      for (const [key, absent] of Object.entries(def.absentMeans ?? {})) {
        if (!declared.has(key) && !sameValue(outs[key], absent)) inputs[key] = outs[key];
      }
      return { id, props: outs, inputs };
    },

    async update(id, rawOlds, rawNews) {
      const olds = withoutProvider(rawOlds as Props);
      const news = withoutProvider(rawNews as Props);
      const changed = changedKeys(def, olds, news);
      const outs =
        changed.length > 0
          ? await apply(context(workspaceOf(news)), id, olds, news, changed)
          : olds;
      return { outs: stamped(outs, news) };
    },

    async delete(id, props) {
      try {
        const olds = withoutProvider(props as Props);
        await def.delete(context(workspaceOf(olds)), id, olds as never);
      } catch (error) {
        if (error instanceof ApiError && error.isNotFound) return;
        throw error;
      }
    },
  };
}

/** Where unknown values sit, in the notation of check failures: `title`, `sections[1]`. */
function unknownPaths(value: unknown, path: PropertyKey[] = []): string[] {
  if (value === UNKNOWN) return [formatPath(path)];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, [...path, k]));
  }
  return [];
}

/** Whether one path is the other or lies inside it (`a` and `a.b`, `a` and `a[0]`). */
function overlaps(a: string, b: string): boolean {
  const inside = (inner: string, outer: string) =>
    inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return inside(a, b) || inside(b, a);
}

/** The API's value when it reports one, else what the provider last knew (`null` when nothing). */
export function reported<T>(value: T | undefined, known: T | null | undefined): T | null {
  return value !== undefined ? value : (known ?? null);
}
