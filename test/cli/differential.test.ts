import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  destroy,
  preview,
  refresh,
  up,
  type HarnessOptions,
  type RunResult,
} from "../../cli/harness";
import { parseArgs } from "../../cli/harness/cli";
import { faultMatches, startTestEmulator, type TestEmulator } from "../support/emulator";
import { until } from "../support/harness-cli";
import { callApi, isTokenCheck } from "../support/provider";
import {
  changedInputs,
  describeCli,
  nameOf,
  PulumiStack,
  type JsonRun,
  type JsonStep,
} from "../support/pulumi";

/**
 * The harness held to the engine: the same program and the same scenarios through the harness
 * and through the real `pulumi`, each against a fresh emulator of its own, compared on what a
 * user sees (the steps, the properties each preview names), what the stack keeps (the outputs in
 * the state) and what the service is sent (each request's method, path and body). Ids, times and
 * the emulators' addresses differ between the two runs and are normalised away. Where the two
 * differ on purpose, README.md ("The harness beside the Pulumi CLI") says so.
 */
const fixture = path.resolve(__dirname, "../fixtures/differential");
const STACK = "test";

jest.setTimeout(600_000);

/** A step as both sides can tell it: the op and the resource's name (the URNs are the same). */
interface Step {
  op: string;
  urn: string;
}

const isDynamic = (type: string) => type.includes(":dynamic/");

/** The CLI's steps of dynamic resources; a refresh's unchanged read is a `same`. */
function cliSteps(run: JsonRun): Step[] {
  return run.steps
    .filter((s) => isDynamic(s.type))
    .map((s) => ({ op: s.op === "refresh" ? "same" : s.op, urn: s.urn }))
    .sort(byUrn);
}

/** The harness's steps in the engine's words: a refresh's change is an update, its drop a delete. */
function harnessSteps(result: RunResult): Step[] {
  const op = { "refresh-update": "update", "refresh-delete": "delete" } as Record<string, string>;
  return result.steps
    .filter((s) => isDynamic(s.type))
    .map((s) => ({ op: op[s.op] ?? s.op, urn: s.urn }))
    .sort(byUrn);
}

function byUrn(a: Step, b: Step): number {
  return a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0;
}

/** Strings that differ between two emulators: ids, times, the API's address. */
function normaliser(emu: TestEmulator, ids: Map<string, string>): (v: unknown) => unknown {
  const replacements: [string, string][] = [
    [emu.url, "<api>"],
    [emu.organizationId, "<org>"],
    ...[...ids].map(([id, name]): [string, string] => [id, `<${name}>`]),
  ];
  const text = (s: string) => {
    let out = s;
    for (const [from, to] of replacements) out = out.split(from).join(to);
    return out
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
      .replace(/\b[A-Za-z0-9]{20}\b/g, "<id>");
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      if ("ciphertext" in v) return "[secret]";
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== "__provider")
          .map(([k, e]) => [k, walk(e)]),
      );
    }
    return v;
  };
  return walk;
}

interface Side {
  emu: TestEmulator;
  /** Resource id -> resource name, from the side's state. */
  ids(): Promise<Map<string, string>>;
  /** Each dynamic resource's outputs, by name. */
  outputs(): Promise<Record<string, unknown>>;
}

/**
 * The requests the emulator saw since the last call, normalised and in a stable order. The token
 * check each provider process makes at Configure is set aside: "no request" means none that
 * reads or writes an object (the first up compares the checks too, and they are the same).
 */
async function requestsOf(side: Side, checks = false): Promise<string[]> {
  const norm = normaliser(side.emu, await side.ids());
  const seen = (await side.emu.requests())
    .filter((r) => checks || !isTokenCheck(r))
    .map((r) => JSON.stringify(norm({ method: r.method, path: r.path, body: r.body ?? null })));
  await side.emu.clearRequests();
  return seen.sort();
}

async function stateOf(side: Side): Promise<unknown> {
  return normaliser(side.emu, await side.ids())(await side.outputs());
}

