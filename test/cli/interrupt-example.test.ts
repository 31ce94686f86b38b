import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { killUp, pendingCreatesOnDisk, readmeRecovery, unmanaged } from "../support/cli-recovery";
import { describeCli, PulumiStack } from "../support/pulumi";
import { EXAMPLE_KINDS } from "../support/example-workspace";

/**
 * The example workspace through the real `pulumi`, killed (SIGKILL to its process group) while
 * the writes of each wave of its creates wait in the emulator, then recovered as the README says,
 * over and over until an `up` ends by itself: every kind the example declares has had a create
 * pending at a kill, and the workspace still ends with every object once, nothing unmanaged, and
 * `destroy` leaving the organization as it was.
 */
const example = path.resolve(__dirname, "../../examples/workspace");

jest.setTimeout(1_800_000);

describeCli("examples/workspace killed during the first write of every kind it declares", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: example,
      emulator: emu,
      config: {
        "handbook:teams": JSON.stringify(["Platform", "Payments"]),
        // Every create of a wave sends at once: the kill finds each kind's first write in flight.
        "docs-workspace:maxConcurrency": "64",
      },
    });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  test("killed at each wave and recovered each time: every object once, then destroy leaves the organization as it was", async () => {
    const before = await unmanaged(emu, { resources: [] }, stack.work);
    const pendingKinds = new Set<string>();
    const verdicts = new Map<string, number>();
    let kills = 0;
    for (;;) {
      // Every write waits 2 s in the emulator. The kill lands a second after the checkpoint on
      // disk first records the create of a kind no kill has cut yet: its write is then in flight,
      // and still runs after the kill. Otherwise the up goes on (a kind whose create is sent
      // again would be cut at every run).
      for (const method of ["POST", "PUT", "PATCH"]) {
        await emu.addFault({ method, path: "/v1/**", kind: "latency", latencyMs: 2000 });
      }
      let firstSeen: number | undefined;
      const killed = await killUp(
        stack,
        emu,
        async () => {
          if (!pendingCreatesOnDisk(stack).some((kind) => !pendingKinds.has(kind))) {
            firstSeen = undefined;
            return false;
          }
          firstSeen ??= Date.now();
          return Date.now() - firstSeen > 1000;
        },
        2500,
      );
      await emu.clearFaults();
      if (killed === undefined) break;
      kills++;
      expect(kills).toBeLessThan(20);
      const { report, pendingKinds: kinds } = await readmeRecovery(stack, emu);
      for (const kind of kinds) pendingKinds.add(kind);
      for (const [, verdict] of report.matchAll(/^(found|absent|again) /gm)) {
        verdicts.set(verdict!, (verdicts.get(verdict!) ?? 0) + 1);
      }
    }

    const state = await stack.exportState();
    const declared = new Set(
      (state.deployment.resources ?? [])
        .filter((r) => r.custom && r.type.includes(":dynamic/docs-workspace:"))
        .map((r) => r.type.slice(r.type.lastIndexOf(":") + 1)),
    );
    expect(declared.size).toBe(EXAMPLE_KINDS);
    expect([...declared].filter((kind) => !pendingKinds.has(kind))).toEqual([]);
    // Creates cut after their write was sent were found; others were never sent, or are sent again.
    expect(verdicts.get("found") ?? 0).toBeGreaterThan(0);

    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await unmanaged(emu, state, stack.work)).toBe("");
    await stack.ok(["destroy", "--yes"]);
    expect(await unmanaged(emu, { resources: [] }, stack.work)).toBe(before);
  });
});
