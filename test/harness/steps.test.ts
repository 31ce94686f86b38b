import * as os from "node:os";
// The step planner and the scheduler, alone: no provider, no process, no file.
import {
  applyIgnoreChanges,
  parsePropertyPath,
  replaceKeysFor,
} from "../../cli/harness/property-paths";
import { Limiter } from "../../common/limiter";
import { defaultParallel, runGraph, type StepGraph } from "../../cli/harness/schedule";
import type { ResourceState } from "../../cli/harness/types";
import {
  deletionGraph,
  dependencyOrder,
  matchesTarget,
  refreshGraph,
  selectTargets,
} from "../../cli/harness/steps";
import { aliasUrns, createUrn, parseUrn } from "../../cli/harness/urns";

const STACK = "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev";

function urn(name: string, type = "docs:Space"): string {
  return `urn:pulumi:dev::proj::${type}::${name}`;
}

function res(name: string, deps: string[] = [], extra: Partial<ResourceState> = {}): ResourceState {
  return {
    urn: urn(name),
    type: "docs:Space",
    name,
    custom: true,
    id: `${name}-id`,
    parent: STACK,
    dependencies: deps.map((d) => urn(d)),
    inputs: {},
    outputs: {},
    secretInputs: [],
    secretOutputs: [],
    ...extra,
  };
}

function names(list: readonly ResourceState[] | undefined): string[] {
  return (list ?? []).map((r) => r.name).sort();
}

