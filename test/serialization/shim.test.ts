import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Collection, Space } from "../../provider/index";

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

/**
 * The shim's text is what each resource's state holds (`__provider`): moving or rebuilding it
 * must not change a byte, or every resource written by an earlier release would carry another.
 * Serialized the way `pulumi.dynamic.Resource` does it, from the built JavaScript the host loads,
 * it matches what release 0.1.0 wrote, kind by kind.
 */
test("the built shim serializes to exactly the __provider release 0.1.0 wrote into state", async () => {
  const root = path.resolve(__dirname, "../..");
  const state = JSON.parse(
    fs.readFileSync(path.join(root, "test/fixtures/release-0.1.0/harness-state.json"), "utf8"),
  ) as { resources: { inputs?: { __provider?: string } }[] };
  const written = state.resources.flatMap((r) => r.inputs?.__provider ?? []);
  expect(written.length).toBeGreaterThan(0);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, as the host has it
  const built = require(path.join(root, "provider/dist/provider/dynamic/shim.js")) as {
    createShim: (kind: string) => pulumi.dynamic.ResourceProvider;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what pulumi.dynamic.Resource calls
  const closure = require("@pulumi/pulumi/runtime/closure/serializeClosure") as {
    serializeFunction: (f: () => unknown, o: object) => Promise<{ text: string }>;
  };
  for (const text of written) {
    const kind = /kind: "([^"]+)"/.exec(text)![1]!;
    const provider = built.createShim(kind);
    const serialized = await closure.serializeFunction(() => provider, { allowSecrets: true });
    expect(serialized.text).toBe(text);
  }
});
