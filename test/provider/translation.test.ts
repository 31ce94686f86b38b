import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";
import { textDocument } from "../../provider/api/translations";

let emu: TestEmulator;
let spaceId: string;
const translations = handlersFor("translation");
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0 });
  await configureProvider(emu);
  spaceId = (
    await api("POST", `/v1/orgs/${emu.organizationId}/spaces`, {
      title: "Team handbook",
      language: "en",
    })
  ).body.id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

const args = (extra: Record<string, unknown> = {}) => ({
  spaceId,
  sourceLanguage: "en",
  language: "fr",
  ...extra,
});

describe("Translation", () => {
  test("create is one POST with the text as a document, waits for the run: the result space exists", async () => {
    const { id, outs } = await translations.create(
      args({ instructions: "Keep names.\nBe brief." }),
    );
    expect(outs).toMatchObject({
      status: "completed",
      instructions: "Keep names.\nBe brief.",
      resultSpaceId: expect.any(String),
      resultRevision: expect.any(String),
      stats: expect.objectContaining({ runs: 1 }),
    });
    const sent = (await writes(emu)).map((r) => [r.method, r.body]);
    expect(sent).toEqual([
      [
        "POST",
        {
          source: { space: spaceId, language: "en" },
          language: "fr",
          instructions: textDocument("Keep names.\nBe brief."),
        },
      ],
    ]);
    const space = (await api("GET", `/v1/spaces/${outs.resultSpaceId as string}`)).body;
    expect(space).toMatchObject({ language: "fr", title: "Team handbook" });
    // Refresh straight after: no change.
    const read = await translations.read(id, outs);
    expect(read.props).toEqual(outs);
    await translations.delete(id, outs);
  });

  test("a change of instructions is one PUT and one run, waited for; runOnChange false only PUTs", async () => {
    const { id, outs } = await translations.create(args({ language: "de", instructions: "One." }));
    await emu.clearRequests();
    const diff = await translations.diff(id, outs, args({ language: "de", instructions: "Two." }));
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await translations.update(
      id,
      outs,
      args({ language: "de", instructions: "Two." }),
    );
    expect(updated).toMatchObject({
      instructions: "Two.",
      status: "completed",
      stats: expect.objectContaining({ runs: 2 }),
    });
    expect(updated.resultRevision).not.toBe(outs.resultRevision);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT", "POST"]);

    await emu.clearRequests();
    const quiet = await translations.update(
      id,
      updated,
      args({ language: "de", instructions: "Three.", runOnChange: false }),
    );
    expect((quiet.stats as { runs: number }).runs).toBe(2);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT"]);
    await translations.delete(id, quiet);
  });

  test("a full document is sent as given; language replaces; the same language is refused at check", async () => {
    const doc = textDocument("Formal tone.");
    const { id, outs } = await translations.create(args({ language: "es", instructions: doc }));
    expect(outs.instructions).toEqual(doc);
    expect(
      await translations.diff(id, outs, args({ language: "it", instructions: doc })),
    ).toMatchObject({
      changes: true,
      replaces: ["language"],
    });
    const { failures } = await translations.check(args({ language: "en" }));
    expect(failures).toEqual([
      { property: "language", reason: "must differ from sourceLanguage (en)" },
    ]);
    await translations.delete(id, outs);
  });

  test("destroy deletes the translation and its result space; a run elsewhere is not drift", async () => {
    const { id, outs } = await translations.create(args({ language: "ja" }));
    await api("PATCH", `/v1/spaces/${outs.resultSpaceId as string}`, { title: "Edited by hand" });
    expect((await translations.read(id, outs)).props).toEqual(outs);
    await translations.delete(id, outs);
    expect((await api("GET", `/v1/orgs/${emu.organizationId}/translations/${id}`)).status).toBe(
      404,
    );
    expect((await api("GET", `/v1/spaces/${outs.resultSpaceId as string}`)).status).toBe(404);
    expect(await translations.read(id, outs)).toEqual({ id: "" });
  });
});
