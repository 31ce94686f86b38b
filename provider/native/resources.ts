import type * as pulumi from "@pulumi/pulumi";
import type { DiffOutcome, Props } from "../lifecycle/compare";
import { UNKNOWN } from "../lifecycle/compare";
import type { ServedKind } from "../lifecycle/handlers";
import { type ImportId, readImportId, writeImportId } from "../lifecycle/import-id";
import { definitionOf, definitions, type RegisteredResource } from "../resources/registry";

/**
 * The resource methods of the native provider, on the handlers every resource kind already has
 * (provider/lifecycle): what differs from the dynamic door is only where the values come from and
 * what the answer carries (a detailed diff, inputs on read, secrets marked).
 */

/** The resource of a type (`docs-workspace:index:Space`); an unknown one names the types this plugin serves. */
function definitionFor(token: string): RegisteredResource {
  const found = definitionOf(token);
  if (found === undefined) {
    throw new Error(
      `docs-workspace has no resource type "${token}"; it serves ${definitions.map((d) => d.token).join(", ")}`,
    );
  }
  return found;
}

/** What the doors serve for a resource type (its `ServedKind`), by its token. */
export function servedKindByToken(token: string): ServedKind {
  return definitionFor(token).handlers;
}

/** Properties with what they hold, and which of them to mark secret in the answer. */
export interface Answer {
  props: Props;
  secrets: Set<string>;
}

/** What an answer marks secret: the kind's secret outputs, and whatever arrived secret. */
function secretsOf(kind: ServedKind, ...arrived: Set<string>[]): Set<string> {
  return new Set([...kind.secretOutputs, ...arrived.flatMap((s) => [...s])]);
}

export async function check(token: string, olds: Props, news: Props) {
  return servedKindByToken(token).check(olds, news);
}

/**
 * The state a dynamic resource left (a stack moved to this provider with aliases,
 * docs/migrate-to-native.md) holds its serialized provider, `__provider`, among its outputs. Its
 * drop is a change of the state alone: the update sends nothing for it (lifecycle's update
 * compares the API's fields only) and answers outputs without it.
 */
const DYNAMIC_SHIM = "__provider";

export function diff(token: string, olds: Props, news: Props): DiffOutcome {
  const outcome = servedKindByToken(token).detailedDiff(olds, news);
  if (!(DYNAMIC_SHIM in olds)) return outcome;
  return {
    ...outcome,
    changes: { ...outcome.changes, [DYNAMIC_SHIM]: { kind: "delete", replace: false } },
  };
}

/**
 * A create. In a preview nothing is sent: the declared inputs, and every other output not known
 * yet, so that what depends on them shows as such.
 */
export async function create(
  token: string,
  inputs: Props,
  secrets: Set<string>,
  preview: boolean,
): Promise<{ id: string } & Answer> {
  const kind = servedKindByToken(token);
  if (preview) {
    const props: Props = {};
    for (const key of kind.outputKeys) {
      const declared = kind.inputKeys.includes(key) ? inputs[key] : undefined;
      props[key] = declared ?? UNKNOWN;
    }
    return { id: "", props, secrets: secretsOf(kind, secrets) };
  }
  const made = await kind.create(inputs);
  return { id: made.id as string, props: made.outs as Props, secrets: secretsOf(kind, secrets) };
}

/** The import id of a resource type (`docs-workspace:index:SiteSection`), as its definition declares it. */
function importIdSpec(token: string): { type: string; spec: ImportId } {
  const { type, importId } = definitionFor(token);
  return { type, spec: importId };
}

/** The import id formats of a resource type: what the schema's `## Import` sections show. */
export function importIdFormats(token: string): readonly string[] {
  return importIdSpec(token).spec.formats;
}

/** What `pulumi import`'s id names for a resource type (lifecycle/import-id.ts). */
export function fromImportId(token: string, importId: string): { id: string; known: Props } {
  const { type, spec } = importIdSpec(token);
  return readImportId(spec, type, importId);
}

/**
 * The import id of an object, as {@link fromImportId} reads it: what `pulumi import` and the
 * exporter's import file name an object by.
 */
export function importIdOf(
  token: string,
  id: string,
  parents: Readonly<Record<string, string | undefined>>,
): string {
  const { type, spec } = importIdSpec(token);
  return writeImportId(spec, type, id, parents);
}

/**
 * A read. With a state, the refresh of the dynamic door: outputs and the declared inputs. Without
 * one (`pulumi import`, `Resource.get`), the object as it is, and as inputs every input it sets.
 */
export async function read(
  token: string,
  id: string,
  state: Props,
  inputs: Props,
  secrets: Set<string>,
): Promise<{ id: string; props: Props; inputs: Props | undefined; secrets: Set<string> }> {
  const kind = servedKindByToken(token);
  let result: pulumi.dynamic.ReadResult;
  if (Object.keys(state).length === 0) {
    const named = fromImportId(token, id);
    result = await kind.readUnrecorded(named.id, { ...named.known, ...inputs });
  } else {
    result = await kind.read(id, state);
  }
  return {
    id: result.id ?? "",
    props: (result.props ?? {}) as Props,
    inputs: (result.inputs ?? (result.id ? inputs : undefined)) as Props | undefined,
    secrets: secretsOf(kind, secrets),
  };
}

/** An update. In a preview nothing is sent: the old outputs with the declared inputs over them. */
export async function update(
  token: string,
  id: string,
  olds: Props,
  news: Props,
  secrets: Set<string>,
  preview: boolean,
): Promise<Answer> {
  const kind = servedKindByToken(token);
  if (preview) {
    const { [DYNAMIC_SHIM]: _shim, ...props } = olds;
    for (const key of kind.inputKeys) if (news[key] !== undefined) props[key] = news[key];
    return { props, secrets: secretsOf(kind, secrets) };
  }
  const { outs } = await kind.update(id, olds, news);
  return { props: (outs ?? {}) as Props, secrets: secretsOf(kind, secrets) };
}

export async function remove(token: string, id: string, state: Props): Promise<void> {
  await servedKindByToken(token).delete(id, state);
}
