import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/index";
import {
  apiClient,
  createTestEmulator,
  type ApiBody,
  type TestEmulator,
} from "../support/emulator";
import { until } from "../support/harness-cli";

/** §4.13 OpenAPI specs in process: processing in the background, versions, content, pages. */
const SPEC_YAML = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
paths: {}
`;
const SPEC_JSON = JSON.stringify({ openapi: "3.0.3", info: { title: "Pets", version: "2" } });

let t: TestEmulator;
let api: ReturnType<typeof apiClient>;
let base: string;
let sources: Server;
let sourcesUrl: string;

/** What the sources server was asked for, as `<host header><path>`. */
const seen: string[] = [];
/** Resolves, once the emulator closes `/endless`'s connection, to the bytes it managed to send. */
let endlessClosed: Promise<number> | undefined;
const ENDLESS_LIMIT = 64 * 1024 * 1024;

/** A body with no length that goes on (to 64 MiB) as long as the reader keeps reading. */
function endless(res: ServerResponse): void {
  let endlessSent = 0;
  endlessClosed = new Promise((resolve) => res.on("close", () => resolve(endlessSent)));
  res.writeHead(200, { "content-type": "application/yaml" });
  res.write("openapi: 3.0.3\n");
  const chunk = Buffer.alloc(64 * 1024, "#");
  const more = () => {
    while (endlessSent < ENDLESS_LIMIT && !res.destroyed) {
      endlessSent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end();
  };
  more();
}

/** A loopback server standing for where specs are published: one path per behaviour. */
function startSources(): Promise<Server> {
  const server = createServer((req, res) => {
    seen.push(`${req.headers.host}${req.url}`);
    const port = (server.address() as AddressInfo).port;
    if (req.url === "/pets.yaml")
      res.writeHead(200, { "content-type": "application/yaml" }).end(SPEC_YAML);
    else if (req.url === "/hangs")
      return; // never answers: the emulator's fetch must time out
    else if (req.url === "/redirect-in")
      res.writeHead(302, { location: `http://127.0.0.1:${port}/pets.yaml` }).end();
    else if (req.url === "/redirect-out")
      res.writeHead(302, { location: `http://localhost:${port}/pets.yaml` }).end();
    else if (req.url === "/endless") endless(res);
    else res.writeHead(404).end("no such spec");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0, fetchTimeoutMs: 200 });
  api = apiClient(t.url, t.token, t.fetch);
  base = `/v1/orgs/${t.organizationId}/openapi`;
  sources = await startSources();
  sourcesUrl = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sources.closeAllConnections();
  await new Promise((resolve) => sources.close(resolve));
  await t.close();
});

/** The spec once its processing is over, whatever its outcome. */
function processed(slug: string, via = api, prefix = base): Promise<ApiBody> {
  return until(`spec ${slug} processed`, async () => {
    const { body } = await via("GET", `${prefix}/${slug}`);
    return body.processingState === "complete" ? body : undefined;
  });
}

test("a text source is pending when created and becomes a version once processed", async () => {
  const created = await api("POST", base, { slug: "pets", source: { text: SPEC_YAML } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    object: "openapi-spec",
    slug: "pets",
    processingState: "pending",
  });
  expect(created.body.lastVersion).toBeUndefined();
  expect(created.body.sourceURL).toBeUndefined();

  const spec = await processed("pets");
  expect(spec.lastProcessErrorCode).toBeUndefined();
  expect(spec.lastProcessedAt).toEqual(expect.any(String));
  const latest = (await api("GET", `${base}/pets/versions/latest`)).body;
  expect(latest).toMatchObject({ object: "openapi-spec-version", id: spec.lastVersion });
  expect(latest.url).toBe(`${t.url}${base}/pets/versions/${latest.id}/content/raw`);
  expect((await api("GET", `${base}/pets/versions/${latest.id}`)).body).toEqual(latest);

  const content = (await api("GET", `${base}/pets/versions/latest/content`)).body;
  expect(content).toEqual({
    filesystem: { entrypoint: "openapi.yaml", files: { "openapi.yaml": SPEC_YAML } },
    url: latest.url,
    urls: { source: latest.url, public: null },
  });
  const raw = await t.fetch(latest.url as string, {
    headers: { authorization: `Bearer ${t.token}` },
  });
  expect(await raw.json()).toEqual({ text: SPEC_YAML, format: "yaml" });
});

