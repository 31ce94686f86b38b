import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/index";
import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedRoles,
  seedSeparateOrganization,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";
import { until } from "../support/harness-cli";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let sites: string;
let site: string;
/** The emulator's clock: a test moves it past the hour between syncs. */
let now = Date.parse("2026-03-01T10:00:00Z");

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0, clock: () => new Date(now) });
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "context");
  sites = `/v1/orgs/${t.organizationId}/sites`;
  site = (await call("POST", sites, { title: "Docs" })).body.id;
});
afterAll(() => t.close());

const connections = (s = site) => `${sites}/${s}/context-connections`;
const SECRET = "ghp_s3cr3tContextToken0123456789";
const issues = {
  connector: "builtin:github-issues",
  setupSettings: { repository: "acme/docs", token: SECRET },
};
type Connection = Record<string, unknown> & { id: string; status: string };
const settled = (path: string, api = call) =>
  until(`${path} synced`, async () => {
    const body = (await api("GET", path)).body as unknown as Connection;
    return body.status === "pending" || body.status === "syncing" ? undefined : body;
  });
const outcome = (path: string, body: Record<string, unknown>) =>
  adminClient(t)("PUT", `${path.replace(/^\/v1/, "")}/sync-outcome`, body);

describe("site context connections", () => {
  test("create answers 201 pending with the token redacted; the sync succeeds; get and list agree", async () => {
    const created = await call("POST", connections(), { ...issues, filter: "label:docs" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "context-connection",
      connector: "builtin:github-issues",
      setupSettings: { repository: "acme/docs", token: "********" },
      status: "pending",
      records: 0,
      filter: "label:docs",
      usageSettings: { changeRequests: false, search: true, sync: false, searchBoost: "x1.0" },
    });
    expect(created.text).not.toContain(SECRET);
    const path = `${connections()}/${created.body.id}`;
    expect((created.body.urls as { location: string }).location).toBe(`${t.url}${path}`);
    const synced = await settled(path);
    expect(synced).toMatchObject({
      status: "succeeded",
      records: 12,
      syncedAt: new Date(now).toISOString(),
    });
    const list = await call("GET", connections());
    expect(list.body.items).toContainEqual(synced);
    expect(list.text).not.toContain(SECRET);
  });

  test("each connector form is validated, a failure naming its field", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call("POST", connections(), body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.text).not.toContain(SECRET);
      return res.body.error.message as string;
    };
    const form = (connector: string, setupSettings: Record<string, unknown>) => ({
      connector,
      setupSettings,
    });
    expect(await bad(form("builtin:website", { url: "ftp://x.example" }))).toContain(
      "setupSettings.url",
    );
    expect(await bad(form("builtin:youtube", { channelId: "nochannel" }))).toContain("channelId");
    expect(
      await bad(form("builtin:github-issues", { repository: "acme", token: SECRET })),
    ).toContain("repository");
    expect(await bad(form("builtin:github-discussions", { repository: "a/b" }))).toContain("token");
    expect(await bad(form("builtin:zendesk", { subdomain: "acme", email: "a@b.c" }))).toContain(
      "apiToken",
    );
    expect(
      await bad(
        form("builtin:jira", {
          baseUrl: "https://acme.atlassian.net",
          apiEmail: "nope",
          apiToken: SECRET,
        }),
      ),
    ).toContain("apiEmail");
    expect(
      await bad(
        form("builtin:jira", {
          baseUrl: "https://acme.atlassian.net",
          apiEmail: "a@acme.example",
          apiToken: SECRET,
          statusMapping: { shipped: "Done" },
        }),
      ),
    ).toContain("statusMapping");
    expect(await bad(form("builtin:freshdesk", { domain: "acme", apiKey: "" }))).toContain(
      "apiKey",
    );
    expect(
      await bad({ connector: "builtin:email", setupSettings: { url: "https://x.example" } }),
    ).toContain("setupSettings");
    expect(await bad({ connector: "integration:a:b" })).toContain("connector");
    expect(await bad({ connector: "builtin:fax" })).toContain("connector");
    expect(await bad({ ...issues, filter: "f".repeat(1025) })).toContain("filter");
    expect(await bad({ ...issues, usageSettings: { search: true } })).toContain("usageSettings");

    for (const body of [
      { connector: "builtin:api" },
      { connector: "integration:slack" },
      form("builtin:youtube", { channelId: "@gitbook" }),
      form("builtin:youtube", { channelId: `UC${"a".repeat(22)}` }),
      form("builtin:zoho-desk", {
        dataCenter: "eu",
        orgId: "1",
        clientId: "c",
        clientSecret: SECRET,
        refreshToken: SECRET,
      }),
      form("builtin:jira", {
        baseUrl: "https://acme.atlassian.net",
        apiEmail: "a@acme.example",
        apiToken: SECRET,
        statusMapping: { merged: "Done" },
      }),
    ]) {
      const res = await call("POST", connections(), body);
      expect([body.connector, res.status]).toEqual([body.connector, 201]);
      expect(res.text).not.toContain(SECRET);
    }
  });

  test("an email connection answers its ingestion address; it has nothing to sync", async () => {
    const created = await call("POST", connections(), { connector: "builtin:email" });
    const address = (created.body.email as { ingestionAddress: string }).ingestionAddress;
    expect(address).toMatch(/^context-[a-z0-9]+@inbound\.docs-workspace\.test$/);
    const path = `${connections()}/${created.body.id}`;
    expect(await settled(path)).toMatchObject({ status: "succeeded", records: 0 });
    const sync = await call("POST", `${path}/sync`);
    expect(sync.status).toBe(400);
    expect(sync.text).toContain("builtin:email");
    expect((await call("POST", `${path}/test`)).body).toEqual({
      object: "context-connection-test-result",
      success: true,
    });
  });

  test("PATCH: label and usage settings change in place; a new setup or filter syncs again", async () => {
    const created = await call("POST", connections(), issues);
    const path = `${connections()}/${created.body.id}`;
    const first = await settled(path);
    const usage = { changeRequests: true, search: false, searchBoost: "x1.2" };
    const labelled = await call("PATCH", path, { label: "Issues", usageSettings: usage });
    expect(labelled.status).toBe(200);
    expect(labelled.body).toEqual({ ...first, label: "Issues", usageSettings: usage });
    const refiltered = await call("PATCH", path, { filter: "label:faq" });
    expect(refiltered.body).toMatchObject({
      status: "pending",
      filter: "label:faq",
      label: "Issues",
    });
    await settled(path);
    const NEW = "ghp_an0therS3cretToken";
    const moved = await call("PATCH", path, {
      connector: "builtin:linear",
      setupSettings: { token: NEW },
    });
    expect(moved.body).toMatchObject({
      connector: "builtin:linear",
      setupSettings: { token: "********" },
      status: "pending",
    });
    expect(moved.text).not.toContain(NEW);
    const bad = await call("PATCH", path, { label: "l".repeat(129) });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("label");
    const cleared = await call("PATCH", path, { label: "" });
    expect(cleared.body.label).toBeUndefined();
  });

  test("a sync within the hour of the last one is 400; after it, a sync starts over", async () => {
    const created = await call("POST", connections(), {
      connector: "builtin:website",
      setupSettings: { url: "https://acme.example" },
    });
    const path = `${connections()}/${created.body.id}`;
    const synced = await settled(path);
    const early = await call("POST", `${path}/sync`);
    expect(early.status).toBe(400);
    expect(early.text).toContain("less than an hour ago");
    now += 60 * 60 * 1000;
    expect((await call("POST", `${path}/sync`)).status).toBe(204);
    const again = await settled(path);
    expect(again.syncedAt).not.toEqual(synced.syncedAt);
    expect(again.status).toBe("succeeded");
  });

  test("the admin API fails a sync with a reason; a test then reports refused credentials", async () => {
    const created = await call("POST", connections(), issues);
    const path = `${connections()}/${created.body.id}`;
    await settled(path);
    const set = await outcome(path, {
      status: "failed",
      failureReason: "authentication",
      failureMessage: "Bad credentials",
    });
    expect(set.status).toBe(204);
    expect((await call("GET", path)).body).toMatchObject({
      status: "failed",
      failureReason: "authentication",
      failureMessage: "Bad credentials",
    });
    const tested = await call("POST", `${path}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ object: "context-connection-test-result", success: false });
    expect(tested.body.error).toContain("builtin:github-issues");
    // A failed connection may sync at once: it succeeds, and the test with it.
    expect((await call("POST", `${path}/sync`)).status).toBe(204);
    expect(await settled(path)).toMatchObject({ status: "succeeded" });
    expect((await call("GET", path)).body.failureReason).toBeUndefined();
    expect((await call("POST", `${path}/test`)).body.success).toBe(true);
    expect((await outcome(`${connections()}/nope`, { status: "succeeded" })).status).toBe(404);
    expect((await outcome(path, { status: "failed" })).status).toBe(400);
  });

  test("delete answers 205, then 204; a deleted connection is 404", async () => {
    const created = await call("POST", connections(), { connector: "builtin:api" });
    const path = `${connections()}/${created.body.id}`;
    expect((await call("DELETE", path)).status).toBe(205);
    expect((await call("DELETE", path)).status).toBe(204);
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("PATCH", path, { label: "Back" })).status).toBe(404);
    expect((await call("POST", `${path}/sync`)).status).toBe(404);
    expect((await call("POST", `${path}/test`)).status).toBe(404);
  });

  test("a site has at most 50 connections", async () => {
    const full = (await call("POST", sites, { title: "Full" })).body.id as string;
    for (let i = 0; i < 50; i++)
      expect((await call("POST", connections(full), { connector: "builtin:api" })).status).toBe(
        201,
      );
    const over = await call("POST", connections(full), { connector: "builtin:api" });
    expect(over.status).toBe(400);
    expect(over.text).toContain("50");
  });

  test("members read; writes, syncs and tests are the site admin's; another tenant sees 404", async () => {
    const created = await call("POST", connections(), { connector: "builtin:api" });
    const path = `${connections()}/${created.body.id}`;
    expect((await roles.reader("GET", connections())).status).toBe(200);
    expect((await roles.reader("GET", path)).status).toBe(200);
    expect((await roles.editor("POST", connections(), { connector: "builtin:api" })).status).toBe(
      403,
    );
    for (const [method, p] of [
      ["PATCH", path],
      ["DELETE", path],
      ["POST", `${path}/sync`],
      ["POST", `${path}/test`],
    ] as const)
      expect([
        method,
        p,
        (await roles.editor(method, p, method === "PATCH" ? { label: "x" } : undefined)).status,
      ]).toEqual([method, p, 403]);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", path)).status).toBe(404);
    expect((await other("POST", `${path}/test`)).status).toBe(404);
    expect((await call("GET", path)).status).toBe(200);
  });

  test("credentials are never in the request log nor on the site's app page", async () => {
    await call("POST", connections(), {
      connector: "builtin:zendesk",
      setupSettings: { subdomain: "acme", email: "a@acme.example", apiToken: SECRET },
    });
    const refused = await call("POST", connections(), { ...issues, filter: 7 });
    expect(refused.status).toBe(400);
    const log = await adminClient(t)("GET", "/requests");
    expect(log.text).toContain("/context-connections");
    expect(log.text).not.toContain(SECRET);
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const html = await (
      await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } })
    ).text();
    expect(html).toContain('<table id="context-connections">');
    expect(html).toContain("builtin:zendesk");
    expect(html).toContain("apiToken (secret)");
    expect(html).not.toContain(SECRET);
  });
});

describe("a sync under way", () => {
  test("a sync request restarts it; the admin API's outcome is kept for it", async () => {
    const slow = await createTestEmulator({ processingDelayMs: 600_000 });
    try {
      const api = apiClient(slow.url, slow.token, slow.fetch);
      const base = `/v1/orgs/${slow.organizationId}/sites`;
      const s = (await api("POST", base, { title: "Slow" })).body.id as string;
      const created = await api("POST", `${base}/${s}/context-connections`, issues);
      const path = `${base}/${s}/context-connections/${created.body.id}`;
      expect((await api("POST", `${path}/sync`)).status).toBe(204);
      expect((await api("GET", path)).body.status).toBe("pending");
      const admin = adminClient(slow);
      const kept = await admin("PUT", `${path.replace(/^\/v1/, "")}/sync-outcome`, {
        status: "failed",
        failureReason: "authentication",
      });
      expect(kept.status).toBe(204);
      expect((await api("GET", path)).body.status).toBe("pending");
      expect((await api("POST", `${path}/test`)).body.success).toBe(false);
    } finally {
      await slow.close();
    }
  });

  test("a restart while a connection syncs syncs it again: nothing stays pending", async () => {
    const dir = mkdtempSync(join(tmpdir(), "context-restart-"));
    const data = join(dir, "workspace.db");
    try {
      const first = await startEmulator({ port: 0, data, processingDelayMs: 600_000 });
      const api = apiClient(first.url, first.token);
      const base = `/v1/orgs/${first.organizationId}/sites`;
      const s = (await api("POST", base, { title: "Restarted" })).body.id as string;
      const created = await api("POST", `${base}/${s}/context-connections`, issues);
      const path = `${base}/${s}/context-connections/${created.body.id}`;
      expect((await api("GET", path)).body.status).toBe("pending");
      await first.close();

      const second = await startEmulator({ port: 0, data, processingDelayMs: 0 });
      try {
        const again = apiClient(second.url, second.token);
        expect(await settled(path, again)).toMatchObject({ status: "succeeded", records: 12 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
