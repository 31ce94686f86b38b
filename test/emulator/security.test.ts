import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { MAX_SESSIONS_PER_VIEWER } from "../../emulator/sessions";
import {
  adminClient,
  apiClient,
  createTestEmulator,
  type ApiBody,
  seedSeparateOrganization,
  type TestEmulator,
} from "../support/emulator";

/**
 * Issue 23: the emulator is safe to run on a developer's machine and in CI. Its admin API needs
 * the admin token, its app pages a login, its bodies are JSON, and a request whose Host or Origin
 * is not the emulator's own (a web page the developer opened, DNS rebinding) is refused.
 */
let t: TestEmulator;

beforeEach(async () => {
  t = await createTestEmulator();
});
afterEach(() => t.close());

const adminHeaders = () => ({
  authorization: `Bearer ${t.adminToken}`,
  "content-type": "application/json",
});

describe("the admin API", () => {
  test("answers 401 without the admin token, or with an API token or a wrong one", async () => {
    for (const authorization of [undefined, `Bearer ${t.token}`, "Bearer wrong-admin-token"]) {
      const res = await t.fetch(`${t.url}/_emulator/seed`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ organizations: [{ title: "Minted" }] }),
      });
      expect([authorization, res.status]).toEqual([authorization, 401]);
      expect(((await res.json()) as ApiBody).error.message).toMatch(/admin token/);
    }
    const requests = await t.fetch(`${t.url}/_emulator/requests`);
    expect(requests.status).toBe(401);
    const seeded = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(),
      body: JSON.stringify({ organizations: [{ title: "Minted" }] }),
    });
    expect(seeded.status).toBe(201);
  });

  test("a text/plain seed from a foreign origin mints nothing, and text/plain is 415 even with the token", async () => {
    const foreign = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://attacker.example" },
      body: JSON.stringify({
        organizations: [{ id: "stolen", title: "Stolen" }],
      }),
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ApiBody).error.message).toMatch(
      /Origin https:\/\/attacker\.example/,
    );
    const plain = await t.fetch(`${t.url}/_emulator/seed`, {
      method: "POST",
      headers: { ...adminHeaders(), "content-type": "text/plain" },
      body: JSON.stringify({ organizations: [{ id: "stolen", title: "Stolen" }] }),
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as ApiBody).error.message).toMatch(/application\/json/);
    const admin = apiClient(t.url, t.token, t.fetch);
    expect((await admin("GET", "/v1/orgs/stolen")).status).toBe(404);
  });

  test("a reset from a foreign origin empties nothing", async () => {
    const res = await t.fetch(`${t.url}/_emulator/reset`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "null" },
      body: "",
    });
    expect(res.status).toBe(403);
    const api = apiClient(t.url, t.token, t.fetch);
    expect((await api("GET", `/v1/orgs/${t.organizationId}`)).status).toBe(200);
  });
});

describe("the workspace API", () => {
  test("a body that is not declared as JSON is 415, naming the content type", async () => {
    const res = await t.fetch(`${t.url}/v1/orgs/${t.organizationId}/spaces`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}`, "content-type": "text/plain" },
      body: JSON.stringify({ title: "Smuggled" }),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as ApiBody).error.message).toBe(
      "request body must be sent as Content-Type: application/json, got text/plain",
    );
  });
});

describe("Host and Origin", () => {
  test("a Host that is not the emulator's is 421 on every part of it", async () => {
    for (const path of ["/", "/openapi.json", "/v1/orgs", "/_emulator/requests", "/app"]) {
      const res = await t.fetch(`http://attacker.example${path}`, {
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect([path, res.status]).toEqual([path, 421]);
      expect(((await res.json()) as ApiBody).error.message).toMatch(
        /Host attacker\.example is not/,
      );
    }
  });
});