test("processing moves pending, then progress, and stays there until the delay ends", async () => {
  const slow = await createTestEmulator({ processingDelayMs: 600_000 });
  try {
    const call = apiClient(slow.url, slow.token, slow.fetch);
    const prefix = `/v1/orgs/${slow.organizationId}/openapi`;
    const created = await call("POST", prefix, { slug: "slow", source: { text: SPEC_JSON } });
    expect(created.body.processingState).toBe("pending");
    await until(
      "progress",
      async () => (await call("GET", `${prefix}/slow`)).body.processingState === "progress",
    );
    expect((await call("GET", `${prefix}/slow`)).body.lastVersion).toBeUndefined();
    expect((await call("GET", `${prefix}/slow/versions/latest`)).status).toBe(404);
    expect((await call("GET", `${prefix}/slow/versions`)).body).toMatchObject({
      count: 0,
      items: [],
    });
  } finally {
    await slow.close();
  }
});

test("each change of source makes a new version; the same text again is no change", async () => {
  await api("POST", base, { slug: "changes", source: { text: SPEC_YAML } });
  const first = await processed("changes");
  const again = await api("PUT", `${base}/changes`, { source: { text: SPEC_YAML } });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ processingState: "complete", lastVersion: first.lastVersion });

  const changed = await api("PUT", `${base}/changes`, { source: { text: SPEC_JSON } });
  expect([changed.status, changed.body.processingState]).toEqual([200, "pending"]);
  const second = await processed("changes");
  expect(second.lastVersion).not.toBe(first.lastVersion);
  const versions = (await api("GET", `${base}/changes/versions`)).body;
  expect(versions.items.map((v) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
  const content = (await api("GET", `${base}/changes/versions/latest/content`)).body;
  expect(content.filesystem).toEqual({
    entrypoint: "openapi.json",
    files: { "openapi.json": SPEC_JSON },
  });
  const older = (await api("GET", `${base}/changes/versions/${first.lastVersion}/content/raw`))
    .body;
  expect(older).toEqual({ text: SPEC_YAML, format: "yaml" });
});

test("PUT creates a spec that does not exist, and checks its slug as a create does", async () => {
  const created = await api("PUT", `${base}/put-made`, { source: { text: SPEC_YAML } });
  expect([created.status, created.body.slug]).toEqual([201, "put-made"]);
  await processed("put-made");
  const bad = await api("PUT", `${base}/Not_A_Slug`, { source: { text: SPEC_YAML } });
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toMatch(/slug/);
});

test("a slug is unique in its organization: a second create is 409, another organization is free", async () => {
  await api("POST", base, { slug: "unique", source: { text: SPEC_YAML } });
  const again = await api("POST", base, { slug: "unique", source: { text: SPEC_JSON } });
  expect(again.status).toBe(409);
  expect(again.body.error.message).toMatch(/unique/);
  const elsewhere = await api("POST", `/v1/orgs/${t.secondOrganizationId}/openapi`, {
    slug: "unique",
    source: { text: SPEC_YAML },
  });
  expect(elsewhere.status).toBe(201);
});

test("bad input is a 400 naming the field: slug pattern and length, source shape, URL scheme", async () => {
  for (const [body, field] of [
    [{ slug: "Upper", source: { text: SPEC_YAML } }, "slug"],
    [{ slug: "a".repeat(101), source: { text: SPEC_YAML } }, "slug"],
    [{ slug: "ok", source: {} }, "source"],
    [{ slug: "ok", source: { text: "" } }, "source"],
    [{ slug: "ok", source: { url: "ftp://example.com/spec.yaml" } }, "source"],
    [{ slug: "ok", source: { url: `https://example.com/${"x".repeat(2048)}` } }, "source"],
  ] as const) {
    const answer = await api("POST", base, body);
    expect([answer.status, answer.body.error.message]).toEqual([
      400,
      expect.stringContaining(field),
    ]);
  }
  expect((await api("GET", `${base}/ok`)).status).toBe(404);
});

test("a url source is fetched over HTTP, loopback included, and its version points at it", async () => {
  const url = `${sourcesUrl}/pets.yaml`;
  const created = await api("POST", base, { slug: "fetched", source: { url } });
  expect(created.body.sourceURL).toBe(url);
  const spec = await processed("fetched");
  expect(spec.lastProcessErrorCode).toBeUndefined();
  const latest = (await api("GET", `${base}/fetched/versions/latest`)).body;
  expect(latest.url).toBe(url);
  const raw = (await api("GET", `${base}/fetched/versions/latest/content/raw`)).body;
  expect(raw).toEqual({ text: SPEC_YAML, format: "yaml" });
  // PUT of a URL fetches it again: what it serves may have changed.
  await api("PUT", `${base}/fetched`, { source: { url } });
  expect((await processed("fetched")).lastVersion).not.toBe(spec.lastVersion);
});

