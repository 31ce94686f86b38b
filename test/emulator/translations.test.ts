import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/index";
import { Background } from "../../emulator/background";
import { runTranslation } from "../../emulator/jobs/translations";
import { findTranslation, requestRun } from "../../emulator/store/translations";
import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";
import { until } from "../support/harness-cli";

/** §4.14 Translations in process: runs in the background, result spaces, stats. */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let base: string;
let handbook: ApiBody;

const instructions = (text: string) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: [
    {
      object: "block",
      type: "paragraph",
      data: {},
      nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
    },
  ],
});

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  api = apiClient(t.url, t.token, t.fetch);
  base = `/v1/orgs/${t.organizationId}/translations`;
  const collection = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, {})).body;
  handbook = (
    await api("POST", `/v1/orgs/${t.organizationId}/spaces`, {
      title: "Team handbook",
      emoji: "📘",
      parent: collection.id,
      language: "en",
    })
  ).body;
  // Two pages: 2 + 4 words, then 1 + 3 (titles and Markdown): 10.
  await seedContent(t, `/spaces/${handbook.id}/content`, {
    pages: [
      {
        title: "Getting started",
        markdown: "Read this page first.",
        pages: [{ title: "Install", markdown: "Run the installer." }],
      },
    ],
  });
  handbook = (await api("GET", `/v1/spaces/${handbook.id}`)).body;
});
afterAll(() => t.close());

function completed(id: string, via = api, prefix = base): Promise<ApiBody> {
  return until(`translation ${id} completed`, async () => {
    const { body } = await via("GET", `${prefix}/${id}`);
    return body.status === "completed" ? body : undefined;
  });
}

const create = (language: string, extra: Record<string, unknown> = {}) =>
  api("POST", base, { source: { space: handbook.id, language: "en" }, language, ...extra });

test("a created translation is pending, runs, and completes with a result space in its language", async () => {
  const created = await create("fr", { instructions: instructions("Keep product names.") });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    object: "translation",
    status: "pending",
    source: { space: handbook.id, language: "en" },
    language: "fr",
    instructions: instructions("Keep product names."),
    stats: { runs: 0, totalWords: 0, totalPages: 0, latestPages: 0 },
  });
  expect(created.body.result).toBeUndefined();

  const done = await completed(created.body.id);
  const result = done.result as { space: string; revision: string; language: string };
  expect(result.language).toBe("fr");
  const space = (await api("GET", `/v1/spaces/${result.space}`)).body;
  expect(space).toMatchObject({
    title: "Team handbook",
    emoji: "📘",
    language: "fr",
    parent: handbook.parent,
    revision: result.revision,
  });
  expect(space.id).not.toBe(handbook.id);
  // The copy holds the source's pages, in a revision of its own.
  const pages = (await api("GET", `/v1/spaces/${result.space}/content/pages`)).body
    .pages as ApiBody[];
  expect(pages).toMatchObject([{ title: "Getting started", pages: [{ title: "Install" }] }]);
  expect(result.revision).not.toBe(handbook.revision);
  expect(done.stats).toMatchObject({
    runs: 1,
    latestPages: 2,
    latestWords: 10,
    totalPages: 2,
    totalWords: 10,
  });
  // The source is untouched.
  expect((await api("GET", `/v1/spaces/${handbook.id}`)).body.language).toBe("en");
});

test("run moves it through pending and running again; the same result space gets a new revision", async () => {
  const first = await completed((await create("de")).body.id);
  const before = first.result as { space: string; revision: string };
  expect((await api("POST", `${base}/${first.id}/run`)).status).toBe(204);
  const again = await completed(first.id);
  const after = again.result as { space: string; revision: string };
  expect(after.space).toBe(before.space);
  expect(after.revision).not.toBe(before.revision);
  expect(again.stats).toMatchObject({ runs: 2, totalWords: 20, totalPages: 2, latestWords: 10 });
});

test("a run stays running until the processing delay ends", async () => {
  const slow = await createTestEmulator({ processingDelayMs: 600_000 });
  try {
    const call = apiClient(slow.url, slow.token, slow.fetch);
    const space = (await call("POST", `/v1/orgs/${slow.organizationId}/spaces`, { title: "Slow" }))
      .body;
    const prefix = `/v1/orgs/${slow.organizationId}/translations`;
    const created = (
      await call("POST", prefix, { source: { space: space.id, language: "en" }, language: "ja" })
    ).body;
    expect(created.status).toBe("pending");
    await until(
      "running",
      async () => (await call("GET", `${prefix}/${created.id}`)).body.status === "running",
    );
    expect((await call("GET", `${prefix}/${created.id}`)).body.result).toBeUndefined();
  } finally {
    await slow.close();
  }
});

