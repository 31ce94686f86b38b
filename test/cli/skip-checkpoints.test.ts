// @slow: 1,000 spaces through the real CLI (`npm run test:fast` leaves it out; `npm test` runs it).
import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { docsWorkspace, requestsSettle, unmanaged } from "../support/cli-recovery";
import { descendants, isRunning, until } from "../support/harness-cli";
import { callApi } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The large-stack mode's promise (README, "Large stacks"): an `up` run with its checkpoints
 * skipped (`PULUMI_SKIP_CHECKPOINTS=true`) and killed outright loses nothing. Such a run writes
 * the state only when it ends, so the kill leaves the state as it was before the run, with no
 * pending operation, and every object the run made unmanaged. The README's recovery (`pulumi
 * cancel`, `pulumi preview --json`, `docs-workspace pending --preview`, `pulumi stack import`,
 * `pulumi refresh`) takes each in, and the next `up` makes the rest: each space once, every
 * object managed.
 */
const root = path.resolve(__dirname, "..", "..");
const fixtures = path.join(root, "test", "fixtures");
const plugin = path.join(root, "provider", "native", "plugin");

jest.setTimeout(1_800_000);

describeCli("an up with its checkpoints skipped, killed, recovered as the README says", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeEach(async () => {
    emu = await startTestEmulator();
  });
  afterEach(async () => {
    stack?.close();
    await emu?.close();
  });

  async function spaceTitles(): Promise<string[]> {
    const titles: string[] = [];
    let page: string | undefined;
    do {
      const query = `limit=1000${page ? `&page=${page}` : ""}`;
      const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces?${query}`))
        .body as { items: { title: string }[]; next?: { page: string } };
      titles.push(...body.items.map((s) => s.title));
      page = body.next?.page;
    } while (page !== undefined);
    return titles.sort();
  }
  const spaces = (count: number) => Array.from({ length: count }, (_, i) => `Space ${i}`).sort();

  /** A stack of `count` spaces through `door`, each `up` skipping its checkpoints. */
  async function skipping(
    door: "native-spaces" | "spaces",
    count: number,
    config: Record<string, string> = {},
  ) {
    stack = await PulumiStack.create({
      program: path.join(fixtures, door),
      emulator: emu,
      config: { "spaces:count": String(count), ...config },
    });
    // The native program names this checkout's plugin relative to its own folder.
    const project = path.join(stack.dir, "Pulumi.yaml");
    fs.writeFileSync(
      project,
      fs.readFileSync(project, "utf8").replace("../../../provider/native/plugin", plugin),
    );
    stack.env.PULUMI_SKIP_CHECKPOINTS = "true";
    return unmanaged(emu, { resources: [] }, stack.work);
  }

  /**
   * Runs `pulumi up` with each space's POST waiting `latencyMs` in the emulator, so that the kill
   * lands inside the run, and kills it (SIGKILL to its process group) once `made` spaces exist; its
   * plugins after their requests end. Answers how many spaces the organization then holds.
   */
  async function killedAt(made: number, latencyMs: number): Promise<number> {
    await emu.addFault({ method: "POST", path: "/v1/orgs/*/spaces", kind: "latency", latencyMs });
    const run = stack.start(["up", "--yes", "--skip-preview"]);
    let ended: number | null | undefined;
    void run.exited.then((code) => (ended = code));
    await until(
      `${made} spaces made`,
      async () => ended !== undefined || (await spaceTitles()).length >= made,
      600_000,
    );
    if (ended !== undefined) throw new Error(`pulumi up ended before the kill:\n${run.output()}`);
    const plugins = descendants(run.pid);
    process.kill(-run.pid, "SIGKILL");
    await run.exited;
    await requestsSettle(emu, 1500);
    for (const pid of plugins) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    await emu.clearFaults();
    return (await spaceTitles()).length;
  }

  /**
   * The README's rounds: cancel, then preview, `pending --preview`, import and refresh until
   * pending finds nothing. Where a round cannot settle a create (exit 1), `decide` answers the
   * `--take`/`--drop` arguments the user would give it, and the round runs again with them.
   */
  async function recover(decide?: (report: string) => Promise<string[]>): Promise<string[]> {
    const locked = await stack.run(["up", "--yes"]);
    expect(locked.code).not.toBe(0);
    const since = /locked.*created by .* at (\S+Z)/s.exec(locked.stdout + locked.stderr)?.[1];
    expect(since).toBeDefined();
    await stack.ok(["cancel", "--yes"]);
    const reports: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const state = path.join(stack.work, `state-${round}.json`);
      const preview = path.join(stack.work, `preview-${round}.json`);
      const settled = path.join(stack.work, `settled-${round}.json`);
      fs.writeFileSync(state, JSON.stringify(await stack.exportState()));
      fs.writeFileSync(preview, (await stack.ok(["preview", "--json"])).stdout);
      const args = ["pending", state, "--preview", preview, "--since", since!, "--out", settled];
      let pending = await docsWorkspace(args, emu);
      if (pending.code === 1 && decide !== undefined) {
        reports.push(pending.out);
        pending = await docsWorkspace([...args, ...(await decide(pending.out))], emu);
      }
      expect([pending.code, pending.out]).toEqual([0, expect.any(String)]);
      reports.push(pending.out);
      if (!/^found /m.test(pending.out)) break;
      await stack.ok(["stack", "import", "--file", settled]);
      await stack.ok(["refresh", "--yes"]);
    }
    return reports;
  }

  /** The end every recovery must reach: `count` spaces each once, `managed` resources, nothing unmanaged. */
  async function converged(count: number, before: string, managed = count) {
    await stack.ok(["up", "--yes"]);
    expect(await spaceTitles()).toEqual(spaces(count));
    expect((await stack.resources()).size).toBe(managed);
    expect(await unmanaged(emu, await stack.exportState(), stack.work)).toBe(before);
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
  }

  test("1,000 spaces through the native plugin, the first up killed after 400: each space made once, all managed", async () => {
    const count = 1000;
    const before = await skipping("native-spaces", count);
    const made = await killedAt(400, 40);
    expect(made).toBeGreaterThanOrEqual(400);
    expect(made).toBeLessThan(count);
    // The kill left the state as it was before the run: nothing in it, nothing pending.
    const left = await stack.exportState();
    expect(left.deployment.resources ?? []).toEqual([]);
    expect(left.deployment.pending_operations ?? []).toEqual([]);

    const [report] = await recover();
    expect([...report!.matchAll(/^found +Space /gm)].length).toBe(made);
    expect([...report!.matchAll(/^absent +Space /gm)].length).toBe(count - made);
    expect((await stack.resources()).size).toBe(made);
    await converged(count, before);
  });

  test("the dynamic door, killed in its second up: what the first made stays, what the second made is taken in", async () => {
    const count = 120;
    const before = await skipping("spaces", 20);
    await stack.ok(["up", "--yes"]);
    await stack.setConfig("spaces:count", String(count));
    const made = await killedAt(60, 200);
    expect(made).toBeLessThan(count);
    expect((await stack.resources()).size).toBe(20);

    const [report] = await recover();
    expect([...report!.matchAll(/^found +Space /gm)].length).toBe(made - 20);
    expect((await stack.resources()).size).toBe(made);
    await converged(count, before);
  });

  test("spaces in collections the killed run made: the first round takes the collections, the second the spaces", async () => {
    const count = 80;
    const before = await skipping("spaces", count, { "spaces:collections": "2" });
    const made = await killedAt(30, 200);
    expect(made).toBeLessThan(count);

    // A collection has no creation time, and the preview lists what the killed run made among
    // what carried its title: recovery asks, naming each candidate, and the user takes the one
    // the run made (here: every collection, as the organization had none before).
    const reports = await recover(async (report) => {
      expect(report).toMatch(/^unknown Collection collection-0: .*may have been there before it/m);
      const path = `/v1/orgs/${emu.organizationId}/collections`;
      const made = (await callApi(emu, "GET", path)).body.items as { id: string; title: string }[];
      return made.flatMap((c) => {
        const urn = `urn:pulumi:test::spaces::pulumi-nodejs:dynamic/docs-workspace:Collection::collection-${c.title.slice(-1)}`;
        return ["--take", `${urn}=${c.id}`];
      });
    });
    // Round one: asked, then the collections taken, each space waiting for its collection's id;
    // round two: the spaces; round three finds nothing.
    expect(reports).toHaveLength(4);
    expect([...reports[1]!.matchAll(/^found +Collection /gm)].length).toBe(2);
    expect([...reports[1]!.matchAll(/^again +Space .*waits on another create/gm)].length).toBe(
      count,
    );
    expect([...reports[2]!.matchAll(/^found +Space /gm)].length).toBe(made);
    expect(reports[3]).not.toMatch(/^found /m);
    expect((await stack.resources()).size).toBe(made + 2);
    await converged(count, before, count + 2);
  });
});
