import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { faultMatches, startTestEmulator, type TestEmulator } from "../support/emulator";
import { descendants, isRunning, until } from "../support/harness-cli";
import { callApi } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * `pulumi up` killed outright (SIGKILL to its process group) while its creates are in flight,
 * then the recovery the README gives: `pulumi cancel` (the file backend's lock outlives the
 * process), `docs-workspace pending` on `pulumi stack export`, the `pulumi refresh` it prints,
 * and `pulumi up`. Every declared space is then made once, and nothing is left unmanaged.
 */
const root = path.resolve(__dirname, "..", "..");
const fixture = path.join(root, "test", "fixtures", "spaces");
const cli = path.join(root, "cli", "dist", "cli", "exporter", "cli.js");
const COUNT = 12;

jest.setTimeout(600_000);

function docsWorkspace(
  args: string[],
  emu: TestEmulator,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [cli, ...args], {
    env: {
      ...process.env,
      DOCS_WORKSPACE_API_URL: emu.url,
      DOCS_WORKSPACE_API_TOKEN: emu.token,
      DOCS_WORKSPACE_ORGANIZATION_ID: emu.organizationId,
    },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, out })));
}

describeCli("pulumi up killed mid-create, recovered with the CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;
  const leftovers: number[] = [];

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: fixture,
      emulator: emu,
      config: { "spaces:count": String(COUNT), "spaces:collections": "1" },
    });
  });
  afterAll(async () => {
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    stack?.close();
    await emu?.close();
  });

  async function spaceTitles(): Promise<string[]> {
    const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/spaces?limit=1000`))
      .body as { items: { title: string }[] };
    return body.items.map((s) => s.title).sort();
  }

  test("the pending creates are named, settled by natural key, and the next up makes each space once", async () => {
    // Each space's POST waits 3 s in the emulator before it runs: the kill lands while some are
    // in flight, and those still make their space after the client is gone.
    await emu.addFault({
      method: "POST",
      path: "/v1/orgs/*/spaces",
      kind: "latency",
      latencyMs: 3000,
    });
    const run = stack.start(["up", "--yes", "--skip-preview"]);
    // Killed once the provider's 8 requests in flight (its maxConcurrency) have reached the
    // emulator and wait there (the fault rule counts them): the engine has then recorded their
    // creates as pending, and writes no checkpoint until one of them ends.
    await until(
      "the spaces' POSTs in flight",
      async () => (await faultMatches(emu)) >= Math.min(COUNT, 8),
    );
    // The plugins run in process groups of their own: a kill of pulumi's group leaves them.
    leftovers.push(...descendants(run.pid));
    process.kill(-run.pid, "SIGKILL");
    await run.exited;
    // Wait until the POSTs in flight have been answered (the emulator logs a request when done).
    let seen = -1;
    await until("the in-flight creates to finish", async () => {
      await new Promise((r) => setTimeout(r, 3500));
      const posts = (await emu.requests()).filter((r) => r.method === "POST").length;
      const settled = posts === seen;
      seen = posts;
      return settled;
    });
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    await emu.clearFaults();

    const state = await stack.exportState();
    const pending = state.deployment.pending_operations ?? [];
    expect(pending.length).toBeGreaterThan(0);
    const made = (await spaceTitles()).length;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(COUNT);

    // The next up refuses: the killed run's lock is still there, and names when it was taken.
    const locked = await stack.run(["up", "--yes"]);
    expect(locked.code).not.toBe(0);
    const since = /locked.*created by .* at (\S+Z)/s.exec(locked.stdout + locked.stderr)?.[1];
    expect(since).toBeDefined();
    await stack.ok(["cancel", "--yes"]);

    const exportFile = path.join(stack.work, "export.json");
    const settledFile = path.join(stack.work, "settled.json");
    fs.writeFileSync(exportFile, JSON.stringify(await stack.exportState()));
    const report = await docsWorkspace(
      ["pending", exportFile, "--since", since!, "--out", settledFile],
      emu,
    );
    expect(report.code).toBe(0);
    // Each pending create is named and settled: the objects made were found, the rest absent.
    for (const op of pending) {
      const name = op.resource.urn.slice(op.resource.urn.lastIndexOf("::") + 2);
      expect(report.out).toMatch(new RegExp(`^(found|absent) +Space ${name}:`, "m"));
    }
    expect([...report.out.matchAll(/^found /gm)].length).toBe(made);
    expect(report.out).toContain(`pulumi stack import --file ${settledFile}`);

    await stack.ok(["stack", "import", "--file", settledFile]);
    expect((await stack.exportState()).deployment.pending_operations ?? []).toEqual([]);
    // The collection, and each space the killed run made.
    expect((await stack.resources()).size).toBe(made + 1);
    await stack.ok(["refresh", "--yes"]);
    expect((await stack.resources()).size).toBe(made + 1);

    await stack.ok(["up", "--yes"]);
    expect(await spaceTitles()).toEqual(
      Array.from({ length: COUNT }, (_, i) => `Space ${i}`).sort(),
    );
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);

    // Nothing unmanaged: the organization's objects are exactly the stack's.
    fs.writeFileSync(exportFile, JSON.stringify(await stack.exportState()));
    const unmanaged = await docsWorkspace(["export", "--unmanaged", exportFile], emu);
    expect(unmanaged).toEqual({ code: 0, out: "" });
  });
});
