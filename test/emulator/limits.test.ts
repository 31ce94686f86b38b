import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from "../../emulator/limits";
import { MAX_OFFSET } from "../../emulator/pagination";
import { LOG_BODY_BYTES, LOG_BYTE_BUDGET } from "../../emulator/request-log";
import {
  adminHeaders,
  apiClient,
  createTestEmulator,
  startTestEmulator,
  type TestEmulator,
} from "../support/emulator";

/** Bad input never reaches a 500, and no body can exhaust the log (issue 8). */
let t: TestEmulator;
let api: ReturnType<typeof apiClient>;

beforeEach(async () => {
  t = await createTestEmulator();
  api = apiClient(t.url, t.token, t.fetch);
});
afterEach(() => t.close());

const spaces = () => `/v1/orgs/${t.organizationId}/spaces`;
const cursor = (offset: unknown) =>
  Buffer.from(JSON.stringify({ o: offset })).toString("base64url");

describe("body size", () => {
  test("a body over 1 MiB is 413 naming the limit, and the log keeps only a summary", async () => {
    const body = JSON.stringify({ title: "x".repeat(MAX_BODY_BYTES) });
    await t.clearRequests();
    const res = await api("POST", spaces(), body);
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 413,
      message: `request body is ${body.length} bytes; the limit is ${MAX_BODY_BYTES} bytes (1 MiB)`,
    });
    const [entry] = await t.requests();
    expect(entry).toMatchObject({
      status: 413,
      body: null,
      truncated: { bytes: body.length, reason: "over the request body limit" },
    });
  });

  test("a chunked body with no length is cut off at the limit too", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await t.fetch(`${t.url}${spaces()}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  test("a body at the limit is read and validated like any other", async () => {
    const padding = MAX_BODY_BYTES - JSON.stringify({ title: "" }).length;
    const res = await api("POST", spaces(), JSON.stringify({ title: "x".repeat(padding) }));
    expect([res.status, res.body.error.message]).toEqual([
      400,
      "title must be at most 50 characters",
    ]);
  });

  test("over a socket, the client reads the 413 and the connection stays usable", async () => {
    const s = await startTestEmulator();
    try {
      const socketApi = apiClient(s.url, s.token);
      const big = JSON.stringify({ title: "x".repeat(2 * MAX_BODY_BYTES) });
      const res = await socketApi("POST", `/v1/orgs/${s.organizationId}/spaces`, big);
      expect(res.status).toBe(413);
      expect((await socketApi("GET", "/v1/orgs")).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe("nesting", () => {
  test("a body nested 20,000 levels deep is 400, and the log still answers", async () => {
    const deep = "[".repeat(20_000) + "]".repeat(20_000);
    const res = await api("POST", spaces(), deep);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `request body nests deeper than ${MAX_BODY_DEPTH} levels of arrays and objects`,
    );
    const log = await t.requests();
    expect(log.at(-1)).toMatchObject({
      status: 400,
      body: null,
      truncated: { reason: "nested too deep", bytes: deep.length },
    });
    expect(
      (await t.fetch(`${t.url}/app/requests`, { headers: adminHeaders(t.adminToken) })).status,
    ).toBe(200);
  });

  test("brackets inside strings do not count as nesting", async () => {
    const res = await api("POST", spaces(), { title: "[".repeat(50) });
    expect(res.status).toBe(201);
  });

  test("the nesting limit itself is accepted, one more level is not", async () => {
    const nest = (depth: number) => "[".repeat(depth - 1) + "{}" + "]".repeat(depth - 1);
    // Accepted as JSON, then refused by the schema: an array is not the body's object.
    expect((await api("POST", spaces(), nest(MAX_BODY_DEPTH))).body.error.message).toBe(
      "body must be an object",
    );
    expect((await api("POST", spaces(), nest(MAX_BODY_DEPTH + 1))).body.error.message).toMatch(
      /nests deeper/,
    );
  });
});

describe("page cursors", () => {
  test("a cursor out of range is 400 on every list paged in SQL", async () => {
    const collection = (await api("POST", `/v1/orgs/${t.organizationId}/collections`, {})).body;
    const lists = [
      "/v1/orgs",
      `/v1/orgs/${t.organizationId}/collections`,
      spaces(),
      `/v1/collections/${collection.id}/spaces`,
      `/v1/orgs/${t.organizationId}/sites`,
    ];
    for (const list of lists)
      for (const offset of [1e308, MAX_OFFSET + 1, -1]) {
        const res = await api("GET", `${list}?page=${cursor(offset)}`);
        expect([list, offset, res.status, res.body.error.message]).toEqual([
          list,
          offset,
          400,
          `page is a cursor out of range: its offset must be 0 to ${MAX_OFFSET}`,
        ]);
      }
  });

  test("a cursor past the end answers an empty page", async () => {
    const res = await api("GET", `${spaces()}?page=${cursor(MAX_OFFSET)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, items: [] });
  });

  test("cursors that are not numbers or not ours are 400", async () => {
    for (const page of [cursor("3"), cursor(1.5), "%%%", "e30"]) {
      const res = await api("GET", `${spaces()}?page=${encodeURIComponent(page)}`);
      expect([page, res.status]).toEqual([page, 400]);
    }
  });
});

describe("request log", () => {
  test("keeps small bodies whole and summarizes larger ones", async () => {
    await t.clearRequests();
    const large = { title: "x".repeat(LOG_BODY_BYTES) };
    await api("POST", spaces(), { title: "Small" });
    await api("POST", spaces(), large);
    const [small, summarized] = await t.requests();
    expect(small!.body).toEqual({ title: "Small" });
    expect(summarized).toMatchObject({
      body: null,
      truncated: {
        bytes: JSON.stringify(large).length,
        reason: "larger than the log keeps",
        preview: JSON.stringify(large).slice(0, 200),
      },
    });
  });

  test("200 bodies of nearly 1 MiB add a few KB to the log, not 200 MB", async () => {
    await t.clearRequests();
    const body = JSON.stringify({ title: "x".repeat(MAX_BODY_BYTES - 100) });
    for (let i = 0; i < 200; i++) await api("POST", spaces(), body);
    const log = await t.requests();
    expect(log).toHaveLength(200);
    expect(JSON.stringify(log).length).toBeLessThan(200 * 1024);
  });

  test("stays within its byte budget, dropping the oldest entries first", async () => {
    await t.clearRequests();
    // Bodies the log keeps whole, just under its per-body size: 1,200 of them are past the budget.
    const body = JSON.stringify({ title: "x".repeat(LOG_BODY_BYTES - 100) });
    const count = Math.ceil((LOG_BYTE_BUDGET / LOG_BODY_BYTES) * 1.2);
    for (let i = 0; i < count; i++) await api("POST", `${spaces()}?n=${i}`, body);
    const log = await t.requests();
    expect(log.length).toBeLessThan(count);
    expect(log.at(-1)!.query).toEqual({ n: String(count - 1) });
    expect(Number(log[0]!.query.n)).toBe(count - log.length);
    expect(JSON.stringify(log).length).toBeLessThan(LOG_BYTE_BUDGET * 1.05);
  });
});
