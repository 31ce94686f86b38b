import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { changing, describeCli, PulumiStack } from "../support/pulumi";

/**
 * A stack moves from the dynamic resources to the native provider with no write to the service
 * (docs/migrate-to-native.md): a TypeScript program of dynamic resources is upped, then switched
 * to the native tokens with an alias to each old type; the engine takes over the state.
 */
const fixtures = path.resolve(__dirname, "../fixtures/migrate");
const pluginDir = path.resolve(__dirname, "../../provider/native/plugin");
const KINDS = ["Collection", "ShareLink", "Site", "SiteSection", "Space"];

jest.setTimeout(600_000);

describeCli("moving a stack from the dynamic resources to the native provider", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;
  let ids: Map<string, string | undefined>;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: path.join(fixtures, "dynamic"),
      emulator: emu,
      typeCheck: true,
    });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  /** Switches the program's copy to the native one, naming this checkout's plugin. */
  function switchToNative(): void {
    const native = path.join(fixtures, "native");
    fs.copyFileSync(path.join(native, "index.ts"), path.join(stack.dir, "index.ts"));
    const project = fs.readFileSync(path.join(native, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(stack.dir, "Pulumi.yaml"), project.replace("PLUGIN_DIR", pluginDir));
  }

  test("the dynamic program's up records each resource as pulumi-nodejs:dynamic/docs-workspace:<Type>", async () => {
    const up = await stack.json(["up"]);
    expect(up.result.code).toBe(0);
    expect(up.changeSummary).toEqual({ create: 6 });
    const resources = await stack.resources();
    expect([...resources.values()].map((r) => r.type).sort()).toEqual(
      KINDS.map((k) => `pulumi-nodejs:dynamic/docs-workspace:${k}`),
    );
    expect(resources.get("guide")?.inputs).toHaveProperty("__provider");
    ids = new Map([...resources].map(([name, r]) => [name, r.id]));
  });

  test("with the native program and aliases, preview shows no create, delete or replace: an update of each resource's state alone", async () => {
    switchToNative();
    const preview = await stack.json(["preview"]);
    expect(preview.result.code).toBe(0);
    expect(
      changing(preview)
        .map((s) => `${s.op} ${s.name}`)
        .sort(),
    ).toEqual(["docs", "guide", "guides", "handbook", "reviewers"].map((name) => `update ${name}`));
    const diff = await stack.ok(["preview", "--diff"]);
    expect(diff.stdout).toMatch(/- __provider/);
    expect(diff.stdout).not.toMatch(
      /\((create|delete|replace|create-replacement|delete-replaced)\)/,
    );
    expect(diff.stdout).toMatch(/Resources:\n\s+~ 5 to update\n\s+1 unchanged\n/);
  });

  test("up moves the state to docs-workspace:index:* with no write to the service", async () => {
    await emu.clearRequests();
    const up = await stack.json(["up"]);
    expect(up.result.code).toBe(0);
    expect(await writes(emu)).toEqual([]);
    const resources = await stack.resources();
    expect([...resources.values()].map((r) => r.type).sort()).toEqual(
      KINDS.map((k) => `docs-workspace:index:${k}`),
    );
    for (const [name, r] of resources) {
      expect(r.id).toBe(ids.get(name));
      expect(Object.keys(r.inputs ?? {})).not.toContain("__provider");
      expect(Object.keys(r.outputs ?? {})).not.toContain("__provider");
      expect(r.provider).toMatch(/::pulumi:providers:docs-workspace::/);
    }
    const exported = await stack.exportState();
    expect(
      exported.deployment.resources!.filter((r) => r.type.startsWith("pulumi-nodejs")),
    ).toEqual([]);
  });

  test("up and refresh with --expect-no-changes then pass, writing nothing", async () => {
    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);
  });

  test("destroy deletes every object through the native provider", async () => {
    await stack.ok(["destroy", "--yes"]);
    const org = `/v1/orgs/${emu.organizationId}`;
    for (const kind of ["collections", "spaces", "sites"]) {
      const body = (await callApi(emu, "GET", `${org}/${kind}`)).body as { items: unknown[] };
      expect(body.items).toEqual([]);
    }
  });
});
