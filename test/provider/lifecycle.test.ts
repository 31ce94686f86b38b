import { z } from "zod";
import { ApiError } from "../../provider/client";
import { lifecycle, UNKNOWN, type ResourceDefinition } from "../../provider/resources/lifecycle";
import { configure } from "../../provider/runtime";

type Thing = { organizationId: string; name: string; slot?: string; size?: number; seed?: string };

/**
 * A definition whose API calls fail as each test says: the shared rules (404 on delete and read,
 * unknowns in diff, replacements, create-only inputs) are tested once here, for every resource.
 */
function thing(failure?: ApiError) {
  const calls: string[] = [];
  const def: ResourceDefinition<Thing & Record<string, unknown>, Thing & Record<string, unknown>> =
    {
      kind: "thing",
      inputs: z.object({
        organizationId: z.string().optional(),
        name: z.string().max(10),
        slot: z.string().optional(),
        size: z.number().int().optional(),
        seed: z.string().optional(),
        tags: z.array(z.string().min(2)).optional(),
        code: z
          .string()
          .regex(/^[a-z]+$/)
          .optional(),
        adoptId: z.string().optional(),
      }),
      replaceOnChange: ["slot"],
      createOnly: ["seed"],
      deleteBeforeReplace: (olds, news) => olds.name === news.name,
      async create(_ctx, inputs) {
        calls.push("create");
        return { id: "t1", outs: inputs };
      },
      async read(_ctx, id, props) {
        calls.push(`read ${id}`);
        if (failure) throw failure;
        return props;
      },
      async update(_ctx, _id, _olds, news, changed) {
        calls.push(`update ${changed.join(",")}`);
        return news;
      },
      async delete(_ctx, id) {
        calls.push(`delete ${id}`);
        if (failure) throw failure;
      },
    };
  return { handlers: lifecycle(def), calls };
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

test("delete treats a 404 as success and surfaces any other failure", async () => {
  await expect(thing(notFound).handlers.delete("t1", olds)).resolves.toBeUndefined();
  await expect(thing(serverError).handlers.delete("t1", olds)).rejects.toThrow(
    "[DELETE] /v1/things/t1: 500 boom",
  );
});

test("read answers an empty id for a 404, so refresh drops the resource", async () => {
  expect(await thing(notFound).handlers.read("t1", olds)).toEqual({ id: "" });
  await expect(thing(serverError).handlers.read("t1", olds)).rejects.toThrow("500 boom");
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
    (await handlers.diff("t1", olds, { ...withoutSize, seed: "other", adoptId: "t9" })).changes,
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

test("update sends only the changed keys to the definition", async () => {
  const { handlers, calls } = thing();
  await handlers.update("t1", olds, { ...olds, size: 3 });
  expect(calls).toEqual(["update size"]);
});
