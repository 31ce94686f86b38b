/**
 * The rows of the requests section: one lifecycle operation each, with the fewest requests the
 * API allows for it and why; and the objects they operate on, driven through the
 * handlers' driver (drivers/provider.ts) as the engine drives a resource.
 */
import { handlersFor } from "../drivers/provider";

export type Props = Record<string, unknown>;

/** One lifecycle operation: what it does, and the fewest requests the API allows for it. */
export interface Operation {
  name: string;
  /** The minimum, and why it is the minimum (printed beside the count). */
  minimum: number;
  why: string;
  run(): Promise<unknown>;
  /** Runs after the count, so what it sends is not counted. */
  cleanup?(): Promise<unknown>;
}

/**
 * A kind's lifecycle, one operation at a time. Minimums follow api/workspace-api.md: a create
 * body carries title and parent only, so a declared description or defaultLevel costs one
 * PATCH after the POST; a parent change is the move operation, a title change one PATCH; a
 * no-op is answered by diff, which makes no request; delete is one DELETE.
 */
export function lifecycle(
  kind: string,
  parentId: string,
  extras: Props,
  extrasNote: string,
): Operation[] {
  const handlers = handlersFor(kind);
  let plain: { id: string; outs: Props } | undefined;
  let extra: { id: string; outs: Props } | undefined;
  // The outputs the engine keeps as olds, and the arguments the program declares.
  let props: Props = {};
  let args: Props = { title: `Bench ${kind}` };
  const state = () => {
    if (plain === undefined) throw new Error("create failed");
    return plain;
  };
  return [
    {
      name: "create (title only)",
      minimum: 1,
      why: "one POST",
      run: async () => {
        plain = await handlers.create(args);
        props = plain.outs;
      },
    },
    {
      name: `create (+ ${Object.keys(extras).join(", ")})`,
      minimum: 2,
      why: `POST + PATCH: ${extrasNote}`,
      run: async () => {
        extra = await handlers.create({ title: `Bench ${kind} 2`, ...extras });
      },
      cleanup: async () => extra && handlers.delete(extra.id, extra.outs),
    },
    {
      name: "read",
      minimum: 1,
      why: "one GET",
      run: () => handlers.read(state().id, props),
    },
    {
      name: "update title",
      minimum: 1,
      why: "one PATCH",
      run: async () => {
        args = { ...args, title: `Renamed ${kind}` };
        props = await handlers.up(state().id, props, args);
      },
    },
    {
      name: "update parent (move)",
      minimum: 1,
      why: "one POST .../move",
      run: async () => {
        args = { ...args, parent: parentId };
        props = await handlers.up(state().id, props, args);
      },
    },
    {
      name: "update, nothing changed",
      minimum: 0,
      why: "diff answers without a request",
      run: async () => {
        props = await handlers.up(state().id, props, args);
      },
    },
    {
      name: "delete",
      minimum: 1,
      why: "one DELETE",
      run: () => handlers.delete(state().id, props),
    },
  ];
}

/**
 * One object of a kind taken through the measured operations: `outs` is what the engine keeps as
 * olds, `args` what the program declares; `change` merges into the args, as an edit would.
 * `existing` starts it from an object made during setup instead of through `create`.
 */
export function tracked(kind: string, initial: Props, existing?: { id: string; outs: Props }) {
  const handlers = handlersFor(kind);
  let args = initial;
  let current = existing;
  const state = () => {
    if (current === undefined) throw new Error(`${kind}: create failed`);
    return current;
  };
  return {
    create: async () => {
      current = await handlers.create(args);
    },
    read: () => handlers.read(state().id, state().outs),
    update: async (change: Props) => {
      args = { ...args, ...change };
      const { id, outs } = state();
      current = { id, outs: await handlers.up(id, outs, args) };
    },
    delete: () => handlers.delete(state().id, state().outs),
  };
}

export type Tracked = ReturnType<typeof tracked>;

export function createRow(object: Tracked, name: string, minimum: number, why: string): Operation {
  return { name, minimum, why, run: object.create };
}

/** A second create, deleted again after the count so later rows see only the first object. */
export function createAlsoRow(
  kind: string,
  name: string,
  args: Props,
  minimum: number,
  why: string,
): Operation {
  const object = tracked(kind, args);
  return { name, minimum, why, run: object.create, cleanup: object.delete };
}

export function updateRow(
  object: Tracked,
  name: string,
  change: Props,
  minimum: number,
  why: string,
): Operation {
  return { name, minimum, why, run: () => object.update(change) };
}

/**
 * A site space, section, section group or share link has no GET of its own in the API: its read
 * is one GET of the site's list, which the emulator answers in one page here.
 */
export const LIST_READ = "one GET of the site's list (no GET for one object)";

/** The rows every kind ends with: no change (diff answers it, no request), then one DELETE. */
export function closingRows(object: Tracked): Operation[] {
  return [
    updateRow(object, "update, nothing changed", {}, 0, "diff answers without a request"),
    { name: "delete", minimum: 1, why: "one DELETE", run: object.delete },
  ];
}
