import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { Collection, Space } from "../../provider/index";
import { definitions } from "../../provider/resources/registry";
import { providerText } from "../../provider/dynamic/shim";

const root = path.resolve(__dirname, "../..");

/**
 * The dynamic-provider host's loader (`@pulumi/pulumi/cmd/dynamic-provider`): it compiles the
 * `__provider` text as a module with no file, whose requires resolve from the working directory.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the host's own dependency, found through it
const requireFromString = require(
  require.resolve("require-from-string", { paths: [require.resolve("@pulumi/pulumi")] }),
) as (code: string) => { handler(): pulumi.dynamic.ResourceProvider };

const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"] as const;

/** What the host finds: the provider the text's handler returns, each method a function. */
function loaded(text: string): pulumi.dynamic.ResourceProvider {
  const provider = requireFromString(text).handler();
  expect(METHODS.filter((m) => typeof provider[m] !== "function")).toEqual([]);
  return provider;
}

/** A space's check with an empty title: the runtime's own failure, naming the property. */
async function checksAsTheRuntime(provider: pulumi.dynamic.ResourceProvider): Promise<void> {
  const result = await provider.check!({}, { title: "" });
  expect(result.failures?.map((f) => f.property)).toEqual(["title"]);
}

/**
 * The text each resource's state holds: it must not change a byte from one release to the next,
 * or every resource would carry the new text into its state at the next `up`.
 */
test("a kind's __provider is one line that requires the installed runtime, the same in every release", () => {
  expect(providerText("space")).toBe(
    'exports.handler = () => require("pulumi-docs-workspace/runtime").dynamicProvider("space");\n',
  );
  for (const { kind } of definitions) {
    const text = providerText(kind);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(128);
    expect(text).not.toMatch(/\d+\.\d+\.\d+/);
  }
});

test("the host loads a kind's __provider to the kind's handlers in the installed runtime", async () => {
  for (const { kind } of definitions) loaded(providerText(kind));
  await checksAsTheRuntime(loaded(providerText("space")));
  expect(() => requireFromString(providerText("no-such-kind")).handler()).toThrow(
    /no resource kind "no-such-kind"; the installed version may be older/,
  );
});

/**
 * A state written before 0.4.0 holds the serialized shim (release 0.1.0 wrote it; 0.2.0 and
 * 0.3.0 wrote the same): every resource keeps it in its outputs until an update rewrites them,
 * so the host must keep loading it to today's handlers, through the runtime's `configure` and
 * `provider(kind)`.
 */
test("the __provider of a state written by 0.1.0 still loads, kind by kind, to today's runtime", async () => {
  const state = JSON.parse(
    fs.readFileSync(path.join(root, "test/fixtures/release-0.1.0/harness-state.json"), "utf8"),
  ) as { resources: { inputs?: { __provider?: string } }[] };
  const written = [...new Set(state.resources.flatMap((r) => r.inputs?.__provider ?? []))];
  expect(written.length).toBeGreaterThan(5);
  for (const text of written) {
    expect(text).toContain('require("pulumi-docs-workspace/runtime").provider(kind)');
    loaded(text);
  }
  const space = written.find((text) => text.includes('kind: "space"'));
  await checksAsTheRuntime(loaded(space!));
});

test("a program serializes no closure: every resource registers its kind's text", async () => {
  // The SDK's closure serializer, which `pulumi.dynamic.Resource` would load at call time.
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
  const registered: { type: string; provider: unknown }[] = [];
  try {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push({ type: args.type, provider: args.inputs.__provider });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const resources = [
      ...[1, 2, 3].map((i) => new Space(`space-${i}`, { title: `Space ${i}` })),
      new Collection("collection", { title: "Collection" }),
    ];
    await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
  } finally {
    closure.serializeFunction = serializeFunction;
  }
  expect(serializations).toBe(0);
  // Registrations finish in any order: compared sorted by type.
  registered.sort((a, b) => a.type.localeCompare(b.type));
  expect(registered).toEqual([
    {
      type: "pulumi-nodejs:dynamic/docs-workspace:Collection",
      provider: providerText("collection"),
    },
    ...[1, 2, 3].map(() => ({
      type: "pulumi-nodejs:dynamic/docs-workspace:Space",
      provider: providerText("space"),
    })),
  ]);
});

/**
 * Registering a resource takes four promises per property, and the SDK stamps each with a stack
 * trace for its leak report: formatted through the program's source maps, half of a large
 * program's CPU. The classes take none of them, however many properties a kind registers.
 */
test("constructing a resource maps no stack frame per property; an error the SDK throws keeps its stack", async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "project",
    "stack",
    false,
  );
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  // Each frame of a formatted stack is what the program's source maps translate.
  let frames = 0;
  Error.prepareStackTrace = (error, stack) => {
    frames += stack.length;
    return prepare ? prepare(error, stack) : `${String(error)}\n${stack.join("\n")}`;
  };
  let spaces: Space[];
  try {
    spaces = Array.from({ length: 10 }, (_, i) => new Space(`stacks-${i}`, { title: `S ${i}` }));
  } finally {
    Error.prepareStackTrace = prepare;
  }
  // A space registers 20 properties: 80 promises, each stamped with a stack of up to 10 frames.
  // What is left is the SDK's own source position of each resource: one stack, every frame.
  expect(Object.keys(Space.props({ title: "x" })).length).toBeGreaterThan(15);
  const oneStack = new Error().stack!.split("\n").length + 10;
  expect(frames).toBeLessThanOrEqual(spaces.length * oneStack);
  await Promise.all(spaces.map((s) => new Promise((resolve) => s.id.apply(resolve))));

  let thrown: unknown;
  try {
    new Space("orphan", { title: "x" }, { parent: {} as pulumi.Resource });
  } catch (error) {
    thrown = error;
  }
  expect((thrown as Error).message).toMatch(/parent is not a valid Resource/);
  expect((thrown as Error).stack).toContain("shim.test.ts");
  expect(Error.stackTraceLimit).toBe(limit);
});
