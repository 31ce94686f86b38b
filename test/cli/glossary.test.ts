import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, writes } from "../support/provider";
import { describeCli, PulumiStack } from "../support/pulumi";

/**
 * The translation glossary through the real `pulumi` CLI: authoritative, so an entry made by hand
 * fails the drift gate, shows on refresh, and is removed by the next up; destroy empties it.
 */
const program = path.resolve(__dirname, "../fixtures/glossary");

jest.setTimeout(600_000);

describeCli("the translation glossary through the real pulumi CLI", () => {
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

  const glossary = () => `/v1/orgs/${emu.organizationId}/translations-glossary`;
  const count = async () => (await callApi(emu, "GET", glossary())).body.count;

  test("up; an entry made by hand is refused by the drift gate, shown by refresh and removed by up; destroy empties the glossary", async () => {
    const first = await stack.json(["up"]);
    expect(first.result.code).toBe(0);
    // The stack and the glossary.
    expect(first.changeSummary).toEqual({ create: 2 });
    expect(await count()).toBe(2);
    await emu.clearRequests();
    expect((await stack.run(["up", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).toBe(0);
    expect(await writes(emu)).toEqual([]);

    await callApi(emu, "PUT", glossary(), {
      operations: [{ type: "insert", translations: { en: "Hand-made" } }],
    });
    expect((await stack.run(["refresh", "--yes", "--expect-no-changes"])).code).not.toBe(0);
    const state = (await stack.resources()).get("glossary")!;
    expect(state.outputs!.entryCount).toBe(3);
    await emu.clearRequests();
    const applied = await stack.json(["up"]);
    expect(applied.result.code).toBe(0);
    expect(applied.changeSummary).toMatchObject({ update: 1 });
    expect((await writes(emu)).map((w) => w.body)).toEqual([
      { operations: [{ type: "delete", id: expect.any(String) }] },
    ]);
    expect(await count()).toBe(2);

    expect((await stack.json(["destroy"])).result.code).toBe(0);
    expect(await count()).toBe(0);
  });
});
