import { z } from "zod";
import { ApiClient, ApiError } from "../../provider/client";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { configureProvider, handlersFor, writes, callApi } from "../support/provider";

let emu: TestEmulator;
const links = handlersFor("share-link");
let siteId: string;

const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);

const sitePath = () => `/v1/orgs/${emu.organizationId}/sites/${siteId}`;
const keyOf = (url: unknown) => new URL(url as string).searchParams.get("share")!;

async function listed(): Promise<Record<string, unknown>[]> {
  return (await api("GET", `${sitePath()}/share-links`)).body.items as Record<string, unknown>[];
}

beforeAll(async () => {
  emu = await startTestEmulator();
  await configureProvider(emu);
  siteId = (
    await api("POST", `/v1/orgs/${emu.organizationId}/sites`, {
      title: "Private docs",
      visibility: "share-link",
    })
  ).body.id as string;
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

describe("ShareLink", () => {
  test("create is one POST, and the URL holding the key is in the outputs", async () => {
    const { id, outs } = await links.create({ siteId, name: "Partner preview" });
    expect(outs).toMatchObject({ siteId, name: "Partner preview", active: true });
    const key = keyOf(outs.url);
    expect(key.length).toBeGreaterThan(20);
    expect((await listed()).find((l) => l.id === id)).toMatchObject({
      urls: { published: outs.url },
    });
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { name: "Partner preview" }],
    ]);
  });

  test("the key never appears in an error message, even from a request that carries it", async () => {
    const { outs } = await links.create({ siteId, name: "Leak check" });
    const key = keyOf(outs.url);
    expect(key.length).toBeGreaterThan(8);
    // Reads of a share-link site send the key as `shareKey`; a failing one must not echo it.
    await emu.addFault({ path: `${sitePath()}/published`, count: 10, kind: "status", status: 500 });
    const client = new ApiClient({
      apiUrl: emu.url,
      apiToken: emu.token,
      maxConcurrency: 1,
      retry: { maxRetries: 0 },
    });
    const failure = (await client
      .get(`${sitePath()}/published`, z.unknown(), { shareKey: key })
      .catch((e: unknown) => e)) as ApiError;
    await emu.clearFaults();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(500);
    // It was sent: the emulator's request log keeps it masked, its first four characters shown.
    expect((await emu.requests()).at(-1)?.query).toEqual({
      shareKey: `${key.slice(0, 4)}••••••••`,
    });
    expect(`${failure.message} ${failure.stack}`).not.toContain(key);
    expect(JSON.stringify(failure)).not.toContain(key);
    const checked = await links.check({ siteId, name: "n".repeat(51) }, outs);
    expect(JSON.stringify(checked.failures)).not.toContain(key);
  });

  test("an inactive link is created with one PATCH after the POST", async () => {
    const { outs } = await links.create({ siteId, name: "Revoked", active: false });
    expect(outs.active).toBe(false);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["POST", { name: "Revoked" }],
      ["PATCH", { active: false }],
    ]);
  });

  test("a link deactivated out of band shows as drift, and one PATCH reactivates it", async () => {
    const args = { siteId, name: "Drifting", active: true };
    const { id, outs } = await links.create(args);
    await api("PATCH", `${sitePath()}/share-links/${id}`, { active: false });

    const refreshed = await links.read(id, outs);
    expect(refreshed.props).toMatchObject({ active: false, url: outs.url });
    expect(refreshed.inputs).toMatchObject({ active: false });
    expect(refreshed.inputs).not.toHaveProperty("url");
    expect(await links.diff(id, refreshed.props!, args)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    await emu.clearRequests();
    const restored = await links.update(id, refreshed.props!, args);
    expect(restored.active).toBe(true);
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { active: true }],
    ]);
  });

  test("diff replaces on siteId; a name change is in place", async () => {
    const { id, outs } = await links.create({ siteId, name: "Stable" });
    expect(await links.diff(id, outs, { siteId: "other", name: "Stable" })).toEqual({
      changes: true,
      replaces: ["siteId"],
      deleteBeforeReplace: false,
    });
    expect((await links.diff(id, outs, { siteId, name: "Other" })).replaces).toEqual([]);
  });
});
