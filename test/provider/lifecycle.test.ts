import { z } from "zod";
import { ApiError } from "../../provider/client";
import { DECLARED } from "../../provider/lifecycle/properties";
import { UNKNOWN } from "../../provider/lifecycle/compare";
import { defineResource, resourceInputs } from "../../provider/lifecycle/define";
import { CREATE_ATTEMPTS } from "../../provider/lifecycle/recovery";
import { configure } from "../../provider/dynamic/runtime";

type Props = Record<string, unknown>;

/**
 * A resource kind whose API is an in-memory object and whose calls fail as each test says: the
 * shared rules (create then PATCH the rest then undo, 404 on delete and read, unknowns, create-only
 * inputs, declared inputs on refresh) are tested once here, for every resource.
 */
function thing(
  failures: { create?: ApiError; read?: ApiError; patch?: ApiError; delete?: ApiError } = {},
) {
  const calls: string[] = [];
  const ruleSaw: Props[] = [];
  const stored: Props = {};
  const definition = defineResource({
    kind: "thing",
    type: "Thing",
    inputs: resourceInputs({
      name: z.string().max(10),
      slot: z.string().optional(),
      size: z.number().int().optional(),
      seed: z.string().optional(),
      parent: z.string().nullable().optional(),
      tags: z.array(z.string().min(2)).optional(),
      code: z
        .string()
        .regex(/^[a-z]+$/)
        .optional(),
    }),
    rules: (inputs) => {
      ruleSaw.push(inputs);
      return inputs.name === "taken" ? [{ property: "name", reason: "is taken" }] : [];
    },
    replaceOnChange: ["organizationId", "slot"],
    createOnly: ["seed"],
    absentMeans: { parent: null },
    response: z.object({
      id: z.string(),
      name: z.string(),
      slot: z.string().nullish(),
      size: z.number().nullish(),
      parent: z.string().nullish(),
      tags: z.array(z.string()).nullish(),
      code: z.string().nullish(),
      label: z.string().optional(),
    }),
    createBody: z.object({ name: z.string(), slot: z.string() }).partial(),
    patchBody: z
      .object({ name: z.string(), size: z.number(), tags: z.array(z.string()), code: z.string() })
      .partial(),
    outputs: {
      organizationId: (_, known) => known.organizationId,
      seed: (_, known) => known.seed ?? null,
      label: (wire) => wire.label ?? null,
    },
    deleteBeforeReplace: (olds, news) => olds.name === news.name,
    repeatable: true,
    async create(_ctx, _inputs, body) {
      calls.push(`create ${JSON.stringify(body)}`);
      if (failures.create) throw failures.create;
      Object.assign(stored, { id: "t1", ...body });
      return { id: "t1", name: stored.name as string, slot: (stored.slot as string) ?? null };
    },
    async read(_ctx, id) {
      calls.push(`read ${id}`);
      if (failures.read) throw failures.read;
      return { id, name: String(stored.name ?? "remote"), ...stored };
    },
    async patch(_ctx, id, _olds, body) {
      calls.push(`patch ${JSON.stringify(body)}`);
      if (failures.patch) throw failures.patch;
      Object.assign(stored, body);
      return { id, name: stored.name as string, ...stored };
    },
    async delete(_ctx, id) {
      calls.push(`delete ${id}`);
      if (failures.delete) throw failures.delete;
    },
    operations: [
      {
        input: "parent",
        run: async (_ctx, id, news) => {
          calls.push(`move ${news.parent ?? null}`);
          stored.parent = news.parent ?? null;
          return { id, name: stored.name as string, ...stored };
        },
      },
    ],
  });
  return { handlers: definition.handlers, calls, ruleSaw, stored };
}

const notFound = new ApiError(404, 404, "GET", "/v1/things/t1", "thing not found");
const serverError = new ApiError(500, 500, "DELETE", "/v1/things/t1", "boom");
const olds = { organizationId: "o", name: "a", slot: "s1", size: 1, seed: "x" };