test("PUT replaces the instructions and starts no run", async () => {
  const done = await completed((await create("es")).body.id);
  expect(done.instructions).toEqual({ object: "document", data: {}, nodes: [] });
  const put = await api("PUT", `${base}/${done.id}`, {
    instructions: instructions("Formal tone."),
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({
    status: "completed",
    instructions: instructions("Formal tone."),
  });
  expect((put.body.stats as { runs: number }).runs).toBe(1);
});

test("bad input is a 400 naming the field", async () => {
  for (const [body, field] of [
    [{ source: { space: handbook.id, language: "en" }, language: "klingon" }, "language"],
    [{ source: { space: "nope", language: "en" }, language: "fr" }, "source.space"],
    [{ source: { space: handbook.id, language: "en" }, language: "en" }, "language"],
    [{ source: { space: handbook.id }, language: "fr" }, "source.language"],
    [
      {
        source: { space: handbook.id, language: "en" },
        language: "fr",
        instructions: { object: "doc" },
      },
      "instructions",
    ],
  ] as const) {
    const answer = await api("POST", base, body);
    expect([answer.status, answer.body.error.message]).toEqual([
      400,
      expect.stringContaining(field),
    ]);
  }
  const some = (await api("GET", base)).body.items[0]!;
  const bad = await api("PUT", `${base}/${some.id}`, {
    instructions: { object: "document", nodes: "no" },
  });
  expect(bad.status).toBe(400);
});

test("a result space deleted out of band is made again by the next run", async () => {
  const done = await completed((await create("it")).body.id);
  const { space } = done.result as { space: string };
  await api("DELETE", `/v1/spaces/${space}`);
  await api("POST", `${base}/${done.id}/run`);
  const again = await completed(done.id);
  const result = again.result as { space: string };
  expect(result.space).not.toBe(space);
  expect((await api("GET", `/v1/spaces/${result.space}`)).body.language).toBe("it");
});

test("a locked result space is never written: run is 409, and a run already under way leaves it as it was", async () => {
  const done = await completed((await create("pt")).body.id);
  const { space, revision } = done.result as { space: string; revision: string };
  expect((await api("PATCH", `/v1/spaces/${space}`, { editMode: "locked" })).status).toBe(200);

  const refused = await api("POST", `${base}/${done.id}/run`);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(
    `result space ${space} is locked: unlock it to run the translation`,
  );
  // A run asked for before the lock (here: straight through the job) writes nothing into it.
  const row = findTranslation(t.store, t.organizationId, done.id as string)!;
  requestRun(t.store, row);
  const background = new Background(t.store, { processingDelayMs: 0 });
  runTranslation(t.store, background, t.organizationId, row.id);
  await background.idle();
  const after = await completed(done.id);
  expect(after.result).toMatchObject({ space, revision });
  expect(after.stats).toMatchObject({ runs: 2, latestPages: 0 });
  expect((await api("GET", `/v1/spaces/${space}`)).body.revision).toBe(revision);
});

test("DELETE answers 205 then 204, and leaves the result space; run and GET are then 404", async () => {
  const done = await completed((await create("nl")).body.id);
  expect((await api("DELETE", `${base}/${done.id}`)).status).toBe(205);
  expect((await api("DELETE", `${base}/${done.id}`)).status).toBe(204);
  expect((await api("GET", `${base}/${done.id}`)).status).toBe(404);
  expect((await api("POST", `${base}/${done.id}/run`)).status).toBe(404);
  const { space } = done.result as { space: string };
  expect((await api("GET", `/v1/spaces/${space}`)).status).toBe(200);
});

test("translations are listed with paging, and another organization's are invisible", async () => {
  const page = (await api("GET", `${base}?limit=1`)).body;
  expect(page.items).toHaveLength(1);
  expect(page.count).toBeGreaterThan(1);
  const foreign = apiClient(t.url, t.foreignToken, t.fetch);
  expect((await foreign("GET", `${base}/${page.items[0]!.id}`)).status).toBe(404);
});

test("a restart while a translation runs runs it again: nothing stays running", async () => {
  const dir = mkdtempSync(join(tmpdir(), "translation-restart-"));
  const data = join(dir, "workspace.db");
  try {
    const first = await startEmulator({ port: 0, data, processingDelayMs: 600_000 });
    const call = apiClient(first.url, first.token);
    const space = (
      await call("POST", `/v1/orgs/${first.organizationId}/spaces`, { title: "Guide" })
    ).body;
    const prefix = `/v1/orgs/${first.organizationId}/translations`;
    const created = (
      await call("POST", prefix, { source: { space: space.id, language: "en" }, language: "fr" })
    ).body;
    await until(
      "running",
      async () => (await call("GET", `${prefix}/${created.id}`)).body.status === "running",
    );
    await first.close();

    const second = await startEmulator({ port: 0, data, processingDelayMs: 0 });
    try {
      const done = await completed(created.id, apiClient(second.url, second.token), prefix);
      expect(done.stats).toMatchObject({ runs: 1 });
      expect(done.result).toMatchObject({ language: "fr" });
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
