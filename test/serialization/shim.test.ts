import * as pulumi from "@pulumi/pulumi";
import { Collection, Space } from "../../provider";

/**
 * Pulumi caches a serialized provider per provider object: the classes hand it one object per
 * kind, so a program serializes each kind once, not once per resource (about 8 to 15 ms each).
 */
test("a program serializes one provider per kind, however many resources it declares", async () => {
  // The SDK's closure serializer, which `pulumi.dynamic.Resource` loads at call time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself, to wrap one export
  const closure = require("@pulumi/pulumi/runtime/closure/serializeClosure") as {
    serializeFunction: (...args: unknown[]) => Promise<unknown>;
  };
  const serializeFunction = closure.serializeFunction;
  let serializations = 0;
  closure.serializeFunction = (...args) => {
    serializations++;
    return serializeFunction(...args);
  };
  try {
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
      "project",
      "stack",
      false,
    );
    const resources = [
      ...[1, 2, 3].map((i) => new Space(`space-${i}`, { title: `Space ${i}` })),
      ...[1, 2].map((i) => new Collection(`collection-${i}`, { title: `Collection ${i}` })),
    ];
    await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
  } finally {
    closure.serializeFunction = serializeFunction;
  }
  expect(serializations).toBe(2);
});