describeCli("the harness beside the Pulumi CLI", () => {
  let work: string;
  let stack: PulumiStack;
  let opts: HarnessOptions;
  let cli: Side;
  let harness: Side;
  /** Cumulative ids: a destroyed resource's id still names it in the requests that deleted it. */
  const cliIds = new Map<string, string>();
  const harnessIds = new Map<string, string>();

  interface HarnessState {
    resources: { urn: string; type: string; id?: string; outputs: Record<string, unknown> }[];
  }
  const harnessState = (): HarnessState =>
    fs.existsSync(opts.stateFile)
      ? (JSON.parse(fs.readFileSync(opts.stateFile, "utf8")) as HarnessState)
      : { resources: [] };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-differential-"));
    const cliEmu = await startTestEmulator();
    const harnessEmu = await startTestEmulator();
    stack = await PulumiStack.create({ program: fixture, emulator: cliEmu, stack: STACK });
    opts = {
      programDir: fixture,
      stateFile: path.join(work, "harness.state.json"),
      stack: STACK,
      config: {
        "docs-workspace:apiUrl": harnessEmu.url,
        "docs-workspace:organizationId": harnessEmu.organizationId,
      },
      secrets: { "docs-workspace:apiToken": harnessEmu.token },
      passphrase: "differential-test-passphrase",
    };
    cli = {
      emu: cliEmu,
      async ids() {
        for (const r of (await stack.resources()).values()) {
          if (r.id) cliIds.set(r.id, nameOf(r.urn));
        }
        return cliIds;
      },
      async outputs() {
        const out: Record<string, unknown> = {};
        for (const r of (await stack.resources()).values()) out[nameOf(r.urn)] = r.outputs;
        return out;
      },
    };
    harness = {
      emu: harnessEmu,
      async ids() {
        for (const r of harnessState().resources) if (r.id) harnessIds.set(r.id, nameOf(r.urn));
        return harnessIds;
      },
      async outputs() {
        const out: Record<string, unknown> = {};
        for (const r of harnessState().resources) {
          if (isDynamic(r.type)) out[nameOf(r.urn)] = r.outputs;
        }
        return out;
      },
    };
  });
  afterAll(async () => {
    stack?.close();
    await cli?.emu.close();
    await harness?.emu.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** Sets a config value on both sides. */
  async function configure(key: string, value: string): Promise<void> {
    await stack.setConfig(key, value);
    opts = { ...opts, config: { ...opts.config, [key]: value } };
  }

  /** What both sides sent and keep after a run: the requests, then the outputs in the state. */
  async function expectSameEffects(checks = false): Promise<{ sent: string[]; kept: unknown }> {
    const sent = await requestsOf(cli, checks);
    expect(await requestsOf(harness, checks)).toEqual(sent);
    const kept = await stateOf(cli);
    expect(await stateOf(harness)).toEqual(kept);
    return { sent, kept };
  }

  const methods = (sent: string[]) => sent.map((r) => (JSON.parse(r) as { method: string }).method);

  test("first up: the same creates, the same requests, the same outputs in the state", async () => {
    const viaCli = await stack.json(["up"]);
    expect(viaCli.result.code).toBe(0);
    const viaHarness = await up(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    expect(cliSteps(viaCli).map((s) => s.op)).toEqual(Array(5).fill("create"));
    const { sent, kept } = await expectSameEffects(true);
    expect(methods(sent).filter((m) => m === "POST").length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(kept as object).sort()).toEqual([
      "docs",
      "docs-intro",
      "guides",
      "intro",
      "readers",
    ]);
  });

  test("up again: every resource the same, and no request on either side", async () => {
    const viaCli = await stack.json(["up"]);
    const viaHarness = await up(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    expect(cliSteps(viaCli).map((s) => s.op)).toEqual(Array(5).fill("same"));
    expect((await expectSameEffects()).sent).toEqual([]);
  });

  /** The properties each changing step of a preview names, by resource name. */
  function previewed(viaCli: JsonRun, viaHarness: RunResult) {
    const cliNamed = Object.fromEntries(
      viaCli.steps
        .filter((s: JsonStep) => isDynamic(s.type) && s.op !== "same")
        .map((s) => [s.name, { op: s.op, keys: changedInputs(s) }]),
    );
    const harnessNamed = Object.fromEntries(
      viaHarness.steps
        .filter((s) => isDynamic(s.type) && s.op !== "same")
        .map((s) => [s.name, { op: s.op, keys: [...(s.diffs ?? [])].sort() }]),
    );
    return { cliNamed, harnessNamed };
  }

  test("an edit: both previews name the same property of the same resource, and up sends the same PATCH", async () => {
    await configure("differential:title", "Handbook");
    const { cliNamed, harnessNamed } = previewed(
      await stack.json(["preview"]),
      await preview(opts),
    );
    expect(cliNamed).toEqual({ guides: { op: "update", keys: ["title"] } });
    expect(harnessNamed).toEqual(cliNamed);
    await cli.emu.clearRequests();
    await harness.emu.clearRequests();

    const viaCli = await stack.json(["up"]);
    const viaHarness = await up(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    const { sent } = await expectSameEffects();
    expect(sent.filter((r) => !r.startsWith('{"method":"GET"'))).toEqual([
      JSON.stringify({
        method: "PATCH",
        path: "/v1/collections/<guides>",
        body: { title: "Handbook" },
      }),
    ]);
  });

  test("replaceOnChanges has no effect on a dynamic resource: both update the space in place", async () => {
    await configure("differential:spaceTitle", "Welcome");
    await configure("differential:replaceOnChanges", JSON.stringify(["title"]));
    const { cliNamed, harnessNamed } = previewed(
      await stack.json(["preview"]),
      await preview(opts),
    );
    expect(cliNamed).toEqual({ intro: { op: "update", keys: ["title"] } });
    expect(harnessNamed).toEqual(cliNamed);

    const viaCli = await stack.json(["up"]);
    const viaHarness = await up(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    // One PATCH of the space, no POST and no DELETE.
    const { sent } = await expectSameEffects();
    expect(methods(sent).filter((m) => m !== "GET")).toEqual(["PATCH"]);
  });

  test("an out-of-band change: both refreshes read the same, report the same step (none for an output alone) and keep the same state", async () => {
    for (const side of [cli, harness]) {
      const ids = [...(await side.ids())].find(([, name]) => name === "intro")!;
      await callApi(side.emu, "PATCH", `/v1/spaces/${ids[0]}`, { title: "Edited by hand" });
      // An output alone moves too: the site's published URL, on the organization's hostname.
      const org = `/v1/orgs/${side.emu.organizationId}`;
      expect((await callApi(side.emu, "PATCH", org, { hostname: "moved-host" })).status).toBe(200);
      await side.emu.clearRequests();
    }
    // `pulumi refresh` reads everything twice, its preview and then the refresh; the harness's
    // refresh is the CLI's without the preview (README: "The harness beside the Pulumi CLI").
    const viaCli = await stack.json(["refresh", "--skip-preview"]);
    expect(viaCli.result.code).toBe(0);
    const viaHarness = await refresh(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    expect(cliSteps(viaCli).filter((s) => s.op !== "same")).toEqual([
      { op: "update", urn: expect.stringMatching(/::intro$/) },
    ]);
    const { sent } = await expectSameEffects();
    expect(new Set(methods(sent))).toEqual(new Set(["GET"]));
    const site = (await stack.resources()).get("docs")!;
    expect((site.outputs!.urls as { published: string }).published).toContain("moved-host");

    // The next preview puts the declared title back on both.
    const { cliNamed, harnessNamed } = previewed(
      await stack.json(["preview"]),
      await preview(opts),
    );
    expect(cliNamed).toEqual({ intro: { op: "update", keys: ["title"] } });
    expect(harnessNamed).toEqual(cliNamed);
  });

  test("destroy: the same deletes and the same requests, and both states empty", async () => {
    const viaCli = await stack.json(["destroy"]);
    expect(viaCli.result.code).toBe(0);
    const viaHarness = await destroy(opts);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
    expect(cliSteps(viaCli).map((s) => s.op)).toEqual(Array(5).fill("delete"));
    const { sent } = await expectSameEffects();
    expect(methods(sent)).toEqual(Array(5).fill("DELETE"));
    expect(await stateOf(cli)).toEqual({});
  });
});

/**
 * A cancelled run, as a terminal's Ctrl-C does it: one SIGINT to the command's process group
 * while its creates are in flight. The CLI finishes what is in flight and exits 1; the harness's
 * command, which does the same, exits 1 too (test/harness/interrupt.test.ts).
 */
describeCli("a cancelled pulumi up", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: path.resolve(__dirname, "../fixtures/spaces"),
      emulator: emu,
      config: { "spaces:count": "4", "spaces:collections": "2" },
    });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  test("one SIGINT mid-run: the creates in flight finish, nothing more starts, and pulumi exits 1", async () => {
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/collections",
      kind: "latency",
      latencyMs: 3000,
    });
    const run = stack.start(["up", "--yes", "--skip-preview"]);
    await until("both collection creates in flight", async () => (await faultMatches(emu)) >= 2);
    process.kill(-run.pid, "SIGINT");
    expect({ code: await run.exited, output: run.output() }).toEqual({
      code: 1,
      output: expect.any(String),
    });
    // The collections in flight were made and recorded; no space was started.
    const state = await stack.resources();
    expect([...state.keys()].sort()).toEqual(["collection-0", "collection-1"]);
    expect((await emu.requests()).filter((r) => r.path.endsWith("/spaces"))).toEqual([]);
  });
});

