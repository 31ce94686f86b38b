import { planGlossary } from "../../provider/resources/translation-glossary";
import { gitbookApi } from "../support/gitbook";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

/**
 * The hosted client's glossary operations, as this test calls them. Under our `node16` module
 * resolution the package's declarations (extensionless relative imports) do not resolve, so its
 * `orgs` group is typed here; what it sends and reads is the package's own code.
 */
interface HostedGlossary {
  orgs: {
    listGlossaryEntries(
      organizationId: string,
      query?: { orderBy?: string },
    ): Promise<{ data: { items: { id: string; translations: Record<string, string> }[] } }>;
    getGlossaryEntry(organizationId: string, id: string): Promise<{ data: object }>;
  };
}

let emu: TestEmulator;
const glossary = handlersFor("translation-glossary");
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const path = () => `/v1/orgs/${emu.organizationId}/translations-glossary`;
const listed = async () =>
  ((await api("GET", `${path()}?limit=1000`)).body.items as { translations: object }[]).map(
    (e) => e.translations,
  );

const declared = [
  { fr: "Espace de travail", en: "Workspace" },
  { en: "Space", de: "Bereich" },
];
/** The declared entries as the outputs hold them: each sorted by language, then by terms. */
const sorted = [
  { de: "Bereich", en: "Space" },
  { en: "Workspace", fr: "Espace de travail" },
];

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await glossary.delete(emu.organizationId, { organizationId: emu.organizationId });
  await emu.clearFaults();
  await emu.clearRequests();
});

describe("TranslationGlossary", () => {
  test("create is one list and one PUT; the id is the organization's; entries read back sorted", async () => {
    const { id, outs } = await glossary.create({ entries: declared });
    expect(id).toBe(emu.organizationId);
    expect(outs).toMatchObject({ organizationId: id, entries: sorted, entryCount: 2 });
    const log = await emu.requests();
    expect(log.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(log[1]!.body).toEqual({
      operations: [
        { type: "insert", translations: { en: "Workspace", fr: "Espace de travail" } },
        { type: "insert", translations: { de: "Bereich", en: "Space" } },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    });
    expect(await listed()).toHaveLength(2);
    // A refresh straight after shows no change; the entries in another order are no change.
    const refreshed = await glossary.read(id, outs);
    expect(refreshed.props).toEqual(outs);
    expect((await glossary.diff(id, outs, { entries: [...declared].reverse() })).changes).toBe(
      false,
    );
  });

  test("the hosted service's published client reads the entries the provider wrote", async () => {
    await glossary.create({ entries: declared });
    const client = gitbookApi(emu) as unknown as HostedGlossary;
    const list = await client.orgs.listGlossaryEntries(emu.organizationId);
    const terms = list.data.items.map((e) => e.translations);
    expect(terms).toEqual(expect.arrayContaining(sorted));
    expect(terms).toHaveLength(2);
    const one = await client.orgs.getGlossaryEntry(emu.organizationId, list.data.items[0]!.id);
    expect(one.data).toMatchObject({ object: "glossary-entry", id: list.data.items[0]!.id });
    const byFr = await client.orgs.listGlossaryEntries(emu.organizationId, { orderBy: "fr" });
    expect(byFr.data.items[0]!.translations).toEqual({ en: "Workspace", fr: "Espace de travail" });
  });

  test("an entry made by hand shows on refresh, and the next up removes it", async () => {
    const { id, outs } = await glossary.create({ entries: declared });
    await api("PUT", path(), {
      operations: [{ type: "insert", translations: { en: "Hand-made", fr: "Fait main" } }],
    });
    const refreshed = (await glossary.read(id, outs)).props!;
    expect(refreshed.entries).toEqual(
      [...sorted, { en: "Hand-made", fr: "Fait main" }].sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b)),
      ),
    );
    expect(refreshed.entryCount).toBe(3);
    await emu.clearRequests();
    const after = await glossary.up(id, refreshed, { entries: declared });
    expect(after.entries).toEqual(sorted);
    const put = (await writes(emu)).map((w) => w.body);
    expect(put).toEqual([{ operations: [{ type: "delete", id: expect.any(String) }] }]);
    expect(await listed()).toEqual(expect.arrayContaining(sorted));
    expect(await listed()).toHaveLength(2);
  });

  test("update sends only what changed: a changed term updates its entry in place", async () => {
    const { id, outs } = await glossary.create({ entries: declared });
    const before = (await api("GET", path())).body.items as { id: string; translations: object }[];
    const space = before.find((e) => "de" in e.translations)!;
    await emu.clearRequests();
    const next = [declared[0]!, { en: "Space", de: "Raum" }];
    const after = await glossary.up(id, outs, { entries: next });
    expect(after.entries).toEqual([
      { de: "Raum", en: "Space" },
      { en: "Workspace", fr: "Espace de travail" },
    ]);
    expect((await writes(emu)).map((w) => w.body)).toEqual([
      { operations: [{ type: "update", id: space.id, translations: { de: "Raum", en: "Space" } }] },
    ]);
    expect((await api("GET", `${path()}/${space.id}`)).body.translations).toEqual({
      en: "Space",
      de: "Raum",
    });
  });

  test("a batch whose answer is lost is planned again, never resent blind: no entry is made twice", async () => {
    await emu.addFault({ method: "PUT", path: path(), count: 1, kind: "drop", when: "after" });
    const { outs } = await glossary.create({ entries: declared });
    expect(outs.entries).toEqual(sorted);
    expect(await listed()).toHaveLength(2);
    const puts = (await emu.requests()).filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.status)).toEqual([0]);
  });

  test("delete empties the glossary, entries made by hand included", async () => {
    const { id, outs } = await glossary.create({ entries: declared });
    await api("PUT", path(), { operations: [{ type: "insert", translations: { en: "Extra" } }] });
    await glossary.delete(id, outs);
    expect(await listed()).toEqual([]);
  });

  test("check refuses an unknown language and a repeated entry before any request", async () => {
    const result = await glossary.check({
      entries: [{ en: "A", klingon: "B" }, { en: "C" }, { en: "C" }],
    });
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "entries[0].klingon", reason: expect.stringContaining("is not a language") },
        { property: "entries[2]", reason: "repeats entries[1]" },
      ]),
    );
    expect(await emu.requests()).toEqual([]);
  });
});

describe("planGlossary", () => {
  const entry = (id: string, translations: Record<string, string>) => ({ id, translations });
  test("keeps equal entries, updates one sharing a term, inserts the rest, deletes the leftovers first", () => {
    const plan = planGlossary(
      [
        entry("a", { en: "Keep" }),
        entry("b", { en: "Space", de: "Raum" }),
        entry("c", { en: "Gone" }),
      ],
      [{ en: "Keep" }, { en: "Space", de: "Bereich" }, { en: "New" }],
    );
    expect(plan).toEqual([
      { type: "delete", id: "c" },
      { type: "update", id: "b", translations: { de: "Bereich", en: "Space" } },
      { type: "insert", translations: { en: "New" } },
    ]);
    expect(planGlossary([entry("a", { fr: "x", en: "y" })], [{ en: "y", fr: "x" }])).toEqual([]);
  });
});
