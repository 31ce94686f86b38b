import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { changedInputs, changing, describeCli, PulumiStack } from "../support/pulumi";

/**
 * SiteVisitorAuth through the real `pulumi` CLI: its private key is in `stack export` only as a
 * ciphertext, and a change of `rotation` is an update (shown as such by `preview --diff`) that
 * gives the site a new key.
 */
const program = path.resolve(__dirname, "../fixtures/visitor-auth");

jest.setTimeout(600_000);

describeCli("visitor authentication through the real pulumi CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({ program, emulator: emu });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  async function liveKey(): Promise<string> {
    const site = (await stack.resources()).get("members")!.id!;
    const path = `/v1/orgs/${emu.organizationId}/sites/${site}/publishing/auth`;
    return (await callApi(emu, "GET", path)).body.privateKey as string;
  }

  test("up keeps the key only encrypted; rotation is an update that regenerates it; refresh then finds nothing", async () => {
    expect((await stack.json(["up"])).result.code).toBe(0);
    const key = await liveKey();
    const exported = await stack.exportState();
    expect(JSON.stringify(exported)).not.toContain(key);
    const auth = exported.deployment.resources!.find((r) => r.urn.endsWith("::members-auth"))!;
    expect(JSON.stringify(auth.outputs?.privateKey)).toContain("ciphertext");

    await stack.setConfig("auth:rotation", "2");
    const previewed = await stack.json(["preview"]);
    expect(changing(previewed).map((s) => [s.op, s.name])).toEqual([["update", "members-auth"]]);
    expect(changedInputs(changing(previewed)[0]!)).toEqual(["rotation"]);
    const shown = await stack.ok(["preview", "--diff"]);
    expect(shown.stdout).toMatch(/~ rotation\s*: "1" => "2"/);

    await emu.clearRequests();
    expect((await stack.run(["up", "--yes"])).code).toBe(0);
    expect(
      (await writes(emu)).map((w) => [w.method, w.path.split("/").slice(-3).join("/")]),
    ).toEqual([["POST", "publishing/auth/regenerate"]]);
    const rotated = await liveKey();
    expect(rotated).not.toBe(key);
    const after = JSON.stringify(await stack.exportState());
    expect(after).not.toContain(rotated);
    const plain = (await stack.ok(["stack", "output", "signingKey", "--show-secrets"])).stdout;
    expect(plain.trim()).toBe(rotated);

    await emu.clearRequests();
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);

    expect((await stack.json(["destroy"])).result.code).toBe(0);
    const sites = await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/sites`);
    expect(sites.body.items).toEqual([]);
  });
});