/**
 * Which program runs: a project without `main` in a package whose package.json names a `main`
 * of its own. The CLI's Node.js host runs that file, not the folder's index.ts; so does the
 * harness (harness/project.ts), and both plan the same resource.
 */
describeCli("the entry point, as the Node.js host finds it", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;
  let source: string;

  const program = (name: string) =>
    `import { Collection } from "pulumi-docs-workspace";\nnew Collection("${name}", { title: "${name}" });\n`;

  beforeAll(async () => {
    emu = await startTestEmulator();
    source = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-entry-"));
    fs.writeFileSync(
      path.join(source, "Pulumi.yaml"),
      "name: entry\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.writeFileSync(path.join(source, "index.ts"), program("from-index"));
    stack = await PulumiStack.create({ program: source, emulator: emu, stack: STACK });
    // The package.json beside the project names another file as the package's main.
    const manifest = path.join(stack.dir, "package.json");
    const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, unknown>;
    fs.writeFileSync(manifest, JSON.stringify({ ...pkg, main: "app.ts" }));
    fs.writeFileSync(path.join(stack.dir, "app.ts"), program("from-main"));
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
    if (source) fs.rmSync(source, { recursive: true, force: true });
  });

  /** The harness's preview of the same program copy, against the same emulator. */
  const harnessPreview = (targets?: string[]) =>
    preview({
      programDir: stack.dir,
      stateFile: path.join(stack.work, "harness.state.json"),
      stack: STACK,
      config: {
        "docs-workspace:apiUrl": emu.url,
        "docs-workspace:organizationId": emu.organizationId,
      },
      ...(targets ? { targets } : {}),
    });

  test("a project without main runs the file its package.json names, under the CLI and the harness", async () => {
    const viaCli = await stack.json(["preview"]);
    expect(viaCli.result.code).toBe(0);
    const viaHarness = await harnessPreview();
    expect(cliSteps(viaCli)).toEqual([
      { op: "create", urn: expect.stringMatching(/::from-main$/) },
    ]);
    expect(harnessSteps(viaHarness)).toEqual(cliSteps(viaCli));
  });

  test("--target globs: * stops at a colon, ** does not, under the CLI and the harness", async () => {
    const planned: Record<string, { cli: Step[]; harness: Step[] }> = {};
    for (const glob of [
      "urn:pulumi:test::entry::*::from-main",
      "urn:pulumi:test::entry::**::from-main",
    ]) {
      const viaCli = await stack.json(["preview", "--target", glob]);
      expect(viaCli.result.code).toBe(0);
      const viaHarness = await harnessPreview([glob]);
      planned[glob] = { cli: cliSteps(viaCli), harness: harnessSteps(viaHarness) };
    }
    // The type, pulumi-nodejs:dynamic/docs-workspace:Collection, holds colons.
    expect(planned).toEqual({
      "urn:pulumi:test::entry::*::from-main": { cli: [], harness: [] },
      "urn:pulumi:test::entry::**::from-main": {
        cli: [{ op: "create", urn: expect.stringMatching(/::from-main$/) }],
        harness: [{ op: "create", urn: expect.stringMatching(/::from-main$/) }],
      },
    });
  });

  test("preview and refresh have no --continue-on-error in the CLI, and the harness's command refuses it too", async () => {
    for (const command of ["preview", "refresh"]) {
      const viaCli = await stack.run([command, "--continue-on-error"]);
      expect({ command, failed: viaCli.code !== 0, stderr: viaCli.stderr }).toEqual({
        command,
        failed: true,
        stderr: expect.stringContaining("unknown flag: --continue-on-error"),
      });
      expect(() => parseArgs([command, stack.dir, "--continue-on-error"])).toThrow(
        "--continue-on-error applies to up and destroy only",
      );
    }
  });
});
