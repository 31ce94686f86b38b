import * as fs from "node:fs";
import * as path from "node:path";
import { faultMatches, startTestEmulator, type TestEmulator } from "../support/emulator";
import {
  checkpointOf,
  killUp,
  readmeRecovery,
  requestsSettle,
  unmanaged,
} from "../support/cli-recovery";
import { until } from "../support/harness-cli";
import { callApi } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * `pulumi up` killed outright (SIGKILL to its process group) while its creates are in flight, or
 * stopped by one Ctrl-C, then what the README says to run after it ("After an interrupted
 * `pulumi up`"): each ends with every declared object made once, `up` and `refresh
 * --expect-no-changes` clean, nothing unmanaged, and `destroy` leaving the organization as it was.
 */
const root = path.resolve(__dirname, "..", "..");
const fixture = path.join(root, "test", "fixtures", "spaces");

jest.setTimeout(900_000);

describeCli("pulumi up interrupted, recovered as the README says", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeEach(async () => {
    emu = await startTestEmulator();
  });
  afterEach(async () => {
    stack?.close();
    await emu?.close();
  });

  async function list(kind: "spaces" | "collections"): Promise<{ id: string; title: string }[]> {
    const path = `/v1/orgs/${emu.organizationId}/${kind}?limit=1000`;
    return (await callApi(emu, "GET", path)).body.items as { id: string; title: string }[];
  }
  const titles = async (kind: "spaces" | "collections") =>
    (await list(kind)).map((o) => o.title).sort();
  const spaces = (count: number) => Array.from({ length: count }, (_, i) => `Space ${i}`).sort();

  /** The end every recovery must reach, and `destroy` back to what was there before. */
  async function convergedThenDestroyed(before: string) {
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await unmanaged(emu, await stack.exportState(), stack.work)).toBe(before);
    await stack.ok(["destroy", "--yes"]);
    expect(await unmanaged(emu, { resources: [] }, stack.work)).toBe(before);
  }

  test("killed after about half of the spaces' POSTs: each space is made once", async () => {
    const count = 12;
    stack = await PulumiStack.create({
      program: fixture,
      emulator: emu,
      config: { "spaces:count": String(count), "spaces:collections": "1" },
    });
    const before = await unmanaged(emu, { resources: [] }, stack.work);
    // Each space's POST waits 3 s in the emulator before it runs: the kill lands while some are
    // in flight (the provider's 8 at once, its maxConcurrency), and those still make their space
    // after the client is gone.
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/spaces",
      kind: "latency",
      latencyMs: 3000,
    });
    const killed = await killUp(stack, emu, async () => (await faultMatches(emu)) >= 8, 3500);
    expect(killed).toBeDefined();
    await emu.clearFaults();
    const made = (await titles("spaces")).length;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(count);
    const pending = (await stack.exportState()).deployment.pending_operations ?? [];
    expect(pending.length).toBeGreaterThan(0);

    const { report } = await readmeRecovery(stack, emu);
    // Each pending create is named and settled: the objects made were found, the rest absent.
    for (const op of pending) {
      const name = op.resource.urn.slice(op.resource.urn.lastIndexOf("::") + 2);
      expect(report).toMatch(new RegExp(`^(found|absent) +Space ${name}:`, "m"));
    }
    expect([...report.matchAll(/^found /gm)].length).toBe(made);
    // The collection, and each space the killed run made.
    expect((await stack.resources()).size).toBe(made + 1);

    await stack.ok(["up", "--yes"]);
    expect(await titles("spaces")).toEqual(spaces(count));
    await convergedThenDestroyed(before);
  });

  test("killed while the collection's POST is in flight, beside an older collection of the same title: the one it made is taken, the older one left", async () => {
    // The program: a collection and 40 spaces, 10 in the collection; the collection's
    // POST answers after 4 s, the rest after 300 ms.
    const count = 40;
    stack = await PulumiStack.create({
      program: fixture,
      emulator: emu,
      config: {
        "spaces:count": String(count),
        "spaces:collections": "1",
        "spaces:inCollections": "10",
        "spaces:collectionTitle": "Interrupted handbook",
      },
    });
    const path = `/v1/orgs/${emu.organizationId}/collections`;
    const older = (await callApi(emu, "POST", path, { title: "Interrupted handbook" })).body
      .id as string;
    const before = await unmanaged(emu, { resources: [] }, stack.work);
    expect(before).toContain(older);
    await emu.addFault({ method: "POST", path, kind: "latency", latencyMs: 4000 });
    await emu.addFault({ path: "/v1/**", kind: "latency", latencyMs: 300 });
    // Killed once the collection's POST waits in the emulator: the spaces wait for its id.
    await killUp(stack, emu, async () => (await faultMatches(emu)) >= 1, 4500);
    await emu.clearFaults();
    const made = (await list("collections")).filter((c) => c.id !== older);
    expect(made).toHaveLength(1);

    const { report } = await readmeRecovery(stack, emu);
    expect(report).toContain(`found   Collection collection-0: ${made[0]!.id}`);
    const state = await stack.resources();
    expect(state.get("collection-0")?.id).toBe(made[0]!.id);

    await stack.ok(["up", "--yes"]);
    const collections = await list("collections");
    expect(collections.map((c) => c.id).sort()).toEqual([older, made[0]!.id].sort());
    expect(await titles("spaces")).toEqual(spaces(count));
    await convergedThenDestroyed(before);
  });

  test("one Ctrl-C: the steps in flight finish and the state is saved with nothing pending; the next up makes the rest", async () => {
    const count = 12;
    stack = await PulumiStack.create({
      program: fixture,
      emulator: emu,
      config: { "spaces:count": String(count) },
    });
    const before = await unmanaged(emu, { resources: [] }, stack.work);
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/spaces",
      kind: "latency",
      latencyMs: 2000,
    });
    const run = stack.start(["up", "--yes", "--skip-preview"]);
    await until("the spaces' POSTs in flight", async () => (await faultMatches(emu)) >= 4);
    process.kill(run.pid, "SIGINT");
    expect(await run.exited).not.toBe(0);
    await requestsSettle(emu, 2500);
    await emu.clearFaults();
    // Nothing pending, nothing locked: what the README says to run next is the up itself.
    expect((await stack.exportState()).deployment.pending_operations ?? []).toEqual([]);
    const made = (await titles("spaces")).length;
    expect((await stack.resources()).size).toBe(made);
    await stack.ok(["up", "--yes"]);
    expect(await titles("spaces")).toEqual(spaces(count));
    await convergedThenDestroyed(before);
  });

  test("a kill that cuts the file backend's checkpoint write: the README's repair, then the same recovery", async () => {
    const count = 12;
    stack = await PulumiStack.create({
      program: fixture,
      emulator: emu,
      config: { "spaces:count": String(count) },
    });
    const before = await unmanaged(emu, { resources: [] }, stack.work);
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/spaces",
      kind: "latency",
      latencyMs: 3000,
    });
    await killUp(stack, emu, async () => (await faultMatches(emu)) >= 8, 3500);
    await emu.clearFaults();
    // The file backend writes a checkpoint to a temporary file and renames it over the old one,
    // but first writes its attributes beside it (`<stack>.json.attrs`, gocloud's fileblob) in
    // place: a kill between that file's truncation and its write leaves it empty, and the
    // checkpoint, still the previous one, whole. That is what the kill leaves here.
    const checkpoint = checkpointOf(stack);
    fs.writeFileSync(`${checkpoint}.attrs`, "");
    const broken = await stack.run(["stack", "export"]);
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain("failed to load checkpoint: EOF");

    const { cut } = await readmeRecovery(stack, emu);
    expect(cut).toBe(true);
    await stack.ok(["up", "--yes"]);
    expect(await titles("spaces")).toEqual(spaces(count));
    await convergedThenDestroyed(before);
  });
});