/** A promise the test settles itself, to hold a step in flight. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the step planner", () => {
  test("a delete waits for every doomed resource that depends on it, or is its child, and nothing else", () => {
    const collection = res("handbook");
    const space = res("onboarding", ["handbook"]);
    const child = res("section", [], { parent: urn("onboarding") });
    const other = res("unrelated");
    const graph = deletionGraph([collection, space, child, other]);
    expect(names(graph.waitsFor.get(collection))).toEqual(["onboarding"]);
    expect(names(graph.waitsFor.get(space))).toEqual(["section"]);
    expect(names(graph.waitsFor.get(child))).toEqual([]);
    expect(names(graph.waitsFor.get(other))).toEqual([]);
  });

  test("a dependent that stays does not hold a delete back", () => {
    const collection = res("handbook");
    const graph = deletionGraph([collection]);
    expect(graph.waitsFor.get(collection)).toEqual([]);
  });

  test("the old half of a replacement waits for the doomed resources that depended on the old object", () => {
    const condemned = res("handbook", [], { pendingDelete: true, id: "old-id" });
    const undeclared = res("onboarding", ["handbook"]);
    const graph = deletionGraph([condemned, undeclared]);
    expect(names(graph.waitsFor.get(condemned))).toEqual(["onboarding"]);
  });

  test("refresh reads every custom resource at once", () => {
    const component = res("library", [], { custom: false });
    const graph = refreshGraph([res("a"), res("b", ["a"]), component]);
    expect(names(graph.nodes)).toEqual(["a", "b"]);
    expect(graph.waitsFor.size).toBe(0);
  });

  test("the state is ordered so each resource follows what it references, otherwise as given", () => {
    const a = res("a", ["c"]);
    const b = res("b");
    const c = res("c", ["b"]);
    const d = res("d");
    expect(dependencyOrder([a, d, b, c]).map((r) => r.name)).toEqual(["b", "c", "a", "d"]);
    // A cycle (never written by the engine) still yields every resource once.
    const x = res("x", ["y"]);
    const y = res("y", ["x"]);
    expect(names(dependencyOrder([x, y]))).toEqual(["x", "y"]);
  });

  test("--target matches URNs exactly or with * patterns", () => {
    expect(matchesTarget(urn("a"), [urn("a")])).toBe(true);
    expect(matchesTarget(urn("ab"), [urn("a")])).toBe(false);
    expect(matchesTarget(urn("team-a"), ["urn:pulumi:dev::proj::docs:Space::team-*"])).toBe(true);
    expect(matchesTarget(urn("x"), ["*::docs:Collection::*"])).toBe(false);
    // As the engine reads a glob: * stops at a ":", ** does not.
    expect(matchesTarget(urn("x"), ["urn:pulumi:dev::proj::docs:*::x"])).toBe(true);
    expect(matchesTarget(urn("x"), ["urn:pulumi:dev::proj::*::x"])).toBe(false);
    expect(matchesTarget(urn("x"), ["*::x"])).toBe(false);
    expect(matchesTarget(urn("x"), ["**::x"])).toBe(true);
    expect(matchesTarget(urn("a.b"), ["**::a.b"])).toBe(true);
    expect(matchesTarget(urn("aXb"), ["**::a.b"])).toBe(false);
  });

  test("a target's dependents join it with --target-dependents, and strand it without", () => {
    const a = res("a");
    const b = res("b", ["a"]);
    const c = res("c", ["b"]);
    const alone = selectTargets([a, b, c], [urn("a")], false);
    expect(names(alone.selected)).toEqual(["a"]);
    expect(alone.strandedDependents.map((s) => [s.dependent.name, s.target.name])).toEqual([
      ["b", "a"],
    ]);
    const all = selectTargets([a, b, c], [urn("a")], true);
    expect(names(all.selected)).toEqual(["a", "b", "c"]);
    expect(all.strandedDependents).toEqual([]);
  });
});

describe("the scheduler", () => {
  function graphOf(nodes: string[], waits: Record<string, string[]>): StepGraph<string> {
    return { nodes, waitsFor: new Map(Object.entries(waits)) };
  }

  test("runs every ready step at once and each other as soon as what it waits for is done", async () => {
    const gates = Object.fromEntries(["a", "b", "c"].map((n) => [n, deferred()]));
    const started: string[] = [];
    const outcome = runGraph(
      graphOf(["a", "b", "c"], { c: ["a", "b"] }),
      (n) => {
        started.push(n);
        return gates[n]!.promise;
      },
      { limiter: new Limiter(), canStart: () => true },
    );
    await tick();
    expect(started).toEqual(["a", "b"]);
    gates.a!.resolve();
    await tick();
    expect(started).toEqual(["a", "b"]);
    gates.b!.resolve();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    gates.c!.resolve();
    await expect(outcome).resolves.toEqual({ failed: [], notStarted: [] });
  });

  test("a thousand ready steps all start while none has finished, the first before the others are prepared", async () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => `n${i}`);
    const gate = deferred();
    const started: string[] = [];
    const outcome = runGraph(
      graphOf(nodes, {}),
      (n) => {
        started.push(n);
        return gate.promise;
      },
      { limiter: new Limiter(), canStart: () => true },
    );
    await Promise.resolve();
    // Started in this turn of the event loop, its provider call can go out in the next.
    expect(started[0]).toBe("n0");
    expect(started.length).toBeLessThan(nodes.length);
    for (let turns = 0; started.length < nodes.length && turns < 1000; turns++) await tick();
    expect(started).toEqual(nodes);
    gate.resolve();
    await expect(outcome).resolves.toEqual({ failed: [], notStarted: [] });
  });

  test("--parallel bounds the steps in flight", async () => {
    const nodes = Array.from({ length: 10 }, (_, i) => `n${i}`);
    const gates = new Map(nodes.map((n) => [n, deferred()]));
    let inFlight = 0;
    let most = 0;
    const outcome = runGraph(
      graphOf(nodes, {}),
      async (n) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await gates.get(n)!.promise;
        inFlight--;
      },
      { limiter: new Limiter(3), canStart: () => true },
    );
    for (const n of nodes) {
      await tick();
      expect(inFlight).toBeLessThanOrEqual(3);
      gates.get(n)!.resolve();
    }
    await outcome;
    expect(most).toBe(3);
  });

  test("a failed step's dependents never start; independent steps still finish", async () => {
    const ran: string[] = [];
    const outcome = await runGraph(
      graphOf(["a", "b", "c", "d"], { b: ["a"], c: ["b"] }),
      async (n) => {
        ran.push(n);
        if (n === "a") throw new Error("a broke");
      },
      { limiter: new Limiter(), canStart: () => true },
    );
    expect(ran.sort()).toEqual(["a", "d"]);
    expect(outcome.failed.map((f) => [f.node, (f.error as Error).message])).toEqual([
      ["a", "a broke"],
    ]);
    expect(outcome.notStarted.sort()).toEqual(["b", "c"]);
  });

  test("once the run stops, nothing new starts, and what is in flight finishes", async () => {
    let stopped = false;
    const gate = deferred();
    const ran: string[] = [];
    const outcome = runGraph(
      graphOf(["a", "b", "c"], { b: ["a"] }),
      async (n) => {
        ran.push(n);
        if (n === "a") await gate.promise;
      },
      { limiter: new Limiter(2), canStart: () => !stopped },
    );
    await tick();
    stopped = true;
    gate.resolve();
    const result = await outcome;
    expect(ran.sort()).toEqual(["a", "c"]);
    expect(result.notStarted).toEqual(["b"]);
  });

  test("a dependency cycle is reported instead of hanging", async () => {
    await expect(
      runGraph(graphOf(["a", "b"], { a: ["b"], b: ["a"] }), async () => undefined, {
        limiter: new Limiter(),
        canStart: () => true,
      }),
    ).rejects.toThrow(/dependency cycle leaves 2 steps unable to start/);
  });

  test("the limiter never runs more than its limit, even as slots change hands", async () => {
    const limiter = new Limiter(2);
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limiter.run(async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await tick();
          inFlight--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(() => new Limiter(0)).toThrow(/at least 1/);
  });

  test("--parallel defaults to the CLI's: PULUMI_PARALLEL, else the CPUs × 4", () => {
    expect(defaultParallel({})).toBe(os.availableParallelism() * 4);
    expect(defaultParallel({ PULUMI_PARALLEL: "3" })).toBe(3);
    expect(defaultParallel({ PULUMI_PARALLEL: "0" })).toBe(os.availableParallelism() * 4);
  });
});

describe("property paths for ignoreChanges and replaceOnChanges", () => {
  test("parse Pulumi's syntax", () => {
    expect(parsePropertyPath('a.b[0]["c.d"]')).toEqual(["a", "b", 0, "c.d"]);
    expect(() => parsePropertyPath("a..b")).toThrow(/invalid property path "a..b"/);
    expect(() => parsePropertyPath("a[x]")).toThrow(/neither an index/);
  });

  test("ignoreChanges keeps the old value at each path, or leaves it out where there was none", () => {
    const olds = { title: "Old", adaptiveContent: { enabled: false, x: 1 }, tags: ["a", "b"] };
    const news = {
      title: "New",
      adaptiveContent: { enabled: true, x: 2 },
      tags: ["c"],
      emoji: "x",
    };
    expect(applyIgnoreChanges(olds, news, ["title", "adaptiveContent.enabled", "emoji"])).toEqual({
      title: "Old",
      adaptiveContent: { enabled: false, x: 2 },
      tags: ["c"],
    });
    expect(applyIgnoreChanges(olds, news, ["tags[*]"])).toMatchObject({ tags: ["a", "b"] });
  });

  test("replaceOnChanges turns the provider's changed keys it contains into replacements, and nothing else", () => {
    expect(replaceKeysFor(["title", "settings"], ["title"])).toEqual(["title"]);
    expect(replaceKeysFor(["title", "settings"], ["*"])).toEqual(["title", "settings"]);
    // A path longer than the changed key does not contain it, as in the engine.
    expect(replaceKeysFor(["settings"], ["settings.slug"])).toEqual([]);
    expect(replaceKeysFor(["settings.slug"], ["settings"])).toEqual(["settings.slug"]);
    // No changed keys (the dynamic-provider host reports none): no replacement.
    expect(replaceKeysFor([], ["title", "*"])).toEqual([]);
  });
});

describe("URNs and aliases as the engine forms them", () => {
  const ctx = { stack: "dev", project: "proj", aliased: new Map<string, string>() };

  test("a child of a component carries its parent's type chain; a child of the stack does not", () => {
    const component = createUrn("dev", "proj", STACK, "my:Lib", "lib");
    expect(component).toBe("urn:pulumi:dev::proj::my:Lib::lib");
    const child = createUrn("dev", "proj", component, "docs:Space", "s");
    expect(child).toBe("urn:pulumi:dev::proj::my:Lib$docs:Space::s");
    const grandchild = createUrn("dev", "proj", child, "docs:Section", "x::y");
    expect(parseUrn(grandchild)).toEqual({
      stack: "dev",
      project: "proj",
      qualifiedType: "my:Lib$docs:Space$docs:Section",
      name: "x::y",
    });
  });

  test("an alias names the old URN from what changed: name, parent, or a whole URN", () => {
    expect(aliasUrns(ctx, "new", "docs:Space", STACK, [{ name: "old", parentUrn: STACK }])).toEqual(
      [urn("old")],
    );
    const lib = "urn:pulumi:dev::proj::my:Lib::lib";
    expect(aliasUrns(ctx, "s", "docs:Space", STACK, [{ parentUrn: lib }])).toEqual([
      "urn:pulumi:dev::proj::my:Lib$docs:Space::s",
    ]);
    expect(aliasUrns(ctx, "s", "docs:Space", lib, [{ noParent: true }])).toEqual([urn("s")]);
    expect(aliasUrns(ctx, "s", "docs:Space", STACK, [{ urn: "urn:x" }])).toEqual(["urn:x"]);
  });

  test("children of a renamed component inherit its alias, renamed with it when named after it", () => {
    const newLib = "urn:pulumi:dev::proj::my:Lib::docs";
    const oldLib = "urn:pulumi:dev::proj::my:Lib::handbook";
    const aliased = new Map([[newLib, oldLib]]);
    expect(aliasUrns({ ...ctx, aliased }, "docs-intro", "docs:Space", newLib, [])).toEqual([
      "urn:pulumi:dev::proj::my:Lib$docs:Space::handbook-intro",
    ]);
    expect(aliasUrns({ ...ctx, aliased }, "intro", "docs:Space", newLib, [])).toEqual([
      "urn:pulumi:dev::proj::my:Lib$docs:Space::intro",
    ]);
  });
});