test("a version's content carries §2.12's url and the service's urls: source, and public while the spec is public", async () => {
  await api("POST", base, { slug: "stored", source: { text: SPEC_YAML } });
  await processed("stored");
  const stored = (await api("PATCH", `${base}/stored`, { visibility: "public" })).body;
  const version = (await api("GET", `${base}/stored/versions/latest`)).body;
  expect((await api("GET", `${base}/stored/versions/${version.id}/content`)).body).toMatchObject({
    url: version.url,
    urls: { source: version.url, public: (stored.urls as ApiBody).published },
  });

  const url = `${sourcesUrl}/pets.yaml`;
  await api("POST", base, { slug: "external", source: { url } });
  await processed("external");
  const content = async () => (await api("GET", `${base}/external/versions/latest/content`)).body;
  expect(await content()).toMatchObject({ url, urls: { source: url, public: null } });
  await api("PATCH", `${base}/external`, { visibility: "public" });
  expect(await content()).toMatchObject({ url, urls: { source: url, public: url } });
});

test("a fetch that outlasts the timeout is FETCH_ERROR, as a closed port is, and keeps the last version", async () => {
  await api("POST", base, { slug: "timeout", source: { text: SPEC_YAML } });
  const before = await processed("timeout");
  await api("PUT", `${base}/timeout`, { source: { url: `${sourcesUrl}/hangs` } });
  const after = await processed("timeout");
  // A silent port and a closed one look the same: the code tells no port scan anything.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await api("POST", base, { slug: "closed", source: { url: `http://127.0.0.1:${closedPort}/` } });
  expect((await processed("closed")).lastProcessErrorCode).toBe("FETCH_ERROR");
  expect(after).toMatchObject({
    lastProcessErrorCode: "FETCH_ERROR",
    lastProcessedErrorCount: 1,
    lastVersion: before.lastVersion,
    sourceURL: `${sourcesUrl}/hangs`,
  });
});

test("a URL answering 404 is FETCH_ERROR, a text that is no OpenAPI document is PARSE_ERROR", async () => {
  await api("POST", base, { slug: "missing", source: { url: `${sourcesUrl}/nothing-here` } });
  expect((await processed("missing")).lastProcessErrorCode).toBe("FETCH_ERROR");
  await api("POST", base, { slug: "prose", source: { text: "just some prose" } });
  const prose = await processed("prose");
  expect(prose.lastProcessErrorCode).toBe("PARSE_ERROR");
  expect(prose.lastVersion).toBeUndefined();
  // A good source clears the error.
  await api("PUT", `${base}/prose`, { source: { text: SPEC_YAML } });
  const fixed = await processed("prose");
  expect(fixed.lastProcessErrorCode).toBeUndefined();
  expect(fixed.lastProcessedErrorCount).toBe(0);
});

test("only the hosts the operator allows are fetched, and each redirect is checked against them", async () => {
  const strict = await createTestEmulator({ processingDelayMs: 0, fetchAllow: ["127.0.0.1"] });
  try {
    const call = apiClient(strict.url, strict.token, strict.fetch);
    const prefix = `/v1/orgs/${strict.organizationId}/openapi`;
    const port = (sources.address() as AddressInfo).port;
    seen.length = 0;
    const outcome = async (slug: string, url: string) => {
      await call("POST", prefix, { slug, source: { url } });
      return (await processed(slug, call, prefix)).lastProcessErrorCode ?? "complete";
    };
    expect(await outcome("allowed", `http://127.0.0.1:${port}/pets.yaml`)).toBe("complete");
    expect(await outcome("redirect-in", `http://127.0.0.1:${port}/redirect-in`)).toBe("complete");
    expect(await outcome("other-host", `http://localhost:${port}/pets.yaml`)).toBe("FETCH_ERROR");
    expect(await outcome("redirect-out", `http://127.0.0.1:${port}/redirect-out`)).toBe(
      "FETCH_ERROR",
    );
    // Neither the host outside the list nor the redirect's target was ever asked.
    expect(seen).toEqual([
      `127.0.0.1:${port}/pets.yaml`,
      `127.0.0.1:${port}/redirect-in`,
      `127.0.0.1:${port}/pets.yaml`,
      `127.0.0.1:${port}/redirect-out`,
    ]);
  } finally {
    await strict.close();
  }
});

