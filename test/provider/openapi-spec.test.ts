import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PENDING_CREATE_KEY } from "../../common/pending-create";
import { pollDelay, pollsWithin, pollUntil } from "../../provider/lifecycle/polling";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { callApi, configureProvider, handlersFor, writes } from "../support/provider";

const SPEC = `openapi: 3.1.0
info:
  title: Payments
  version: 1.0.0
paths: {}
`;
const SPEC_V2 = SPEC.replace("1.0.0", "2.0.0");

let emu: TestEmulator;
let sources: Server;
let sourcesUrl: string;
const specs = handlersFor("openapi-spec");
const api = (method: string, path: string, body?: unknown) => callApi(emu, method, path, body);
const specsPath = () => `/v1/orgs/${emu.organizationId}/openapi`;

beforeAll(async () => {
  emu = await startTestEmulator({ processingDelayMs: 0, fetchTimeoutMs: 300 });
  await configureProvider(emu);
  sources = createServer((req, res) => {
    if (req.url === "/payments.yaml") res.writeHead(200).end(SPEC);
    // else: never answers, so the emulator's fetch times out
  });
  await new Promise<void>((resolve) => sources.listen(0, "127.0.0.1", resolve));
  sourcesUrl = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sources.closeAllConnections();
  await new Promise((resolve) => sources.close(resolve));
  await emu.close();
});
beforeEach(() => emu.clearRequests());

/** Polls the emulator until `probe` holds: processing runs in the background. */
async function until(probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 25));
  if (!(await probe())) throw new Error("the emulator never reached the state waited for");
}

async function slugs(): Promise<string[]> {
  return ((await api("GET", specsPath())).body.items as { slug: string }[]).map((s) => s.slug);
}