describe("the app pages", () => {
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.fetch(`${t.url}/app${path}`, { headers });
    return { status: res.status, html: await res.text() };
  };

  test("without a login they answer 401 with the login form, and show nothing", async () => {
    const index = await page("");
    expect(index.status).toBe(401);
    expect(index.html).toContain('action="/app/login"');
    expect(index.html).not.toContain("Test organization");
    const org = await page(`/o/${t.organizationId}`);
    expect(org.status).toBe(401);
    expect((await page("/requests")).status).toBe(401);
  });

  test("a login with an API token sets an HttpOnly, SameSite=Strict cookie and shows only that token's organizations", async () => {
    const other = await seedSeparateOrganization(t, "Other tenant");
    const login = await t.fetch(`${t.url}/app/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: other.token, next: "/app" }).toString(),
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/app");
    const cookie = login.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toContain(other.token);
    const session = { cookie: cookie.split(";")[0]! };

    const index = await page("", session);
    expect(index.status).toBe(200);
    expect(index.html).toContain("Other tenant");
    expect(index.html).not.toContain("Test organization");
    expect((await page(`/o/${other.organizationId}`, session)).status).toBe(200);
    expect((await page(`/o/${t.organizationId}`, session)).status).toBe(404);
    expect((await page(`/o/${t.organizationId}/search?q=a`, session)).status).toBe(404);
    // The request log holds every tenant's requests: the admin token's alone.
    expect((await page("/requests", session)).status).toBe(403);

    const logout = await t.fetch(`${t.url}/app/logout`, {
      method: "POST",
      headers: session,
      redirect: "manual",
    });
    expect(logout.status).toBe(303);
    expect((await page("", session)).status).toBe(401);
  });

  const logIn = async (token: string, next = "/app") => {
    const login = await t.fetch(`${t.url}/app/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, next }).toString(),
      redirect: "manual",
    });
    const cookie = login.headers.get("set-cookie");
    return { login, session: { cookie: cookie?.split(";")[0] ?? "" } };
  };

  test("one token holder's logins push out only its own oldest sessions, never another viewer's", async () => {
    const theirs = (await logIn(t.foreignToken)).session;
    const mine = [];
    for (let i = 0; i < MAX_SESSIONS_PER_VIEWER + 1_000; i++)
      mine.push((await logIn(t.token)).session);
    expect((await page("", theirs)).status).toBe(200);
    // The token holder keeps its latest sessions, and loses its oldest.
    expect((await page("", mine.at(-1)!)).status).toBe(200);
    expect((await page("", mine.at(-MAX_SESSIONS_PER_VIEWER)!)).status).toBe(200);
    expect((await page("", mine.at(-MAX_SESSIONS_PER_VIEWER - 1)!)).status).toBe(401);
    expect((await page("", mine[0]!)).status).toBe(401);
  });

  test("a login whose next holds a line break or a character no header carries leads to /app, and answers 303", async () => {
    for (const next of ["/app/x\r\nX: 1", "/app/x\nSet-Cookie: a=b", "/app/\u00e9\u4e2d"]) {
      const { login, session } = await logIn(t.token, next);
      expect([next, login.status, login.headers.get("location")]).toEqual([next, 303, "/app"]);
      expect((await page("", session)).status).toBe(200);
    }
    expect((await logIn(t.token, "/app/o/x?y=1")).login.headers.get("location")).toBe(
      "/app/o/x?y=1",
    );
  });

  test("a wrong token does not log in", async () => {
    const login = await t.fetch(`${t.url}/app/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=not-a-token",
      redirect: "manual",
    });
    expect(login.status).toBe(401);
    expect(login.headers.get("set-cookie")).toBeNull();
  });

  test("a login from a foreign origin is refused", async () => {
    const login = await t.fetch(`${t.url}/app/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://attacker.example",
      },
      body: new URLSearchParams({ token: t.token }).toString(),
      redirect: "manual",
    });
    expect(login.status).toBe(403);
  });

  test("the admin token shows the request log; a bearer API token reads the pages too", async () => {
    const admin = { authorization: `Bearer ${t.adminToken}` };
    expect((await page("/requests", admin)).status).toBe(200);
    expect((await page("/faults", admin)).status).toBe(200);
    const user = { authorization: `Bearer ${t.foreignToken}` };
    expect((await page(`/o/${t.foreignOrganizationId}`, user)).status).toBe(200);
    expect((await page(`/o/${t.organizationId}`, user)).status).toBe(404);
  });
});