beforeAll(() =>
  configure({
    config: {
      get: (key) =>
        ({
          "docs-workspace:apiUrl": "http://127.0.0.1:9",
          "docs-workspace:apiToken": "t",
          "docs-workspace:organizationId": "o",
        })[key],
      require: () => "",
    },
  }),
);

test("create is the POST with the create body's fields, then one PATCH for the rest", async () => {
  const { handlers, calls } = thing();
  const { id, outs } = await handlers.create({
    organizationId: "o",
    name: "n",
    slot: "s",
    size: 3,
    seed: "x",
  });
  expect(id).toBe("t1");
  expect(calls).toEqual(['create {"name":"n","slot":"s"}', 'patch {"size":3}']);
  expect(outs).toMatchObject({ name: "n", slot: "s", size: 3, seed: "x", label: null });
});

test("a failing PATCH after the POST deletes what the POST made, then reports the failure", async () => {
  const patchError = new ApiError(500, 500, "PATCH", "/v1/things/t1", "no");
  const { handlers, calls } = thing({ patch: patchError });
  await expect(handlers.create({ organizationId: "o", name: "n", size: 3 })).rejects.toThrow(
    "[PATCH] /v1/things/t1: 500 no",
  );
  expect(calls).toEqual(['create {"name":"n"}', 'patch {"size":3}', "delete t1"]);
});

test("a definition that says neither how to find what a create made nor that it may be sent again is refused", () => {
  const bare = {
    kind: "bare",
    type: "Bare",
    inputs: resourceInputs({ name: z.string() }),
    response: z.object({ id: z.string(), name: z.string() }),
    createBody: z.object({ name: z.string() }),
    patchBody: z.object({ name: z.string() }),
    outputs: {},
    create: async () => ({ id: "b", name: "b" }),
    read: async () => ({ id: "b", name: "b" }),
    patch: async () => ({ id: "b", name: "b" }),
    delete: async () => {},
  };
  expect(() => defineResource(bare)).toThrow(
    "bare: exactly one of naturalKey and repeatable says how a create whose outcome is unknown is recovered",
  );
});

test("a create whose outcome is unknown, of a repeatable kind, is sent again; an interrupted one is left for the next up to send again", async () => {
  const lost = new ApiError(0, 0, "POST", "/v1/things", "socket hang up");
  const { handlers, calls } = thing({ create: lost });
  await expect(handlers.create({ organizationId: "o", name: "n" })).rejects.toThrow(
    `the outcome of [POST] /v1/things: socket hang up is unknown, it made nothing, and ${CREATE_ATTEMPTS} attempts failed`,
  );
  expect(calls).toEqual(Array(CREATE_ATTEMPTS).fill('create {"name":"n"}'));
  // Its recovery request of a pending create answers "again": nothing to look for.
  const recovery = await handlers.read("", {
    organizationId: "o",
    name: "n",
    __pendingCreate: { urn: "urn:x", name: "n", startedAt: new Date().toISOString() },
  });
  expect(recovery).toEqual({ id: "", props: { __pendingCreate: "again" } });
  expect(calls).toHaveLength(CREATE_ATTEMPTS);
});

test("delete treats a 404 as success and surfaces any other failure", async () => {
  await expect(thing({ delete: notFound }).handlers.delete("t1", olds)).resolves.toBeUndefined();
  await expect(thing({ delete: serverError }).handlers.delete("t1", olds)).rejects.toThrow(
    "[DELETE] /v1/things/t1: 500 boom",
  );
});

test("read answers an empty id for a 404, so refresh drops the resource", async () => {
  expect(await thing({ read: notFound }).handlers.read("t1", olds)).toEqual({ id: "" });
  await expect(thing({ read: serverError }).handlers.read("t1", olds)).rejects.toThrow("500 boom");
});

