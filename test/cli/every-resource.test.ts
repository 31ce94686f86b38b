import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";
import { definitions } from "../../provider/resources/registry";

/** Every resource kind once, through the real `pulumi` CLI: up, the drift gate, destroy. */
const fixture = path.resolve(__dirname, "../fixtures/every-resource");

jest.setTimeout(600_000);

describeCli("the every-resource fixture through the real pulumi CLI", () => {
  let emu: TestEmulator;
  let stack: PulumiStack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    stack = await PulumiStack.create({ program: fixture, emulator: emu });
  });
  afterAll(async () => {
    stack?.close();
    await emu?.close();
  });

  test("up, then up --expect-no-changes and refresh --expect-no-changes with no write; destroy empties the organization", async () => {
    const first = await stack.json(["up"]);
    expect(first.result.code).toBe(0);
    const made = first.steps.filter((s) => s.op === "create" && s.type.includes(":dynamic/"));
    // Every kind the package defines is in the fixture (the type names the resource's class).
    const kinds = new Set(made.map((s) => s.type.slice(s.type.lastIndexOf(":") + 1)));
    expect(kinds.size).toBe(definitions.length);

    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);

    expect((await stack.json(["destroy"])).result.code).toBe(0);
    for (const kind of [
      "teams",
      "saml",
      "sites",
      "collections",
      "spaces",
      "translations-glossary",
    ]) {
      const body = (await callApi(emu, "GET", `/v1/orgs/${emu.organizationId}/${kind}`)).body;
      expect({ kind, items: body.items }).toEqual({ kind, items: [] });
    }
  });
});
