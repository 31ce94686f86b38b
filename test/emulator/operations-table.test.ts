import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createApp, openStore } from "../../emulator/index";
import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
  seedContent,
} from "../support/emulator";

/**
 * docs/api-decisions.md's table of every §4 operation against the routes the emulator serves: a
 * row says `served` exactly when a route answers that method and path.
 */
const OPERATIONS_IN_SECTION_4 = 136;

const decisions = readFileSync(join(__dirname, "../../docs/api-decisions.md"), "utf8");
const rows = [
  ...decisions.matchAll(
    /^\| (4\.\d+) +\| (GET|POST|PUT|PATCH|DELETE) +\| `([^`]+)` +\| (.+?) +\|$/gm,
  ),
].map(([, section, method, path, status]) => ({ section, method, path: path!, status: status! }));

/** A path with its parameters unnamed: the API document and the routes name them differently. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, "{}");

test("the table lists every §4 operation once, and says served exactly for the routes served", () => {
  expect(rows).toHaveLength(OPERATIONS_IN_SECTION_4);
  const keys = rows.map((r) => `${r.method} ${shape(r.path)}`);
  expect(new Set(keys).size).toBe(keys.length);

  const store = openStore();
  try {
    const served = new Set(
      createApp(store)
        .routes.filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${shape(r.path)}`),
    );
    const wrong = rows
      .filter((r) => served.has(`${r.method} ${shape(r.path)}`) !== (r.status === "served"))
      .map((r) => `${r.method} ${r.path}: ${r.status}`);
    expect(wrong).toEqual([]);
    for (const row of rows.filter((r) => r.status !== "served"))
      expect(row.status).toMatch(/^not served: .{10,}/);
  } finally {
    store.close();
  }
});

describe("the remaining operations", () => {
  let t: TestEmulator;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await createTestEmulator();
    api = apiClient(t.url, t.token, t.fetch);
  });
  afterAll(() => t.close());

  test("duplicate copies the space's current content into a new revision of the copy", async () => {
    const space = (await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Docs" }))
      .body;
    await seedContent(t, `/spaces/${space.id}/content`, {
      pages: [
        {
          title: "Guide",
          markdown: "# Guide\n\nSee [the logo](logo.png).",
          pages: [{ title: "Step" }],
        },
      ],
      files: [{ name: "logo.png", contentType: "image/png", base64: "iVBORw0KGgo=" }],
    });
    const original = (await api("GET", `/v1/spaces/${space.id}/content`)).body;

    const copy = await api("POST", `/v1/spaces/${space.id}/duplicate`);
    expect(copy.status).toBe(201);
    const content = (await api("GET", `/v1/spaces/${copy.body.id}/content`)).body;
    expect(content.id).toBe(copy.body.revision);
    expect(content.id).not.toBe(original.id);
    expect(content.parents).toEqual([original.id]);
    const titles = (pages: ApiBody[]): unknown[] =>
      pages.map((p) => [p.title, p.path, titles(p.pages as ApiBody[])]);
    expect(titles(content.pages as ApiBody[])).toEqual(titles(original.pages as ApiBody[]));
    expect((content.files as ApiBody[]).map((f) => [f.name, f.size])).toEqual([["logo.png", 8]]);
    const links = (await api("GET", `/v1/spaces/${copy.body.id}/links`)).body;
    expect(links.items.map((l) => l.status)).toEqual(["ok"]);
    expect((links.items[0]!.targetReference as ApiBody).space).toBe(copy.body.id);

    // The original is untouched.
    expect((await api("GET", `/v1/spaces/${space.id}`)).body.revision).toBe(original.id);
  });

  test("revoking an invite link that is not there answers 204 (test/emulator/organization-invites.test.ts revokes real ones)", async () => {
    const path = `/v1/orgs/${t.organizationId}/link-invites/any`;
    expect((await api("DELETE", path)).status).toBe(204);
    expect((await api("DELETE", path)).status).toBe(204);
    const foreign = apiClient(t.url, t.foreignToken, t.fetch);
    expect((await foreign("DELETE", path)).status).toBe(404);
  });
});
