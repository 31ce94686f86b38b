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
let org: string;
let sites: string;

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "hosts");
  org = `/v1/orgs/${t.organizationId}`;
  sites = `${org}/sites`;
});
afterAll(() => t.close());

async function newSite(): Promise<string> {
  return (await call("POST", sites, { title: "Docs" })).body.id as string;
}
const hostPath = (hostname: string) => `/v1/custom-hostnames/${hostname}`;
type Hostname = {
  hostname: string;
  target: Record<string, string>;
  isActive: boolean;
  status: string;
};
const settled = (hostname: string, api = call) =>
  until(`${hostname} checked`, async () => {
    const now = (await api("GET", hostPath(hostname))).body as unknown as Hostname;
    return now.status === "ssl_pending" ? undefined : now;
  });
const attach = (site: string, hostname: string | null) =>
  call("PATCH", `${sites}/${site}`, { hostname });

describe("custom hostnames", () => {
  test("a site's hostname is checked, then live; the site and the hostname name each other", async () => {
    const site = await newSite();
    const patched = await attach(site, "docs.acme.example");
    expect(patched.status).toBe(200);
    expect(patched.body.hostname).toBe("docs.acme.example");
    expect(await settled("docs.acme.example")).toEqual({
      object: "custom-hostname",
      hostname: "docs.acme.example",
      target: { type: "site", site },
      isActive: true,
      status: "live",
      urls: { location: `${t.url}/v1/custom-hostnames/docs.acme.example` },
    });
    expect((await call("GET", `${sites}/${site}`)).body.hostname).toBe("docs.acme.example");
  });

  test("the organization's customHostname targets the organization; null detaches it", async () => {
    const patched = await call("PATCH", org, { customHostname: "help.acme.example" });
    expect(patched.status).toBe(200);
    expect(patched.body.customHostname).toBe("help.acme.example");
    expect(await settled("help.acme.example")).toMatchObject({
      target: { type: "organization", organization: t.organizationId },
      isActive: true,
      status: "live",
    });
    const detached = await call("PATCH", org, { customHostname: null });
    expect(detached.body).not.toHaveProperty("customHostname");
    expect((await call("GET", hostPath("help.acme.example"))).body).toMatchObject({
      isActive: false,
      status: "live",
    });
  });

  test("a hostname another site or organization uses is 409; once detached, another takes it", async () => {
    const first = await newSite();
    const second = await newSite();
    await attach(first, "shared.acme.example");
    const taken = await attach(second, "shared.acme.example");
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("shared.acme.example");
    const foreign = await seedSeparateOrganization(t, "Hostname rival");
    const rival = apiClient(t.url, foreign.token, t.fetch);
    const theirs = (
      await rival("POST", `/v1/orgs/${foreign.organizationId}/sites`, { title: "Rival" })
    ).body.id as string;
    const rivalSite = `/v1/orgs/${foreign.organizationId}/sites/${theirs}`;
    expect((await rival("PATCH", rivalSite, { hostname: "shared.acme.example" })).status).toBe(409);
    const rivalOrg = `/v1/orgs/${foreign.organizationId}`;
    expect((await rival("PATCH", rivalOrg, { customHostname: "shared.acme.example" })).status).toBe(
      409,
    );

    expect((await attach(first, null)).body).not.toHaveProperty("hostname");
    expect((await attach(second, "shared.acme.example")).status).toBe(200);
    expect(await settled("shared.acme.example")).toMatchObject({
      target: { type: "site", site: second },
      isActive: true,
    });
  });

  test("a new hostname on a site detaches its old one; the same one again starts no check", async () => {
    const site = await newSite();
    await attach(site, "old.acme.example");
    await settled("old.acme.example");
    await attach(site, "new.acme.example");
    expect((await call("GET", hostPath("old.acme.example"))).body.isActive).toBe(false);
    await settled("new.acme.example");
    // Its DNS went wrong since; declaring the same hostname again does not check it again.
    await adminClient(t)("PUT", "/custom-hostnames/new.acme.example/status", {
      status: "dns_no_cname",
    });
    expect((await attach(site, "new.acme.example")).status).toBe(200);
    expect((await call("GET", hostPath("new.acme.example"))).body.status).toBe("dns_no_cname");
  });

  test("the admin API's status ends the check; a DNS error may be revalidated, live may not", async () => {
    const site = await newSite();
    await attach(site, "broken.acme.example");
    const admin = adminClient(t);
    const injected = await admin("PUT", "/custom-hostnames/broken.acme.example/status", {
      status: "dns_wrong_cname",
    });
    expect(injected.status).toBe(204);
    expect((await settled("broken.acme.example")).status).toBe("dns_wrong_cname");
    expect((await call("GET", `${sites}/${site}`)).body.hostname).toBe("broken.acme.example");

    const again = await call("PATCH", hostPath("broken.acme.example"));
    expect(again.status).toBe(204);
    expect(await settled("broken.acme.example")).toMatchObject({ status: "live", isActive: true });
    const live = await call("PATCH", hostPath("broken.acme.example"));
    expect(live.status).toBe(409);
    expect(live.text).toContain("live");

    await admin("PUT", "/custom-hostnames/broken.acme.example/status", {
      status: "invalid_domain",
    });
    expect((await call("PATCH", hostPath("broken.acme.example"))).status).toBe(409);
    await attach(site, null);
    const inactive = await call("PATCH", hostPath("broken.acme.example"));
    expect(inactive.status).toBe(400);
    expect(inactive.text).toContain("inactive");
    const pending = await admin("PUT", "/custom-hostnames/broken.acme.example/status", {
      status: "ssl_pending",
    });
    expect(pending.status).toBe(400);
    expect(
      (
        await admin("PUT", "/custom-hostnames/none.acme.example/status", {
          status: "live",
        })
      ).status,
    ).toBe(404);
  });

  test("DELETE removes the hostname from its site (205), then answers 204", async () => {
    const site = await newSite();
    await attach(site, "gone.acme.example");
    expect((await call("DELETE", hostPath("gone.acme.example"))).status).toBe(205);
    expect((await call("GET", hostPath("gone.acme.example"))).status).toBe(404);
    expect((await call("GET", `${sites}/${site}`)).body).not.toHaveProperty("hostname");
    expect((await call("DELETE", hostPath("gone.acme.example"))).status).toBe(204);
  });

  test("deleting a site removes its hostname", async () => {
    const site = await newSite();
    await attach(site, "short.acme.example");
    await call("DELETE", `${sites}/${site}`);
    expect((await call("GET", hostPath("short.acme.example"))).status).toBe(404);
  });

  test("a hostname must be lower case with three labels or more, named in the 400", async () => {
    const site = await newSite();
    for (const hostname of ["acme.example", "Docs.Acme.example", "docs..acme.example", "-a.b.c"]) {
      const res = await attach(site, hostname);
      expect([hostname, res.status]).toEqual([hostname, 400]);
      expect(res.text).toContain("hostname");
    }
    const long = `${"a".repeat(60)}.`.repeat(9) + "example";
    expect((await attach(site, long)).status).toBe(400);
    const orgRes = await call("PATCH", org, { customHostname: "acme.example" });
    expect(orgRes.status).toBe(400);
    expect(orgRes.text).toContain("customHostname");
  });

  test("only the organization's admins reach a hostname; anyone else hears 404 and changes nothing", async () => {
    const site = await newSite();
    await attach(site, "private.acme.example");
    const before = await settled("private.acme.example");
    expect((await roles.editor("PATCH", `${sites}/${site}`, { hostname: null })).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Hostname prober");
    const them = apiClient(t.url, foreign.token, t.fetch);
    for (const api of [roles.editor, roles.reader, them]) {
      expect((await api("GET", hostPath("private.acme.example"))).status).toBe(404);
      expect((await api("PATCH", hostPath("private.acme.example"))).status).toBe(404);
      // As for any absent object, a DELETE answers 204 and removes nothing.
      expect((await api("DELETE", hostPath("private.acme.example"))).status).toBe(204);
    }
    expect((await call("GET", hostPath("private.acme.example"))).body).toEqual(before);
  });

  test("the site's and the organization's app pages show the hostname and its status", async () => {
    const site = await newSite();
    await attach(site, "page.acme.example");
    await settled("page.acme.example");
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const html = await (
      await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } })
    ).text();
    expect(html).toMatch(
      /id="custom-hostname">\s*<dt>Hostname<\/dt>\s*<dd><code>page\.acme\.example<\/code><\/dd>\s*<dt>Status<\/dt>\s*<dd>live<\/dd>/,
    );
    await call("PATCH", org, { customHostname: "org-page.acme.example" });
    const orgApp = ((await call("GET", org)).body.urls as { app: string }).app;
    const orgHtml = await (
      await t.fetch(orgApp, { headers: { authorization: `Bearer ${t.token}` } })
    ).text();
    expect(orgHtml).toMatch(/<dd><code>org-page\.acme\.example<\/code><\/dd>\s*<dt>Status<\/dt>/);
    await call("PATCH", org, { customHostname: null });
  });

  test("a restart while a hostname is in check checks it again: nothing stays pending", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hostname-restart-"));
    const data = join(dir, "workspace.db");
    try {
      const first = await startEmulator({ port: 0, data, processingDelayMs: 600_000 });
      const api = apiClient(first.url, first.token);
      const path = `/v1/orgs/${first.organizationId}/sites`;
      const site = (await api("POST", path, { title: "Restarted" })).body.id as string;
      await api("PATCH", `${path}/${site}`, { hostname: "restart.acme.example" });
      expect((await api("GET", hostPath("restart.acme.example"))).body.status).toBe("ssl_pending");
      await first.close();

      const second = await startEmulator({ port: 0, data, processingDelayMs: 0 });
      try {
        const again = apiClient(second.url, second.token);
        expect((await settled("restart.acme.example", again)).status).toBe("live");
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