test("read answers as inputs exactly the declared ones, and an absence that now means something else", async () => {
  const { handlers, stored } = thing();
  const { outs } = await handlers.create({ organizationId: "o", name: "n", size: 3 });
  expect(outs[DECLARED]).toEqual(["name", "organizationId", "size"]);
  const same = await handlers.read("t1", outs);
  expect(same.inputs).toEqual({ organizationId: "o", name: "n", size: 3 });
  expect(same.props).toEqual(outs);
  // Moved out of band: `parent` is not declared, but its absence means null, which it no longer is.
  stored.parent = "p9";
  stored.size = 4;
  const drifted = await handlers.read("t1", outs);
  expect(drifted.inputs).toEqual({ organizationId: "o", name: "n", size: 4, parent: "p9" });
});

test("read keeps the state's outputs: one no longer read stays, one added later does not appear", async () => {
  const { handlers } = thing();
  // State as an earlier release wrote it: no declared inputs, an output since dropped, no label.
  const legacy = { organizationId: "o", name: "remote", seed: null, count: 7 };
  const read = await handlers.read("t1", legacy);
  expect(read.props).toEqual({ organizationId: "o", name: "remote", seed: null, count: 7 });
  // Without the declared inputs on record, the engine keeps the inputs it has.
  expect(read.inputs).toBeUndefined();
});

test("an unknown value in diff is a change, and a replacement when its property forces one", async () => {
  const { handlers, calls } = thing();
  expect(await handlers.diff("t1", olds, { ...olds, size: UNKNOWN })).toEqual({
    changes: true,
    replaces: [],
    deleteBeforeReplace: false,
  });
  expect(await handlers.diff("t1", olds, { ...olds, slot: UNKNOWN })).toEqual({
    changes: true,
    replaces: ["slot"],
    deleteBeforeReplace: true,
  });
  expect(await handlers.diff("t1", olds, { ...olds, name: "b", slot: "s2" })).toEqual({
    changes: true,
    replaces: ["slot"],
    deleteBeforeReplace: false,
  });
  expect(calls).toEqual([]);
});

test("create-only inputs, adoptId and undeclared inputs are no change", async () => {
  const { handlers } = thing();
  const { size: _size, ...withoutSize } = olds;
  expect(
    (
      await handlers.diff(
        "t1",
        { ...olds, parent: null },
        { ...withoutSize, seed: "other", adoptId: "t9" },
      )
    ).changes,
  ).toBe(false);
});

test("check lets an unknown through but still validates the known values beside it", async () => {
  const { handlers } = thing();
  expect((await handlers.check({}, { name: UNKNOWN, size: 2 })).failures).toBeUndefined();
  expect((await handlers.check({}, { name: UNKNOWN, size: 2.5 })).failures).toEqual([
    { property: "size", reason: "must be an integer" },
  ]);
});

test("an unknown inside a list defers only its own element; the known ones are checked now", async () => {
  const { handlers } = thing();
  const result = await handlers.check({}, { name: "n", tags: ["ok", UNKNOWN, "x"], code: UNKNOWN });
  expect(result.failures).toEqual([
    { property: "tags[2]", reason: "must be at least 2 characters" },
  ]);
  expect((await handlers.check({}, { name: "n", tags: ["ok", UNKNOWN] })).failures).toBeUndefined();
});

test("rules across arguments never see the unknown sentinel: they run once every value is known", async () => {
  const { handlers, ruleSaw } = thing();
  expect((await handlers.check({}, { name: "taken", size: UNKNOWN })).failures).toBeUndefined();
  expect(ruleSaw).toEqual([]);
  expect((await handlers.check({}, { name: "taken", size: 1 })).failures).toEqual([
    { property: "name", reason: "is taken" },
  ]);
  expect(ruleSaw).toEqual([{ organizationId: "o", name: "taken", size: 1 }]);
});

test("update sends only the changed keys, operations apart from the PATCH", async () => {
  const { handlers, calls } = thing();
  await handlers.update("t1", { ...olds, parent: null }, { ...olds, size: 3, parent: "p2" });
  expect(calls).toEqual(["move p2", 'patch {"size":3}']);
});
