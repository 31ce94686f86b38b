// @slow: whole lifecycles against an emulator over HTTP (`npm run test:fast` leaves it out; `npm test` runs it).
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
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi } from "../support/provider";

/**
 * The translation glossary as a user of `pulumi up` meets it, through the harness: authoritative
 * (an entry made by hand is shown by refresh and removed by up), a changed term updated in place,
 * destroy leaving the service's default (no entry).
 */
jest.setTimeout(300_000);

const program = path.resolve(__dirname, "../fixtures/glossary");
let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-workspace-glossary-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(config: Record<string, string> = {}): HarnessOptions {
  return {
    programDir: program,
    stateFile: path.join(dir, "glossary.json"),
    config: {
      "docs-workspace:apiUrl": emu.url,
      "docs-workspace:organizationId": emu.organizationId,
      ...config,
    },
    secrets: { "docs-workspace:apiToken": emu.token },
    passphrase: "glossary-test-passphrase",
  };
}

const glossaryPath = () => `/v1/orgs/${emu.organizationId}/translations-glossary`;
const changes = (result: RunResult) =>
  result.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name]);
const writes = async () => (await emu.requests()).filter((r) => r.method !== "GET");
async function terms(): Promise<object[]> {
  const list = await callApi(emu, "GET", `${glossaryPath()}?orderBy=en`);
  return (list.body.items as { translations: object }[]).map((e) => e.translations);
}

describe("the translation glossary through the harness", () => {
  test("up makes the declared entries; a second up and a refresh change nothing", async () => {
    const first = await up(options());
    expect(first.failures).toBeUndefined();
    // The stack and the glossary.
    expect(first.summary).toMatchObject({ create: 2 });
    expect(first.outputs.entryCount).toBe(2);
    expect(await terms()).toEqual([
      { en: "Space", de: "Bereich" },
      { en: "Workspace", fr: "Espace de travail" },
    ]);
    await emu.clearRequests();
    expect(changes(await up(options()))).toEqual([]);
    expect(changes(await refresh(options()))).toEqual([]);
    expect(await writes()).toEqual([]);
  });

  test("an entry made by hand is shown by refresh and removed by the next up", async () => {
    await callApi(emu, "PUT", glossaryPath(), {
      operations: [{ type: "insert", translations: { en: "Hand-made", fr: "Fait main" } }],
    });
    const refreshed = await refresh(options());
    expect(changes(refreshed)).toEqual([["refresh-update", "glossary"]]);
    expect((await preview(options())).steps.find((s) => s.name === "glossary")?.op).toBe("update");
    await emu.clearRequests();
    const applied = await up(options());
    expect(changes(applied)).toEqual([["update", "glossary"]]);
    expect(applied.outputs.entryCount).toBe(2);
    expect((await writes()).map((w) => w.body)).toEqual([
      { operations: [{ type: "delete", id: expect.any(String) }] },
    ]);
    expect(await terms()).toHaveLength(2);
  });

  test("a changed term is one update in place; destroy empties the glossary", async () => {
    await emu.clearRequests();
    const edited = await up(options({ "glossary:spaceDe": "Raum" }));
    expect(changes(edited)).toEqual([["update", "glossary"]]);
    const sent = (await writes()).map((w) => w.body as { operations: { type: string }[] });
    expect(sent.flatMap((b) => b.operations.map((o) => o.type))).toEqual(["update"]);
    expect(await terms()).toContainEqual({ en: "Space", de: "Raum" });
    const destroyed = await destroy(options({ "glossary:spaceDe": "Raum" }));
    expect(destroyed.summary).toMatchObject({ delete: 2 }); // the glossary and the stack
    expect(await terms()).toEqual([]);
  });
});