describe("over a socket", () => {
  let emulator: RunningEmulator;
  beforeEach(async () => {
    emulator = await startEmulator({ port: 0, adminToken: "admin-token-for-the-socket-test" });
  });
  afterEach(() => emulator.close());

  /** A raw request, so the Host header is the test's own. */
  function raw(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: emulator.port, path, method: "GET", headers },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  test("startEmulator answers the admin token it was given, and the Host it listens on is checked", async () => {
    expect(emulator.adminToken).toBe("admin-token-for-the-socket-test");
    const authorization = `Bearer ${emulator.adminToken}`;
    const ok = await raw("/_emulator/faults", {
      host: `127.0.0.1:${emulator.port}`,
      authorization,
    });
    expect(ok.status).toBe(200);
    const local = await raw("/_emulator/faults", {
      host: `localhost:${emulator.port}`,
      authorization,
    });
    expect(local.status).toBe(200);
    const rebound = await raw("/_emulator/faults", {
      host: `attacker.example:${emulator.port}`,
      authorization,
    });
    expect(rebound.status).toBe(421);
    const otherPort = await raw("/_emulator/faults", {
      host: `127.0.0.1:${emulator.port + 1}`,
      authorization,
    });
    expect(otherPort.status).toBe(421);
  });

  test("without an admin token given, one is made, and the demo token does not open the admin API", async () => {
    const made = await startEmulator({ port: 0 });
    try {
      expect(made.adminToken).toMatch(/^\S{32,}$/);
      expect(made.adminToken).not.toBe(made.token);
      const res = await fetch(`${made.url}/_emulator/requests`, {
        headers: { authorization: `Bearer ${made.token}` },
      });
      expect(res.status).toBe(401);
      const ok = await fetch(`${made.url}/_emulator/requests`, {
        headers: { authorization: `Bearer ${made.adminToken}` },
      });
      expect(ok.status).toBe(200);
    } finally {
      await made.close();
    }
  });
});

describe("stored script on the emulator's origin", () => {
  const SVG =
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

  test("a file is served as an attachment with nosniff, an SVG included", async () => {
    const api = apiClient(t.url, t.token, t.fetch);
    const space = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Files" });
    const written = await adminClient(t)("PUT", `/spaces/${space.body.id}/content`, {
      pages: [{ title: "Home" }],
      files: [{ name: "diagram.svg", contentType: "image/svg+xml", text: SVG }],
    });
    expect(written.status).toBe(200);
    const files = await api("GET", `/v1/spaces/${space.body.id}/content/files`);
    const url = files.body.items[0]!.downloadURL as string;
    const res = await t.fetch(url, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="diagram.svg"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
  });

  test("the admin content API takes only the content types of documentation files", async () => {
    const api = apiClient(t.url, t.token, t.fetch);
    const space = await api("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Typed" });
    for (const contentType of ["text/html", "application/javascript", "text/xml"]) {
      const res = await adminClient(t)("PUT", `/spaces/${space.body.id}/content`, {
        pages: [{ title: "Home" }],
        files: [{ name: "page.html", contentType, text: "<script>alert(1)</script>" }],
      });
      expect([contentType, res.status]).toEqual([contentType, 400]);
      expect(res.body.error.message).toMatch(/^files\[0\]\.contentType must be one of /);
    }
  });

  test("every page carries a strict Content-Security-Policy that allows no script", async () => {
    const headers = { authorization: `Bearer ${t.token}` };
    for (const path of ["/", "/app", "/app/login", `/app/o/${t.organizationId}`, "/openapi.json"]) {
      const res = await t.fetch(`${t.url}${path}`, { headers });
      expect([path, res.status]).toEqual([path, 200]);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
      // The pages' one style element is what the policy's hash allows.
      const style = /<style>([\s\S]*?)<\/style>/.exec(await res.text())?.[1];
      if (style !== undefined)
        expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
