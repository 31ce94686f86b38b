import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { formatPath, validate } from "../../common/issues";
import { ApiError } from "../client";
import { ConfigError, requireOrganization } from "../config";
import { context, type Context } from "../runtime/context";

/** The value Pulumi sends during preview for an input that is not known yet. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

type Props = Record<string, unknown>;

/** Inputs every resource accepts besides its own. */
export interface CommonInputs {
  /** Take over this existing object instead of creating one. */
  adoptId?: string;
}

/**
 * One resource kind, described once: its input schema with the API's limits, what cannot change
 * in place, and its API calls. `lifecycle()` turns it into the dynamic-provider methods, applying
 * the rules every resource shares (check, diff, adopt, read, delete) in one place.
 */
export interface ResourceDefinition<I extends Props, O extends Props> {
  kind: string;
  /** The inputs with the API's limits; check validates every known value against it. */
  inputs: z.ZodObject;
  /** Rules across arguments that the schema cannot state; each failure names its property. */
  rules?(inputs: I): pulumi.dynamic.CheckFailure[];
  /** Properties the API cannot change in place: a change replaces the object. */
  replaceOnChange: readonly (keyof I & string)[];
  /**
   * Inputs the API only takes at creation and cannot change or report later: a change to them is
   * no change (like `adoptId`), and the definition carries their value into its outputs.
   */
  createOnly?: readonly (keyof I & string)[];
  /** When old and new would collide on a unique key, the old one goes first. */
  deleteBeforeReplace?(olds: O, news: I): boolean;
  /** Inputs whose absence means a value rather than "leave it as it is" (no parent: top level). */
  absentMeans?: Partial<Record<keyof I & string, unknown>>;
  create(ctx: Context, inputs: I): Promise<{ id: string; outs: O }>;
  /** One GET (or as few as the API allows); throws the ApiError, 404 included. */
  read(ctx: Context, id: string, props: I): Promise<O>;
  /** Sends only `changed`; moves and transfers for parent and organization changes. */
  update(ctx: Context, id: string, olds: O, news: I, changed: (keyof I & string)[]): Promise<O>;
  delete(ctx: Context, id: string, props: O): Promise<void>;
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

/** The input keys, other than `adoptId`, whose declared value differs from the old outputs. */
export function changedKeys<I extends Props>(
  def: Pick<ResourceDefinition<I, Props>, "inputs" | "absentMeans" | "createOnly">,
  olds: Props,
  news: I,
): (keyof I & string)[] {
  const changed: (keyof I & string)[] = [];
  for (const key of Object.keys(def.inputs.shape) as (keyof I & string)[]) {
    if (key === "adoptId" || def.createOnly?.includes(key)) continue;
    let wanted: unknown = news[key];
    if (wanted === undefined) {
      if (!def.absentMeans || !(key in def.absentMeans)) continue; // not declared: not managed
      wanted = def.absentMeans[key];
    }
    if (isUnknown(wanted) || !sameValue(olds[key], wanted)) changed.push(key);
  }
  return changed;
}

function withoutProvider(props: Props): Props {
  const { __provider: _ignored, ...rest } = props;
  return rest;
}

/** Keeps `adoptId` beside the outputs, so a later change to it is no change. */
function outputsOf<O extends Props>(outs: O, inputs: Props): O {
  return inputs.adoptId === undefined ? outs : { ...outs, adoptId: inputs.adoptId };
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
      const reason = undoError instanceof Error ? undoError.message : String(undoError);
      const original = error instanceof Error ? error.message : String(error);
      throw new Error(`${original}; undoing the partial create also failed: ${reason}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** The dynamic-provider methods of one resource kind, as the runtime serves them. */
export type Handlers = Required<Omit<pulumi.dynamic.ResourceProvider, "configure">>;

/** The dynamic-provider methods for one resource kind. */
export function lifecycle<I extends Props & CommonInputs, O extends Props>(
  def: ResourceDefinition<I, O>,
): Handlers {
  return {
    async check(_olds, rawNews) {
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
      const inputs = (parsed.success ? parsed.data : news) as I;
      const failures = def.rules?.(inputs) ?? [];
      // Every resource lives in an organization: the configured one unless its own is set.
      if ("organizationId" in def.inputs.shape && inputs.organizationId === undefined) {
        try {
          Object.assign(inputs, { organizationId: requireOrganization(context().config) });
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          failures.push({ property: "organizationId", reason: error.message });
        }
      }
      if (failures.length > 0) return { inputs: rawNews, failures };
      return { inputs };
    },

    async diff(_id, olds, news) {
      const changed = changedKeys(def, olds as Props, news as I);
      const replaces = changed.filter((key) => def.replaceOnChange.includes(key));
      return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace:
          replaces.length > 0 && (def.deleteBeforeReplace?.(olds as O, news as I) ?? false),
      };
    },

    async create(rawInputs) {
      const inputs = withoutProvider(rawInputs as Props) as I;
      const ctx = context();
      if (inputs.adoptId === undefined) {
        const { id, outs } = await def.create(ctx, inputs);
        return { id, outs };
      }
      const id = inputs.adoptId;
      const current = await def.read(ctx, id, inputs).catch((error: unknown) => {
        if (error instanceof ApiError && error.isNotFound) {
          throw new Error(`adoptId ${id}: no such ${def.kind} is visible to this token`);
        }
        throw error;
      });
      const changed = changedKeys(def, current, inputs);
      // Update cannot change what only a replacement changes: taking the object over would
      // silently leave it different from what is declared.
      const fixed = changed.filter((key) => def.replaceOnChange.includes(key));
      if (fixed.length > 0) {
        throw new Error(
          `adoptId ${id}: ${fixed.join(", ")} of the existing ${def.kind} differ from the declared value, and cannot change in place`,
        );
      }
      const outs =
        changed.length > 0 ? await def.update(ctx, id, current, inputs, changed) : current;
      return { id, outs: outputsOf(outs, inputs) };
    },

    async read(id, props) {
      const olds = withoutProvider((props ?? {}) as Props) as I;
      let current: O;
      try {
        current = await def.read(context(), id, olds);
      } catch (error) {
        // Gone: an empty id makes refresh drop it and the next up create it again.
        if (error instanceof ApiError && error.isNotFound) return { id: "" };
        throw error;
      }
      const outs = outputsOf(current, olds);
      return { id, props: outs, inputs: pick(outs, Object.keys(def.inputs.shape)) };
    },

    async update(id, olds, rawNews) {
      const news = withoutProvider(rawNews as Props) as I;
      const changed = changedKeys(def, olds as Props, news);
      const outs =
        changed.length > 0
          ? await def.update(context(), id, olds as O, news, changed)
          : (withoutProvider(olds as Props) as O);
      return { outs: outputsOf(outs, news) };
    },

    async delete(id, props) {
      try {
        await def.delete(context(), id, withoutProvider(props as Props) as O);
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

/**
 * The body of a PATCH: each of `fields` that is among `only` (the changed keys, say) and that the
 * inputs declare. A declared `null` is kept: it removes the value.
 */
export function patchBody<I extends object, K extends keyof I & string>(
  inputs: I,
  fields: readonly K[],
  only: readonly string[] = fields,
): { [P in K]?: Exclude<I[P], undefined> } {
  const body: Props = {};
  for (const field of fields) {
    if (only.includes(field) && inputs[field] !== undefined) body[field] = inputs[field];
  }
  return body as { [P in K]?: Exclude<I[P], undefined> };
}

function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/** `z.string()` that also names the property in its message when empty. */
export const Id = z.string().min(1);