describe("OpenApiSpec", () => {
  test("create is one POST, then waits until processing completes: the outputs show the version", async () => {
    const { id, outs } = await specs.create({ slug: "payments", source: { text: SPEC } });
    expect(id).toBe("payments");
    expect(outs).toMatchObject({
      slug: "payments",
      source: { text: SPEC },
      processingState: "complete",
      lastVersion: expect.any(String),
      lastProcessErrorCode: null,
      visibility: "private",
      urls: { location: expect.any(String), app: expect.any(String) },
    });
    const log = await emu.requests();
    expect(log.filter((r) => r.method !== "GET").map((r) => [r.method, r.body])).toEqual([
      ["POST", { slug: "payments", source: { text: SPEC } }],
    ]);
    // Polled through GETs of the spec, and no more than the plan allows.
    expect(log.filter((r) => r.method === "GET").every((r) => r.path.endsWith("/payments"))).toBe(
      true,
    );
  });

  test("public visibility is one PATCH after the POST, and the published URL is an output", async () => {
    const { outs } = await specs.create({
      slug: "public-one",
      source: { text: SPEC },
      visibility: "public",
    });
    expect(outs.visibility).toBe("public");
    expect((outs.urls as { published?: string }).published).toMatch(/\/public$/);
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST", "PATCH"]);
  });

  test("a url source is fetched and processed before up goes on", async () => {
    const url = `${sourcesUrl}/payments.yaml`;
    const { outs } = await specs.create({ slug: "fetched", source: { url } });
    expect(outs).toMatchObject({ source: { url }, processingState: "complete" });
    const latest = (await api("GET", `${specsPath()}/fetched/versions/latest`)).body;
    expect(latest.url).toBe(url);
  });

  test("a fetch that times out fails the create naming FETCH_ERROR, and leaves no spec behind", async () => {
    await expect(
      specs.create({ slug: "too-slow", source: { url: `${sourcesUrl}/hangs` } }),
    ).rejects.toThrow(
      /OpenAPI spec too-slow: processing failed with FETCH_ERROR: the service could not fetch/,
    );
    expect(await slugs()).not.toContain("too-slow");
    expect((await writes(emu)).map((r) => r.method)).toEqual(["POST", "DELETE"]);
  });

  test("a change of source is one PUT, waited for: a new version; refresh after it shows no change", async () => {
    const { id, outs } = await specs.create({ slug: "versions", source: { text: SPEC } });
    await emu.clearRequests();
    const diff = await specs.diff(id, outs, { slug: "versions", source: { text: SPEC_V2 } });
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await specs.update(id, outs, { slug: "versions", source: { text: SPEC_V2 } });
    expect(updated.lastVersion).not.toBe(outs.lastVersion);
    expect(updated.processingState).toBe("complete");
    expect((await writes(emu)).map((r) => [r.method, r.body])).toEqual([
      ["PUT", { source: { text: SPEC_V2 } }],
    ]);
    const read = await specs.read(id, updated);
    expect(read.props).toEqual(updated);
  });

  test("a change of source that fails processing fails the update with the code; the spec stays managed", async () => {
    const { id, outs } = await specs.create({ slug: "breaks", source: { text: SPEC } });
    await expect(
      specs.update(id, outs, { slug: "breaks", source: { text: "not a spec at all" } }),
    ).rejects.toThrow(/processing failed with PARSE_ERROR/);
    // The state keeps the old source: the next up sends the new one again.
    expect((await api("GET", `${specsPath()}/breaks`)).body.lastVersion).toBe(outs.lastVersion);
  });

  test("waitForProcessing false returns at once with the state the service answered", async () => {
    const { outs } = await specs.create({
      slug: "no-wait",
      source: { text: SPEC },
      waitForProcessing: false,
    });
    expect(outs.processingState).toBe("pending");
    expect((await emu.requests()).map((r) => r.method)).toEqual(["POST"]);
  });

  test("a wait that outlasts processingTimeoutSeconds fails saying what to change", async () => {
    const slow = await startTestEmulator({ processingDelayMs: 600_000 });
    try {
      await configureProvider(slow);
      await expect(
        specs.create({ slug: "stuck", source: { text: SPEC }, processingTimeoutSeconds: 1 }),
      ).rejects.toThrow(
        /gave up waiting for OpenAPI spec stuck to finish processing after 1 s: it is still (pending|progress); raise processingTimeoutSeconds/,
      );
      expect(
        (await callApi(slow, "GET", `/v1/orgs/${slow.organizationId}/openapi/stuck`)).status,
      ).toBe(404);
    } finally {
      await configureProvider(emu);
      await slow.close();
    }
  });

  test("check names the property and the limit, before any request", async () => {
    for (const [args, property, reason] of [
      [{ slug: "Bad_Slug", source: { text: SPEC } }, "slug", /pattern/],
      [{ slug: "s".repeat(101), source: { text: SPEC } }, "slug", /100/],
      [{ slug: "ok", source: { url: "ftp://x/spec.yaml" } }, "source", /.+/],
      [{ slug: "ok", source: { text: "" } }, "source", /.+/],
      [
        { slug: "ok", source: { text: SPEC }, visibility: "secret" },
        "visibility",
        /private|public/,
      ],
      [
        { slug: "ok", source: { text: SPEC }, processingTimeoutSeconds: 0 },
        "processingTimeoutSeconds",
        /1/,
      ],
    ] as const) {
      const { failures } = await specs.check(args);
      expect(failures?.[0]).toMatchObject({
        property: expect.stringContaining(property),
        reason: expect.stringMatching(reason),
      });
    }
    expect(await emu.requests()).toEqual([]);
  });

  test("a slug change replaces the spec, the old deleted first: no 409", async () => {
    const { id, outs } = await specs.create({ slug: "old-name", source: { text: SPEC } });
    const diff = await specs.diff(id, outs, { slug: "new-name", source: { text: SPEC } });
    expect(diff).toMatchObject({ changes: true, replaces: ["slug"], deleteBeforeReplace: true });
    // The engine's order for deleteBeforeReplace: delete, then create.
    await specs.delete(id, outs);
    const made = await specs.create({ slug: "new-name", source: { text: SPEC } });
    expect(made.id).toBe("new-name");
    expect(await slugs()).toEqual(expect.arrayContaining(["new-name"]));
    expect(await slugs()).not.toContain("old-name");
  });

  test("changing waitForProcessing or the timeout is no change", async () => {
    const { id, outs } = await specs.create({ slug: "settings", source: { text: SPEC } });
    const diff = await specs.diff(id, outs, {
      slug: "settings",
      source: { text: SPEC },
      waitForProcessing: false,
      processingTimeoutSeconds: 60,
    });
    expect(diff.changes).toBe(false);
  });

  test("refresh shows drift: a source changed out of band, a visibility flipped; a deleted spec is dropped", async () => {
    const url = `${sourcesUrl}/payments.yaml`;
    const { id, outs } = await specs.create({
      slug: "drifting",
      source: { url },
      visibility: "private",
    });
    await api("PUT", `${specsPath()}/drifting`, { source: { text: SPEC_V2 } });
    await api("PATCH", `${specsPath()}/drifting`, { visibility: "public" });
    const read = await specs.read(id, outs);
    expect(read.inputs).toMatchObject({ source: null, visibility: "public" });
    await api("DELETE", `${specsPath()}/drifting`);
    expect(await specs.read(id, outs)).toEqual({ id: "" });
    // Delete of a spec already gone succeeds.
    await expect(specs.delete(id, outs)).resolves.toBeUndefined();
  });

  test("refresh of a text source reads the latest version's text: the same text is no drift, another is", async () => {
    const { id, outs } = await specs.create({ slug: "texts", source: { text: SPEC } });
    await emu.clearRequests();
    const same = await specs.read(id, outs);
    expect(same.inputs).toMatchObject({ source: { text: SPEC } });
    expect((await emu.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${specsPath()}/texts`,
      `GET ${specsPath()}/texts/versions/latest/content/raw`,
    ]);
    await api("PUT", `${specsPath()}/texts`, { source: { text: SPEC_V2 } });
    await until(
      async () => (await api("GET", `${specsPath()}/texts`)).body.processingState === "complete",
    );
    const drifted = await specs.read(id, outs);
    expect(drifted.inputs).toMatchObject({ source: { text: SPEC_V2 } });
  });

  test("adoptId of a spec that holds the declared text writes nothing", async () => {
    await api("POST", specsPath(), { slug: "same-text", source: { text: SPEC } });
    await until(
      async () =>
        (await api("GET", `${specsPath()}/same-text`)).body.processingState === "complete",
    );
    await emu.clearRequests();
    const { id, outs } = await specs.create({
      slug: "same-text",
      source: { text: SPEC },
      adoptId: "same-text",
    });
    expect(id).toBe("same-text");
    expect(outs).toMatchObject({ source: { text: SPEC }, processingState: "complete" });
    expect(await writes(emu)).toEqual([]);
  });

  test("a create whose answer is lost takes the spec it made by its slug: never a second one", async () => {
    await emu.addFault({
      method: "POST",
      path: specsPath(),
      kind: "drop",
      when: "after",
      count: 1,
    });
    const { id, outs } = await specs.create({ slug: "lost-answer", source: { text: SPEC } });
    expect(id).toBe("lost-answer");
    expect(outs.processingState).toBe("complete");
    expect((await writes(emu)).filter((r) => r.method === "POST")).toHaveLength(1);
    expect((await slugs()).filter((s) => s === "lost-answer")).toHaveLength(1);
  });

  test("an interrupted create is recovered by its slug", async () => {
    const startedAt = new Date();
    await api("POST", specsPath(), { slug: "interrupted", source: { text: SPEC } });
    const checked = await specs.check({ slug: "interrupted", source: { text: SPEC } });
    const pending = {
      urn: "urn:pulumi:dev::p::x::y",
      name: "y",
      startedAt: startedAt.toISOString(),
    };
    const read = await specs.read("", { ...checked.inputs, [PENDING_CREATE_KEY]: pending });
    expect(read).toMatchObject({ id: "interrupted", props: { [PENDING_CREATE_KEY]: "found" } });
    const absent = await specs.read("", {
      ...(await specs.check({ slug: "never-made", source: { text: SPEC } })).inputs,
      [PENDING_CREATE_KEY]: pending,
    });
    expect(absent).toEqual({ id: "", props: { [PENDING_CREATE_KEY]: "absent" } });
  });

  test("an interrupted create whose processing then fails is undone, so the next up makes it again and reports the failure", async () => {
    const startedAt = new Date();
    const source = { url: `${sourcesUrl}/hangs` };
    await api("POST", specsPath(), { slug: "interrupted-failing", source });
    const checked = await specs.check({ slug: "interrupted-failing", source });
    const pending = {
      urn: "urn:pulumi:dev::p::x::y",
      name: "y",
      startedAt: startedAt.toISOString(),
    };
    const read = await specs.read("", { ...checked.inputs, [PENDING_CREATE_KEY]: pending });
    // Taken as found, its outputs would match the program and no later up would say it failed.
    expect(read).toEqual({ id: "", props: { [PENDING_CREATE_KEY]: "absent" } });
    expect(await slugs()).not.toContain("interrupted-failing");
  });

  test("adoptId takes over a spec by its slug and applies the declared source", async () => {
    await api("POST", specsPath(), { slug: "existing", source: { text: SPEC } });
    await emu.clearRequests();
    const { id, outs } = await specs.create({
      slug: "existing",
      source: { text: SPEC_V2 },
      adoptId: "existing",
    });
    expect(id).toBe("existing");
    expect(outs.processingState).toBe("complete");
    expect((await writes(emu)).map((r) => r.method)).toEqual(["PUT"]);
  });
});

describe("polling", () => {
  test("the delays grow by half each poll up to 5 s", () => {
    expect([0, 1, 2, 3, 10, 20].map(pollDelay)).toEqual([250, 375, 563, 844, 5000, 5000]);
    // A minute of waiting costs 18 GETs, not the 240 of a fixed 250 ms.
    expect(pollsWithin(60_000)).toBe(18);
  });

  test("pollUntil waits the planned delays and fails naming the state once past its timeout", async () => {
    let clock = 0;
    const slept: number[] = [];
    await expect(
      pollUntil({
        what: "the thing",
        timeoutMs: 2_000,
        remedy: "do something",
        probe: async () => ({ done: false, state: "progress" }),
        sleep: async (ms) => {
          slept.push(ms);
          clock += ms;
        },
        now: () => clock,
      }),
    ).rejects.toThrow(
      "gave up waiting for the thing after 2 s: it is still progress; do something",
    );
    // A fourth delay (844 ms) would end past the 2 s: it fails instead of sleeping into it.
    expect(slept).toEqual([250, 375, 563]);
  });
});