test("a body over the size cap is cut off while it streams: FETCH_ERROR, never read whole", async () => {
  // A fetch timeout long enough that only the cap can stop the read.
  const patient = await createTestEmulator({ processingDelayMs: 0, fetchTimeoutMs: 60_000 });
  try {
    const call = apiClient(patient.url, patient.token, patient.fetch);
    const prefix = `/v1/orgs/${patient.organizationId}/openapi`;
    await call("POST", prefix, { slug: "endless", source: { url: `${sourcesUrl}/endless` } });
    expect((await processed("endless", call, prefix)).lastProcessErrorCode).toBe("FETCH_ERROR");
    // 16 MiB is the cap; the sockets' buffers hold a little more before the close reaches it.
    expect(await endlessClosed).toBeLessThan(24 * 1024 * 1024);
  } finally {
    await patient.close();
  }
});

test("a newer source supersedes one still being fetched: only the newer becomes a version", async () => {
  const slow = await createTestEmulator({ processingDelayMs: 0, fetchTimeoutMs: 600_000 });
  try {
    const call = apiClient(slow.url, slow.token, slow.fetch);
    const prefix = `/v1/orgs/${slow.organizationId}/openapi`;
    await call("POST", prefix, { slug: "raced", source: { url: `${sourcesUrl}/hangs` } });
    await until(
      "progress",
      async () => (await call("GET", `${prefix}/raced`)).body.processingState === "progress",
    );
    await call("PUT", `${prefix}/raced`, { source: { text: SPEC_YAML } });
    const spec = await processed("raced", call, prefix);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const versions = (await call("GET", `${prefix}/raced/versions`)).body;
    expect(versions.items.map((v) => v.id)).toEqual([spec.lastVersion]);
  } finally {
    await slow.close();
  }
});

test("visibility: public hands out a published URL anyone can open, private takes it back", async () => {
  await api("POST", base, { slug: "visible", source: { text: SPEC_YAML } });
  await processed("visible");
  const open = await api("PATCH", `${base}/visible`, { visibility: "public" });
  const published = (open.body.urls as { published?: string }).published!;
  expect(open.body.visibility).toBe("public");
  const page = await t.fetch(published);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("openapi: 3.1.0");
  const app = await t.fetch((open.body.urls as { app: string }).app);
  expect(await app.text()).toContain("complete");

  const closed = await api("PATCH", `${base}/visible`, { visibility: "private" });
  expect((closed.body.urls as { published?: string }).published).toBeUndefined();
  expect((await t.fetch(published)).status).toBe(404);
  expect((await api("PATCH", `${base}/visible`, { visibility: "secret" })).status).toBe(400);
});

test("DELETE answers 205, then 204; the spec and its versions are gone", async () => {
  await api("POST", base, { slug: "doomed", source: { text: SPEC_YAML } });
  await processed("doomed");
  expect((await api("DELETE", `${base}/doomed`)).status).toBe(205);
  expect((await api("DELETE", `${base}/doomed`)).status).toBe(204);
  expect((await api("GET", `${base}/doomed`)).status).toBe(404);
  expect((await api("GET", `${base}/doomed/versions`)).status).toBe(404);
  // The slug is free again.
  expect((await api("POST", base, { slug: "doomed", source: { text: SPEC_YAML } })).status).toBe(
    201,
  );
});

test("specs are listed with paging, and another organization's are invisible", async () => {
  const page = (await api("GET", `${base}?limit=2`)).body;
  expect(page.items).toHaveLength(2);
  expect(page.next?.page).toEqual(expect.any(String));
  const foreign = apiClient(t.url, t.foreignToken, t.fetch);
  expect((await foreign("GET", `${base}/pets`)).status).toBe(404);
  expect(
    (await foreign("POST", base, { slug: "intruder", source: { text: SPEC_YAML } })).status,
  ).toBe(404);
});

test("a restart while a spec is processing resumes it: nothing stays in progress", async () => {
  const dir = mkdtempSync(join(tmpdir(), "openapi-restart-"));
  const data = join(dir, "workspace.db");
  try {
    const first = await startEmulator({ port: 0, data, processingDelayMs: 600_000 });
    const call = apiClient(first.url, first.token);
    const prefix = `/v1/orgs/${first.organizationId}/openapi`;
    await call("POST", prefix, { slug: "interrupted", source: { text: SPEC_YAML } });
    await until(
      "progress",
      async () => (await call("GET", `${prefix}/interrupted`)).body.processingState === "progress",
    );
    await first.close();

    const second = await startEmulator({ port: 0, data, processingDelayMs: 0 });
    try {
      const again = apiClient(second.url, second.token);
      const spec = await processed("interrupted", again, prefix);
      expect(spec.lastVersion).toEqual(expect.any(String));
      expect((await again("GET", `${prefix}/interrupted/versions`)).body.count).toBe(1);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
