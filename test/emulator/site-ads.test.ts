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

beforeAll(async () => {
  t = await createTestEmulator({ processingDelayMs: 0 });
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "ads");
  sites = `/v1/orgs/${t.organizationId}/sites`;
});
afterAll(() => t.close());

/** A new site, published unless told otherwise. */
async function newSite(published = true): Promise<string> {
  const id = (await call("POST", sites, { title: "Docs" })).body.id as string;
  if (published) expect((await call("POST", `${sites}/${id}/publish`)).status).toBe(200);
  return id;
}
const ads = (site: string) => `${sites}/${site}/ads`;
type Ads = { status: string; topic?: string; zoneId?: string; reason?: string };
const adsOf = async (site: string) => (await call("GET", `${sites}/${site}`)).body.ads as Ads;
const settled = (site: string) =>
  until(`site ${site} reviewed`, async () => {
    const now = await adsOf(site);
    return now.status === "in-review" ? undefined : now;
  });

describe("site ads", () => {
  test("a site starts pending, submittable once published", async () => {
    expect(await adsOf(await newSite(false))).toEqual({ status: "pending", submittable: false });
    expect(await adsOf(await newSite())).toEqual({ status: "pending", submittable: true });
  });

  test("a submission is in review, then live with a zone of its own", async () => {
    const site = await newSite();
    const posted = await call("POST", ads(site), { status: "in-review", topic: "webdev" });
    expect(posted.status).toBe(204);
    expect(posted.text).toBe("");
    const live = await settled(site);
    expect(live).toEqual({
      status: "live",
      topic: "webdev",
      zoneId: expect.stringMatching(/^zone_/),
    });
  });

  test("the admin API's verdict rejects the next review, with its reason", async () => {
    const site = await newSite();
    const verdict = await adminClient(t)(
      "PUT",
      `/orgs/${t.organizationId}/sites/${site}/ads-verdict`,
      { verdict: "rejected", reason: "Not enough original content" },
    );
    expect(verdict.status).toBe(204);
    await call("POST", ads(site), { status: "in-review", topic: "crypto" });
    expect(await settled(site)).toEqual({
      status: "rejected",
      reason: "Not enough original content",
    });
    // The verdict was spent: submitted again, the site goes live.
    await call("POST", ads(site), { status: "in-review", topic: "crypto" });
    expect((await settled(site)).status).toBe("live");
  });

  test("disabling a live site keeps its topic and zone; a topic change is a new review", async () => {
    const site = await newSite();
    await call("POST", ads(site), { status: "in-review", topic: "webdev" });
    const live = await settled(site);
    expect((await call("POST", ads(site), { status: "disabled" })).status).toBe(204);
    expect(await adsOf(site)).toEqual({ ...live, status: "disabled" });
    await call("POST", ads(site), { status: "in-review" });
    expect(await settled(site)).toEqual(live);
    await call("POST", ads(site), { topic: "crypto" });
    expect(await settled(site)).toEqual({ ...live, topic: "crypto" });
  });

  test("a submission without a topic, or of an unpublished site, is refused naming the field", async () => {
    const unpublished = await newSite(false);
    const notYet = await call("POST", ads(unpublished), { status: "in-review", topic: "webdev" });
    expect(notYet.status).toBe(400);
    expect(notYet.text).toContain("status");
    const site = await newSite();
    const noTopic = await call("POST", ads(site), { status: "in-review" });
    expect(noTopic.status).toBe(400);
    expect(noTopic.text).toContain("topic");
    const wrong = await call("POST", ads(site), { status: "live", topic: "webdev" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("status");
    expect(await adsOf(site)).toEqual({ status: "pending", submittable: true });
  });

  test("withdrawing a review under way leaves the site pending, and the review never lands", async () => {
    const slow = await createTestEmulator({ processingDelayMs: 600_000 });
    try {
      const api = apiClient(slow.url, slow.token, slow.fetch);
      const path = `/v1/orgs/${slow.organizationId}/sites`;
      const site = (await api("POST", path, { title: "Slow" })).body.id as string;
      await api("POST", `${path}/${site}/publish`);
      await api("POST", `${path}/${site}/ads`, { status: "in-review", topic: "webdev" });
      expect(((await api("GET", `${path}/${site}`)).body.ads as Ads).status).toBe("in-review");
      await api("POST", `${path}/${site}/ads`, { status: "disabled" });
      expect((await api("GET", `${path}/${site}`)).body.ads).toEqual({
        status: "pending",
        submittable: true,
      });
    } finally {
      await slow.close();
    }
  });

  test("only the site's admins change ads; another tenant sees 404", async () => {
    const site = await newSite();
    const body = { status: "in-review", topic: "webdev" };
    expect((await roles.editor("POST", ads(site), body)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Adless");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("POST", ads(site), body)).status).toBe(404);
    const crossed = `/v1/orgs/${foreign.organizationId}/sites/${site}/ads`;
    expect((await other("POST", crossed, body)).status).toBe(404);
    expect(await adsOf(site)).toEqual({ status: "pending", submittable: true });
  });

  test("the site's app page shows where it stands", async () => {
    const site = await newSite();
    await call("POST", ads(site), { status: "in-review", topic: "webdev" });
    const { zoneId } = await settled(site);
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const res = await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } });
    const html = await res.text();
    expect(html).toMatch(/id="ads">\s*<dt>Status<\/dt>\s*<dd>live<\/dd>/);
    expect(html).toContain(zoneId);
  });

  test("a restart while a site is in review reviews it again: nothing stays in review", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ads-restart-"));
    const data = join(dir, "workspace.db");
    try {
      const first = await startEmulator({ port: 0, data, processingDelayMs: 600_000 });
      const api = apiClient(first.url, first.token);
      const path = `/v1/orgs/${first.organizationId}/sites`;
      const site = (await api("POST", path, { title: "Restarted" })).body.id as string;
      await api("POST", `${path}/${site}/publish`);
      await api("POST", `${path}/${site}/ads`, { status: "in-review", topic: "webdev" });
      await first.close();

      const second = await startEmulator({ port: 0, data, processingDelayMs: 0 });
      try {
        const again = apiClient(second.url, second.token);
        const live = await until("reviewed after the restart", async () => {
          const now = (await again("GET", `${path}/${site}`)).body.ads as Ads;
          return now.status === "live" ? now : undefined;
        });
        expect(live).toMatchObject({ topic: "webdev" });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
