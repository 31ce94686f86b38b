/**
 * A Pulumi program of `count` Space resources run under `pulumi.runtime.setMocks`, in a process
 * of its own (the SDK keeps global state and caches serialized providers per object), the way a
 * user's program runs beside the engine. It sends back the wall time from the first constructor
 * call until every resource's id has resolved, and how many provider closures the SDK serialized.
 *
 *   node serialization-program.js <mode> <count>
 *
 * Modes: `classes` constructs them through the package's `Space` class; `fresh` gives each
 * resource a provider object of its own, as release 0.1.0 did; `floor` registers the same
 * properties as plain custom resources, with no provider to serialize: the program's own cost.
 * `once` times serializations of fresh provider objects and constructs nothing: the first loads
 * the SDK's serializer (once per program), the ones after it are what each further object costs.
 */
import * as pulumi from "@pulumi/pulumi";
import { Space, type SpaceArgs } from "../provider/index";
import { createShim } from "../provider/dynamic/shim";

type Mode = "classes" | "fresh" | "floor" | "once";

class FreshProviderSpace extends pulumi.dynamic.Resource {}
class PlainSpace extends pulumi.CustomResource {}

/**
 * The SDK's closure serializer, which `pulumi.dynamic.Resource` loads at call time: wrapped to
 * count the provider closures serialized.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself, to wrap one export
const closure = require("@pulumi/pulumi/runtime/closure/serializeClosure") as {
  serializeFunction: (...args: unknown[]) => Promise<unknown>;
};
let serializations = 0;
const serializeFunction = closure.serializeFunction;
closure.serializeFunction = (...args) => {
  serializations++;
  return serializeFunction(...args);
};

function construct(mode: Mode, i: number): pulumi.CustomResource {
  const args: SpaceArgs = { title: `Space ${i}`, emoji: "📘" };
  switch (mode) {
    case "classes":
      return new Space(`space-${i}`, args);
    case "fresh":
      return new FreshProviderSpace(
        createShim("space"),
        `space-${i}`,
        Space.props(args),
        {},
        "docs-workspace",
        "Space",
      );
    default:
      return new PlainSpace("docs-workspace:index:Space", `space-${i}`, Space.props(args));
  }
}

async function main(): Promise<void> {
  const [mode, countArg] = process.argv.slice(2) as [Mode, string];
  if (mode === "once") {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const provider = createShim("space");
      const start = performance.now();
      await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
      times.push(performance.now() - start);
    }
    const [first, ...warm] = times;
    const ms = warm.sort((a, b) => a - b)[warm.length >> 1]!;
    process.send?.({ ms, first, serializations: 1 }, () => process.exit(0));
    return;
  }
  const count = Number(countArg);
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    },
    "bench",
    "dev",
    false,
  );
  const start = performance.now();
  const ids: Promise<string>[] = [];
  for (let i = 0; i < count; i++) {
    const resource = construct(mode, i);
    ids.push(new Promise((resolve) => resource.id.apply(resolve)));
  }
  await Promise.all(ids);
  const ms = performance.now() - start;
  process.send?.({ ms, serializations }, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
