import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { ApiClient, ApiError, listOf, paginate } from "../../provider/client";
import { Limiter } from "../../common/limiter";
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from "../../provider/client/retry";
import * as collections from "../../provider/api/collections";
import * as openapi from "../../provider/api/openapi-specs";
import * as people from "../../provider/api/people";
import * as sites from "../../provider/api/sites";
import { deleteSection } from "../../provider/api/site-sections";
import { deleteSiteSpace } from "../../provider/api/site-spaces";
import * as spaces from "../../provider/api/spaces";
import * as translations from "../../provider/api/translations";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

const Organization = z.looseObject({ id: z.string(), title: z.string() });
const Collection = z.looseObject({ id: z.string(), title: z.string() });

let emu: TestEmulator;
let waits: number[];

function client(
  overrides: { token?: string; maxConcurrency?: number; maxTotalWaitMs?: number } = {},
) {
  return new ApiClient({
    apiUrl: emu.url,
    apiToken: overrides.token ?? emu.token,
    maxConcurrency: overrides.maxConcurrency ?? 8,
    ...(overrides.maxTotalWaitMs === undefined
      ? {}
      : { retry: { maxTotalWaitMs: overrides.maxTotalWaitMs } }),
    // Record the waits instead of spending them; the delays themselves are asserted.
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());
beforeEach(async () => {
  waits = [];
  await emu.clearFaults();
  await emu.clearRequests();
});

const orgPath = () => `/v1/orgs/${emu.organizationId}`;

describe("retries", () => {
  test("a 429 with Retry-After is retried after the server's delay, then succeeds", async () => {
    await emu.addFault({ path: orgPath(), count: 1, kind: "status", status: 429, retryAfter: 2 });
    const org = await client().get(orgPath(), Organization);
    expect(org.id).toBe(emu.organizationId);
    expect(waits).toEqual([2000]);
    expect((await emu.requests()).map((r) => r.status)).toEqual([429, 200]);
  });

  test("a Retry-After longer than one backoff step is waited in full", async () => {
    await emu.addFault({ path: orgPath(), count: 1, kind: "status", status: 429, retryAfter: 30 });
    await client().get(orgPath(), Organization);
    expect(waits).toEqual([30_000]);
  });

  test("a Retry-After over a minute is waited for, within the total-wait cap", async () => {
    await emu.addFault({ path: orgPath(), count: 1, kind: "status", status: 429, retryAfter: 120 });
    await client().get(orgPath(), Organization);
    expect(waits).toEqual([120_000]);
  });

  test("a Retry-After beyond the total-wait cap fails at once, naming the setting", async () => {
    await emu.addFault({ path: orgPath(), count: 1, kind: "status", status: 429, retryAfter: 120 });
    const error = (await client({ maxTotalWaitMs: 60_000 })
      .get(orgPath(), Organization)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.message).toBe(`[GET] ${orgPath()}: 429 ${error.detail}`);
    expect(error.detail).toMatch(
      /not retried: waiting 120 s more would pass the 60 s that docs-workspace:maxRetryWait allows one request/,
    );
    expect(waits).toEqual([]);
  });

  test("an action POST that declares itself idempotent is retried after a 503 like a PUT", async () => {
    const created = await client().request("POST", `${orgPath()}/collections`, {
      body: { title: "Moved twice" },
      schema: Collection,
    });
    const path = `/v1/collections/${created.id}/move`;
    await emu.addFault({ method: "POST", path, count: 1, kind: "status", status: 503 });
    await emu.addFault({ method: "POST", path, count: 1, kind: "drop", when: "after" });
    const moved = await client().request("POST", path, {
      body: { parent: null },
      schema: Collection,
      idempotent: true,
    });
    expect(moved.id).toBe(created.id);
    expect(waits).toHaveLength(2);
    expect((await emu.requests()).filter((r) => r.path === path).map((r) => r.status)).toEqual([
      503, 0, 200,
    ]);
  });

  test("a 503 on GET is retried with backoff, then succeeds", async () => {
    await emu.addFault({ path: orgPath(), count: 2, kind: "status", status: 503 });
    const org = await client().get(orgPath(), Organization);
    expect(org.id).toBe(emu.organizationId);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(DEFAULT_RETRY_POLICY.baseDelayMs / 2);
    expect(waits[1]).toBeGreaterThanOrEqual(DEFAULT_RETRY_POLICY.baseDelayMs);
    expect((await emu.requests()).map((r) => r.status)).toEqual([503, 503, 200]);
  });

  test("a dropped connection on GET is retried", async () => {
    await emu.addFault({ path: orgPath(), count: 1, kind: "drop" });
    const org = await client().get(orgPath(), Organization);
    expect(org.title).toBe("Test organization");
    expect(waits).toHaveLength(1);
  });

  test("a POST answered by a 5xx is not retried: it may have been processed", async () => {
    const path = `${orgPath()}/collections`;
    await emu.addFault({ method: "POST", path, count: 1, kind: "status", status: 503 });
    const error = await client()
      .request("POST", path, { body: { title: "Once" }, schema: Collection })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(waits).toEqual([]);
    expect((await emu.requests()).filter((r) => r.method === "POST")).toHaveLength(1);
  });

  test("a POST answered by a 429 is retried: the server did not process it", async () => {
    const path = `${orgPath()}/collections`;
    await emu.addFault({
      method: "POST",
      path,
      count: 1,
      kind: "status",
      status: 429,
      retryAfter: 1,
    });
    const created = await client().request("POST", path, {
      body: { title: "Throttled" },
      schema: Collection,
    });
    expect(created.title).toBe("Throttled");
    expect(waits).toEqual([1000]);
  });

  test("retries stop after the policy's last attempt and surface the error", async () => {
    await emu.addFault({ path: orgPath(), kind: "status", status: 503 });
    const error = (await client()
      .get(orgPath(), Organization)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(waits).toHaveLength(DEFAULT_RETRY_POLICY.maxRetries);
  });
});

describe("pagination", () => {
  test("iterates across 3 pages following next.page", async () => {
    const c = client();
    for (let i = 0; i < 5; i++) {
      await c.request("POST", `${orgPath()}/collections`, {
        body: { title: `Page ${i}` },
        schema: Collection,
      });
    }
    await emu.clearRequests();
    const titles: string[] = [];
    for await (const collection of paginate(c, `${orgPath()}/collections`, Collection, {
      limit: 2,
    })) {
      titles.push(collection.title);
    }
    expect(titles.filter((t) => t.startsWith("Page "))).toHaveLength(5);
    const gets = (await emu.requests()).filter((r) => r.method === "GET");
    expect(gets).toHaveLength(Math.ceil(titles.length / 2));
    expect(gets.length).toBeGreaterThanOrEqual(3);
    expect(gets[0]!.query).toEqual({ limit: "2" });
    expect(gets[1]!.query.page).toEqual(expect.any(String));
  });
});

describe("sharing reads", () => {
  test("identical GETs through sharing views join one in flight; the client's own GETs never join", async () => {
    const c = client();
    const path = `${orgPath()}/collections`;
    await emu.addFault({ method: "GET", path, kind: "latency", latencyMs: 300 });
    const Page = listOf(Collection);
    const [a, b, own] = await Promise.all([
      c.sharingReads().get(path, Page, { limit: 5 }),
      c.sharingReads().get(path, Page, { limit: 5 }),
      c.get(path, Page, { limit: 5 }),
    ]);
    expect(b).toBe(a);
    expect(own).not.toBe(a);
    expect((await emu.requests()).filter((r) => r.path === path)).toHaveLength(2);
    // Once answered, the next one is sent anew.
    await c.sharingReads().get(path, Page, { limit: 5 });
    expect((await emu.requests()).filter((r) => r.path === path)).toHaveLength(3);
  });

  test("a different query or schema is a different read", async () => {
    const c = client();
    const path = `${orgPath()}/collections`;
    const Page = listOf(Collection);
    const Other = listOf(z.looseObject({ id: z.string() }));
    await emu.addFault({ method: "GET", path, kind: "latency", latencyMs: 300 });
    const view = c.sharingReads();
    await Promise.all([
      view.get(path, Page, { limit: 5 }),
      view.get(path, Page, { limit: 6 }),
      view.get(path, Other, { limit: 5 }),
    ]);
    expect((await emu.requests()).filter((r) => r.path === path)).toHaveLength(3);
  });
});

describe("errors", () => {
  test("the message reads [METHOD] path: status detail and never holds the token", async () => {
    const path = `/v1/collections/does-not-exist`;
    const error = (await client()
      .get(path, Collection)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^\[GET\] \/v1\/collections\/does-not-exist: 404 .+/);
    expect(error.status).toBe(404);
    expect(error.method).toBe("GET");
    expect(error.path).toBe(path);
    expect(error.message).not.toContain(emu.token);
    expect(JSON.stringify(error)).not.toContain(emu.token);
  });

  test("a 400 carries the API's message naming the field and the limit", async () => {
    const error = (await client()
      .request("POST", `${orgPath()}/collections`, {
        body: { title: "x".repeat(51) },
        schema: Collection,
      })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toMatch(/^\[POST\] \/v1\/orgs\/[^/]+\/collections: 400 .*title.*50/);
  });

  test("a network failure names the method and path, not the token", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const dead = new ApiClient({
      apiUrl: `http://127.0.0.1:${port}`,
      apiToken: "secret-token-value",
      maxConcurrency: 1,
      retry: { maxRetries: 0 },
    });
    const error = (await dead.get("/v1/orgs", Organization).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe("[GET] /v1/orgs: request failed: ECONNREFUSED");
    expect(`${error.message} ${error.stack}`).not.toContain("secret-token-value");
  });

  test("an unknown token is a 401 whose message does not echo it", async () => {
    const error = (await client({ token: "wrong-token-123" })
      .get(orgPath(), Organization)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).not.toContain("wrong-token-123");
  });

  test("a response missing a required field is a clear error naming it", async () => {
    const Strict = z.looseObject({ id: z.string(), notInTheApi: z.string() });
    const error = (await client()
      .get(orgPath(), Strict)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(
      `[GET] ${orgPath()}: 200 response does not match the API: notInTheApi is required`,
    );
  });

  test("a body that is not JSON still yields the status, and a 2xx one fails validation clearly", async () => {
    // A proxy in front of the API answers HTML: first a 502 page, then a 200 page.
    const answers = [
      [502, "text/html", "<html>Bad gateway</html>"],
      [200, "text/html", "<html>Login</html>"],
    ] as const;
    let hits = 0;
    const server = createServer((_req, res) => {
      const [status, type, body] = answers[Math.min(hits++, answers.length - 1)]!;
      res.writeHead(status, { "content-type": type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const c = new ApiClient({
        apiUrl: `http://127.0.0.1:${port}`,
        apiToken: "t",
        maxConcurrency: 1,
        sleep: async (ms) => void waits.push(ms),
      });
      const error = (await c.get("/v1/orgs/o", Organization).catch((e: unknown) => e)) as ApiError;
      expect(hits).toBe(2); // the 502 was retried
      expect(error.status).toBe(200);
      expect(error.message).toMatch(
        /^\[GET\] \/v1\/orgs\/o: 200 response does not match the API: body must be an object/,
      );
      const once = new ApiClient({
        apiUrl: `http://127.0.0.1:${port}`,
        apiToken: "t",
        maxConcurrency: 1,
        retry: { maxRetries: 0 },
      });
      hits = 0;
      const bad = (await once.get("/v1/orgs/o", Organization).catch((e: unknown) => e)) as ApiError;
      expect(bad.message).toBe("[GET] /v1/orgs/o: 502 Bad Gateway");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("unknown response fields pass through validation", async () => {
    const body = await client().get(orgPath(), z.looseObject({ id: z.string() }));
    expect(body).toHaveProperty("title", "Test organization");
  });
});

describe("deletes", () => {
  test("a DELETE answered 204 or 205 resolves; a 404 surfaces for the lifecycle to forgive", async () => {
    const statuses = [204, 205, 404];
    const server = createServer((_req, res) => {
      const status = statuses.shift()!;
      res.writeHead(status, status === 404 ? { "content-type": "application/json" } : {});
      res.end(status === 404 ? JSON.stringify({ error: { code: 404, message: "gone" } }) : "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const c = new ApiClient({
        apiUrl: `http://127.0.0.1:${port}`,
        apiToken: "t",
        maxConcurrency: 1,
      });
      await expect(c.request("DELETE", "/v1/spaces/a")).resolves.toBeUndefined();
      await expect(c.request("DELETE", "/v1/spaces/b")).resolves.toBeUndefined();
      const error = (await c
        .request("DELETE", "/v1/spaces/c")
        .catch((e: unknown) => e)) as ApiError;
      expect(error.isNotFound).toBe(true);
      expect(error.message).toBe("[DELETE] /v1/spaces/c: 404 gone");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("concurrency", () => {
  test("the client never has more requests in flight than its cap", async () => {
    // A server of our own that holds each request 30 ms and counts how many overlap.
    let inFlight = 0;
    let peak = 0;
    const server = createServer((_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ id: "o", title: "t" }));
      }, 30);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const c = new ApiClient({
        apiUrl: `http://127.0.0.1:${port}`,
        apiToken: "t",
        maxConcurrency: 2,
      });
      const results = await Promise.all(
        Array.from({ length: 8 }, () => c.get("/v1/orgs/o", Organization)),
      );
      expect(results).toHaveLength(8);
      expect(peak).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("the limiter hands a freed slot to the next waiter in order", async () => {
    const limiter = new Limiter(1);
    const order: string[] = [];
    let release!: () => void;
    const first = limiter.run(
      () => new Promise<void>((resolve) => (release = () => (order.push("a"), resolve()))),
    );
    const second = limiter.run(async () => void order.push("b"));
    const third = limiter.run(async () => void order.push("c"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["a", "b", "c"]);
  });
});

describe("retry policy", () => {
  test("Retry-After is read as seconds or an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  test("backoff doubles per attempt within its jitter band and is capped", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 0, undefined, () => 0)).toBe(50);
    expect(backoffDelay(policy, 0, undefined, () => 1)).toBe(100);
    expect(backoffDelay(policy, 3, undefined, () => 1)).toBe(800);
    expect(backoffDelay(policy, 10, undefined, () => 1)).toBe(1000);
    expect(backoffDelay(policy, 0, 5000)).toBe(5000);
  });
});

test("listOf accepts the list envelope", () => {
  expect(listOf(Collection).parse({ count: 0, items: [] })).toEqual({ count: 0, items: [] });
});

describe("ids in paths", () => {
  test("an id that is not one path segment is refused, naming its property, before anything is sent", async () => {
    const c = client();
    const org = emu.organizationId;
    const attempts: [() => Promise<unknown>, string, string][] = [
      [() => spaces.deleteSpace(c, ".."), "spaceId", ".."],
      [() => spaces.getSpace(c, "."), "spaceId", "."],
      [() => sites.deleteSite(c, org, ".."), "siteId", ".."],
      [() => deleteSection(c, org, "../..", "s"), "siteId", "../.."],
      [() => sites.getSite(c, "a/b", "site"), "organizationId", "a/b"],
      [() => deleteSiteSpace(c, org, "site", "..\\x"), "siteSpaceId", "..\\x"],
      [() => collections.deleteCollection(c, ""), "collectionId", ""],
      [() => people.removeTeamMember(c, org, "..", "u1"), "teamId", ".."],
      [() => translations.deleteTranslation(c, org, "\u0000"), "translationId", "\u0000"],
      [() => openapi.deleteSpec(c, org, ".."), "specSlug", ".."],
    ];
    for (const [attempt, property, id] of attempts) {
      // Called as the handlers call them, from async code: a refusal may come before any promise.
      const failure = await Promise.resolve()
        .then(attempt)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).message).toBe(
        `${property} ${JSON.stringify(id)} is not an id: an id is one path segment (not empty, "." or "..", no "/", "\\" or control character); nothing was sent`,
      );
    }
    expect(await emu.requests()).toEqual([]);
  });
});
