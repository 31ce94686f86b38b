import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { changedInputs, changing, describeCli, PulumiStack } from "../support/pulumi";
import { EXAMPLE_RESOURCES } from "../support/example-workspace";

/**
 * The README's lifecycle promises, kept through the real `pulumi` CLI against the emulator: the
 * example workspace as a user runs it (its own project folder, the token as a secret in the
 * stack's config, the program type-checked by the host's ts-node).
 */
const example = path.resolve(__dirname, "../../examples/workspace");

jest.setTimeout(600_000);

describeCli("examples/workspace through the real pulumi CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({
      program: example,
      emulator: emu,
      token: "config",
      typeCheck: true,
      config: { "handbook:teams": JSON.stringify(["Platform", "Payments"]) },
    });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  async function titles(kind: "spaces" | "collections"): Promise<string[]> {
    const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body as {
      items: { title: string }[];
    };
    return body.items.map((i) => i.title).sort();
  }

  test("up makes the workspace; up and refresh with --expect-no-changes then find nothing and write nothing", async () => {
    const first = await stack.json(["up"]);
    expect(first.result.code).toBe(0);
    // The example's resources with two teams (the engine's summary leaves the stack out).
    expect(first.changeSummary).toEqual({ create: EXAMPLE_RESOURCES });
    expect(await titles("collections")).toEqual(["Engineering handbook", "Practices", "Teams"]);

    await emu.clearRequests();
    const again = await stack.run(["up", "--yes", "--expect-no-changes"]);
    expect(again.code).toBe(0);
    const refreshed = await stack.run(["refresh", "--yes", "--expect-no-changes"]);
    expect(refreshed.code).toBe(0);
    expect(await writes(emu)).toEqual([]);
  });

  test("the token set with config set --secret is in the state only encrypted, as the default provider's input", async () => {
    const raw = JSON.stringify(await stack.exportState());
    expect(raw).not.toContain(emu.token);
    const exported = await stack.exportState();
    const provider = exported.deployment.resources!.find((r) =>
      r.type.startsWith("pulumi:providers:pulumi-nodejs"),
    );
    // The engine hands the whole stack config to the dynamic provider and keeps it as the
    // provider resource's inputs: the secret stays there, as a ciphertext.
    expect(JSON.stringify(provider?.inputs)).toContain("docs-workspace:apiToken");
    expect(JSON.stringify(provider?.inputs)).toContain("4dabf18193072939515e22adb298388d");
  });

  test("a change of the provider's stack config is no change to the drift gate; the state's copy of it follows", async () => {
    // Measured at v3.248: the dynamic provider answers no DiffConfig, and the engine shows no
    // step for the default provider whose inputs (the whole stack config) changed.
    await stack.setConfig("docs-workspace:apiUrl", `${emu.url}/`);
    expect((await stack.run(["preview", "--expect-no-changes"])).code).toBe(0);
    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);
    const provider = (await stack.exportState()).deployment.resources!.find((r) =>
      r.type.startsWith("pulumi:providers:pulumi-nodejs"),
    );
    expect(provider?.inputs?.["docs-workspace:apiUrl"]).toBe(`${emu.url}/`);
    await stack.setConfig("docs-workspace:apiUrl", emu.url);
  });

  test("after an edit, preview --diff shows exactly the edited property, old and new, and up applies it", async () => {
    await stack.setConfig("handbook:title", "Platform handbook");
    const preview = await stack.json(["preview"]);
    expect(preview.result.code).toBe(0);
    expect(changing(preview).map((s) => [s.op, s.name])).toEqual([["update", "handbook"]]);
    expect(changedInputs(changing(preview)[0]!)).toEqual(["title"]);

    const shown = await stack.ok(["preview", "--diff"]);
    expect(shown.stdout).toMatch(/~ title\s*: "Engineering handbook" => "Platform handbook"/);
    expect(shown.stdout).toContain("1 to update");

    await emu.clearRequests();
    const applied = await stack.json(["up"]);
    expect(applied.changeSummary).toEqual({ same: EXAMPLE_RESOURCES - 1, update: 1 });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { title: "Platform handbook" }],
    ]);
    expect(await titles("collections")).toEqual(["Platform handbook", "Practices", "Teams"]);
  });

  test("out-of-band changes: refresh shows them and records them, the next up restores them", async () => {
    const resources = await stack.resources();
    const spaceId = resources.get("code-review")!.id!;
    const siteId = resources.get("docs-agent")!.id!;
    await callApi(emu, "PATCH", `/v1/spaces/${spaceId}`, { title: "Reviews (edited by hand)" });
    // The site's agent is told to stop scanning, in the app: a PUT of its whole settings.
    const agentPath = `/v1/orgs/${emu.organizationId}/sites/${siteId}/agent-settings`;
    const { scans: _, findings, editing } = (await callApi(emu, "GET", agentPath)).body;
    const edited = { scans: { topics: "never" }, findings, editing };
    expect((await callApi(emu, "PUT", agentPath, edited)).status).toBe(200);
    // The status link's description is edited in the app; the site's hostname is detached.
    const linkPath = `/v1/orgs/${emu.organizationId}/sites/${siteId}/external-links/${resources.get("status-link")!.id!}`;
    expect((await callApi(emu, "PATCH", linkPath, { description: "Edited" })).status).toBe(200);
    const hostname = resources.get("docs-hostname")!.id!;
    const sitePath = `/v1/orgs/${emu.organizationId}/sites/${siteId}`;
    expect((await callApi(emu, "PATCH", sitePath, { hostname: null })).status).toBe(200);
    // The site's analytics are pointed at another property in the app.
    const installation = resources.get("analytics")!.id!;
    const analyticsPath = `/v1/integrations/googleanalytics/installations/${installation}/sites/${siteId}`;
    const byHand = { configuration: { tracking_id: "G-BYHAND01", anonymize_ip: true } };
    expect((await callApi(emu, "PATCH", analyticsPath, byHand)).status).toBe(200);

    // The drift gate reads and writes nothing; a refresh with the flag would record, then fail.
    const gate = await stack.run(["refresh", "--preview-only", "--expect-no-changes"]);
    // Exit code 7 since Pulumi CLI 3.227.0, as the harness's.
    expect(gate.code).toBe(7);
    expect(gate.stdout + gate.stderr).toMatch(/no changes were expected/);
    const refreshed = await stack.json(["refresh"]);
    expect(
      changing(refreshed)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["code-review", "docs-agent", "docs-analytics", "docs-hostname", "status-link"]);

    const shown = await stack.ok(["preview", "--diff"]);
    expect(shown.stdout).toMatch(/~ title\s*: "Reviews \(edited by hand\)" => "Code review"/);
    expect(shown.stdout).toMatch(/~ scanTopics\s*: "never" => "auto"/);
    expect(shown.stdout).toMatch(/~ description\s*: "Edited" => "Whether our services are up"/);
    // A hostname detached by hand is gone from the state: the next up attaches it again.
    expect(shown.stdout).toMatch(/\+ \S*:CustomHostname: \(create\)/);
    await emu.clearRequests();
    await stack.ok(["up", "--yes"]);
    const all = await writes(emu);
    // A configuration is masked in the request log: its one write is checked by what it put back.
    const analytics = all.filter((r) => r.path === analyticsPath);
    expect(analytics.map((r) => r.method)).toEqual(["PATCH"]);
    const put = (await callApi(emu, "GET", analyticsPath)).body.configuration;
    expect(put).toMatchObject({ tracking_id: "G-HANDBOOK01" });
    const restored = all
      .filter((r) => r.path !== analyticsPath)
      .map((r) => [r.method, r.path, r.body]);
    expect(restored.sort()).toEqual(
      [
        ["PATCH", `/v1/spaces/${spaceId}`, { title: "Code review" }],
        ["PUT", agentPath, { ...edited, scans: { topics: "auto" } }],
        ["PATCH", linkPath, { description: "Whether our services are up" }],
        ["PATCH", sitePath, { hostname }],
      ].sort(),
    );
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
  });

  test("a rename with an alias keeps the object: no create, no delete, no write", async () => {
    const before = (await stack.resources()).get("code-review")!.id;
    stack.edit(
      "index.ts",
      `const codeReview = new Space("code-review", {\n  title: "Code review",\n  emoji: "🔍",\n  parent: practices.id,\n});`,
      `const codeReview = new Space(\n  "code-review-renamed",\n  { title: "Code review", emoji: "🔍", parent: practices.id },\n  { aliases: [{ name: "code-review" }] },\n);`,
    );
    await emu.clearRequests();
    const renamed = await stack.json(["up"]);
    expect(renamed.result.code).toBe(0);
    expect(changing(renamed)).toEqual([]);
    const after = await stack.resources();
    expect(after.has("code-review")).toBe(false);
    expect(after.get("code-review-renamed")!.id).toBe(before);
    expect(await writes(emu)).toEqual([]);
  });

  test("protect refuses a delete until the resource is unprotected", async () => {
    const member = `new OrganizationMember("margaret", { email: "margaret@example.com", role: "comment" });`;
    stack.edit(
      "index.ts",
      member,
      `new OrganizationMember(\n  "margaret",\n  { email: "margaret@example.com", role: "comment" },\n  { protect: true },\n);`,
    );
    await stack.ok(["up", "--yes"]);
    const protectedMember = (await stack.resources()).get("margaret")!;
    expect(protectedMember.protect).toBe(true);

    stack.edit(
      "index.ts",
      `new OrganizationMember(\n  "margaret",\n  { email: "margaret@example.com", role: "comment" },\n  { protect: true },\n);`,
      "",
    );
    await emu.clearRequests();
    const refused = await stack.run(["up", "--yes"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/protected/);
    expect(await writes(emu)).toEqual([]);
    expect((await stack.resources()).has("margaret")).toBe(true);

    await stack.ok(["state", "unprotect", protectedMember.urn, "--yes"]);
    await stack.ok(["up", "--yes"]);
    expect((await stack.resources()).has("margaret")).toBe(false);
  });

  test("destroy leaves the organization empty", async () => {
    const hostnameOf = (await stack.resources()).get("docs-hostname")!.id!;
    const destroyed = await stack.json(["destroy"]);
    expect(destroyed.result.code).toBe(0);
    for (const kind of ["teams", "saml", "sites", "collections", "spaces", "openapi"]) {
      const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body;
      expect({ kind, items: body.items }).toEqual({ kind, items: [] });
    }
    const hostname = `/v1/custom-hostnames/${hostnameOf}`;
    expect((await callApi(emu, "GET", hostname)).status).toBe(404);
    const installations = `/v1/orgs/${emu.organizationId}/installations`;
    expect((await callApi(emu, "GET", installations)).body.items).toEqual([]);
    expect((await stack.exportState()).deployment.resources ?? []).toEqual([]);
  });
});
