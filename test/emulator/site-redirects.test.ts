import { createHmac } from "node:crypto";
import {
  adminClient,
  apiClient,
  createTestEmulator,
  seedContent,
  seedRoles,
  seedSeparateOrganization,
  type RoleClients,
  type TestEmulator,
} from "../support/emulator";

let t: TestEmulator;
let call: ReturnType<typeof apiClient>;
let roles: RoleClients;
let sites: string;
let site: string;
let siteSpace: string;
let space: string;

beforeAll(async () => {
  t = await createTestEmulator();
  call = apiClient(`${t.url}`, t.token, t.fetch);
  roles = await seedRoles(t, "redir");
  sites = `/v1/orgs/${t.organizationId}/sites`;
  space = (await call("POST", `/v1/orgs/${t.organizationId}/spaces`, { title: "Guides" })).body.id;
  await seedContent(t, `/spaces/${space}/content`, {
    pages: [{ title: "Install", pages: [{ title: "Linux" }] }],
  });
  site = (await call("POST", sites, { title: "Docs", spaces: [space] })).body.id;
  siteSpace = (await call("GET", `${sites}/${site}/site-spaces`)).body.items[0]!.id;
});
afterAll(() => t.close());

const redirects = () => `${sites}/${site}/redirects`;
const external = (url: string) => ({ kind: "external", url });

describe("site redirects", () => {
  test("create answers 201 with the redirect, and the lookup by source finds it", async () => {
    const created = await call("POST", redirects(), {
      source: "/old/guide",
      destination: external("https://example.com/new"),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "site-redirect",
      source: "/old/guide",
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: external("https://example.com/new"),
    });
    expect(created.body.updatedAt).toBeUndefined();
    const found = await call("GET", `${sites}/${site}/redirect?source=/old/guide`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ redirect: created.body, target: "https://example.com/new" });
    const none = await call("GET", `${sites}/${site}/redirect?source=/nowhere`);
    expect(none.status).toBe(404);
  });

  test("a source is unique among a site's live redirects: a second one is 409", async () => {
    const body = { source: "/dup", destination: external("https://example.com/a") };
    expect((await call("POST", redirects(), body)).status).toBe(201);
    const again = await call("POST", redirects(), body);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("source /dup is already redirected");
    // A draft of the same source is another redirect.
    expect((await call("POST", redirects(), { ...body, draft: true })).status).toBe(201);
  });

  test("sources and destinations are validated, naming the field", async () => {
    const bad = async (body: unknown) => {
      const reply = await call("POST", redirects(), body);
      expect(reply.status).toBe(400);
      return reply.body.error.message;
    };
    const to = external("https://example.com");
    expect(await bad({ source: "no-slash", destination: to })).toContain("source");
    expect(await bad({ source: "/a/*/b", destination: to })).toContain("source");
    expect(await bad({ source: `/${"a".repeat(512)}`, destination: to })).toMatch(/source.*512/);
    expect(
      await bad({ source: "/x", destination: external(`https://e.com/${"a".repeat(2048)}`) }),
    ).toMatch(/destination.*2048/);
    expect(await bad({ source: "/x", destination: external("ftp://example.com") })).toContain(
      "destination",
    );
    expect(
      await bad({ source: "/x", destination: { kind: "site-space", siteSpaceId: "nope" } }),
    ).toBe("destination.siteSpaceId nope is not a site space of this site");
    expect(
      await bad({
        source: "/x",
        destination: { kind: "site-page", siteSpaceId: siteSpace, pageId: "p" },
      }),
    ).toBe(`destination.pageId p is not a page of site space ${siteSpace}`);
  });

  test("a path destination becomes the site page it names, and the lookup answers its URL", async () => {
    const created = await call("POST", redirects(), {
      source: "/linux",
      permanent: true,
      destination: { kind: "path", spaceId: space, path: "install/linux" },
    });
    expect(created.status).toBe(201);
    const destination = created.body.destination as Record<string, string>;
    expect(destination).toMatchObject({ kind: "site-page", siteSpaceId: siteSpace });
    const found = await call("GET", `${sites}/${site}/redirect?source=/linux`);
    expect(found.body.target).toBe(
      `https://${t.organizationId.toLowerCase()}.docs.emulator.local/${site}/guides/install/linux`,
    );
  });

  test("PATCH changes the destination and the source, and keeps the source unique", async () => {
    const a = await call("POST", redirects(), {
      source: "/pa",
      destination: external("https://a.example"),
    });
    await call("POST", redirects(), { source: "/pb", destination: external("https://b.example") });
    const patched = await call("PATCH", `${redirects()}/${a.body.id}`, {
      source: "/pa2",
      destination: { kind: "site-space", siteSpaceId: siteSpace },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      source: "/pa2",
      destination: { kind: "site-space", siteSpaceId: siteSpace },
    });
    expect(typeof patched.body.updatedAt).toBe("string");
    const clash = await call("PATCH", `${redirects()}/${a.body.id}`, { source: "/pb" });
    expect(clash.status).toBe(409);
    expect((await call("PATCH", `${redirects()}/nope`, { permanent: true })).status).toBe(404);
  });

  test("the list pages, filters by draft and search, and orders by source", async () => {
    const all = await call("GET", `${redirects()}?orderBy=source&limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.next).toBeDefined();
    const sources = (await call("GET", `${redirects()}?orderBy=source`)).body.items.map(
      (r) => r.source,
    );
    expect(sources).toEqual([...sources].sort());
    expect(sources).not.toContain(undefined);
    const drafts = await call("GET", `${redirects()}?draft=true`);
    expect(drafts.body.items.map((r) => r.source)).toEqual(["/dup"]);
    const searched = await call("GET", `${redirects()}?search=linu`);
    expect(searched.body.items.map((r) => r.source)).toEqual(["/linux"]);
  });

  test("bulk PUT creates, updates, deletes and publishes each item on its own", async () => {
    const reply = await call("PUT", redirects(), {
      redirects: [
        { source: "/bulk-new", destination: external("https://n.example") },
        { source: "/old/guide", destination: external("https://u.example") },
        { source: "/pb", destination: null },
        { source: "/dup", intent: "publish" },
        { source: "/bad", destination: { kind: "site-section", siteSectionId: "x" } },
      ],
    });
    expect(reply.status).toBe(200);
    const results = reply.body.results as Record<string, unknown>[];
    expect(results.map((r) => r.status)).toEqual([
      "created",
      "updated",
      "deleted",
      "published",
      "error",
    ]);
    expect(results[4]!.error).toBe(
      "redirects[4].destination.siteSectionId x is not a section of this site",
    );
    const found = await call("GET", `${sites}/${site}/redirect?source=/old/guide`);
    expect(found.body.target).toBe("https://u.example");
    expect((await call("GET", `${sites}/${site}/redirect?source=/pb`)).status).toBe(404);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      source: `/m${i}`,
      destination: null,
    }));
    const over = await call("PUT", redirects(), { redirects: tooMany });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toContain("redirects");
  });

  test("DELETE answers 205, then 204 when the redirect is gone", async () => {
    const r = await call("POST", redirects(), {
      source: "/gone",
      destination: external("https://g.example"),
    });
    expect((await call("DELETE", `${redirects()}/${r.body.id}`)).status).toBe(205);
    expect((await call("DELETE", `${redirects()}/${r.body.id}`)).status).toBe(204);
  });

  test("members read redirects; only admins write them; another tenant sees 404", async () => {
    const body = { source: "/roles", destination: external("https://r.example") };
    expect((await roles.reader("GET", redirects())).status).toBe(200);
    expect((await roles.reader("GET", `${sites}/${site}/redirect?source=/linux`)).status).toBe(200);
    expect((await roles.editor("POST", redirects(), body)).status).toBe(403);
    expect((await roles.editor("PUT", redirects(), { redirects: [body] })).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Elsewhere");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", redirects())).status).toBe(404);
    expect((await other("POST", redirects(), body)).status).toBe(404);
    const otherSites = `/v1/orgs/${foreign.organizationId}/sites/${site}/redirects`;
    expect((await other("GET", otherSites)).status).toBe(404);
  });
});

describe("visitor authentication", () => {
  const auth = () => `${sites}/${site}/publishing/auth`;

  test("GET answers the defaults with a random key that stays the same", async () => {
    const first = await call("GET", auth());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      object: "publishing-auth",
      backend: "custom",
      privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect((await call("GET", auth())).body.privateKey).toBe(first.body.privateKey);
    const other = (await call("POST", sites, { title: "Other" })).body.id;
    const otherKey = (await call("GET", `${sites}/${other}/publishing/auth`)).body.privateKey;
    expect(otherKey).not.toBe(first.body.privateKey);
  });

  test("PATCH sets the backend and URLs, null unsets a URL; regenerate changes the key", async () => {
    const before = (await call("GET", auth())).body.privateKey;
    const patched = await call("PATCH", auth(), {
      backend: "custom",
      fallbackURL: "https://login.example.com/fallback",
      logoutURL: "https://login.example.com/logout",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      fallbackURL: "https://login.example.com/fallback",
      logoutURL: "https://login.example.com/logout",
      privateKey: before,
    });
    const unset = await call("PATCH", auth(), { backend: "integration", logoutURL: null });
    expect(unset.body).toMatchObject({
      backend: "integration",
      fallbackURL: "https://login.example.com/fallback",
    });
    expect(unset.body.logoutURL).toBeUndefined();
    const bad = await call("PATCH", auth(), { backend: "custom", fallbackURL: "not a url" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("fallbackURL");
    const regenerated = await call("POST", `${auth()}/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.privateKey).not.toBe(before);
    expect((await call("GET", auth())).body.privateKey).toBe(regenerated.body.privateKey);
  });

  test("only admins reach it (the answer holds the key); another tenant sees 404", async () => {
    expect((await roles.editor("GET", auth())).status).toBe(403);
    expect((await roles.reader("POST", `${auth()}/regenerate`)).status).toBe(403);
    const foreign = await seedSeparateOrganization(t, "Faraway");
    const other = apiClient(t.url, foreign.token, t.fetch);
    expect((await other("GET", auth())).status).toBe(404);
  });

  test("the private key is never in the request log", async () => {
    const key = (await call("POST", `${auth()}/regenerate`)).body.privateKey as string;
    // A caller that echoes the key back in a body (refused) does not put it in the log either.
    await call("PATCH", auth(), { backend: "custom", privateKey: key });
    const log = await adminClient(t)("GET", "/requests");
    expect(log.status).toBe(200);
    expect(log.text).toContain("/publishing/auth");
    expect(log.text).not.toContain(key);
  });
});

describe("the site's app page", () => {
  test("lists the redirects and whether visitor auth is on, never the key", async () => {
    const authPath = `${sites}/${site}/publishing/auth`;
    await call("PATCH", authPath, { backend: "custom", fallbackURL: "https://sso.example/in" });
    const key = (await call("GET", authPath)).body.privateKey as string;
    expect((await call("PATCH", `${sites}/${site}`, { visibility: "visitor-auth" })).status).toBe(
      200,
    );
    const app = ((await call("GET", `${sites}/${site}`)).body.urls as { app: string }).app;
    const res = await t.fetch(app, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<table id="redirects">');
    expect(html).toContain("<code>/linux</code>");
    expect(html).toContain("https://u.example");
    expect(html).toMatch(
      /id="visitor-auth">\s*<dt>State<\/dt>\s*<dd><span class="badge on">On<\/span>[\s\S]*https:\/\/sso.example\/in/,
    );
    expect(html).not.toContain(key);
  });
});

describe("the published view of a visitor-auth site", () => {
  const sign = (key: string, claims: Record<string, unknown>) => {
    const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
    return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
  };

  test("opens only to a token signed with the site's current key, and the token is masked in the log", async () => {
    const authPath = `${sites}/${site}/publishing/auth`;
    expect((await call("POST", `${sites}/${site}/publish`)).status).toBe(200);
    const key = (await call("GET", authPath)).body.privateKey as string;
    const published = `${sites}/${site}/published`;
    expect((await call("GET", published)).status).toBe(404);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = sign(key, { sub: "visitor", exp });
    expect((await call("GET", `${published}?visitorAuthToken=${token}`)).status).toBe(200);
    const forged = sign("another key", { sub: "visitor", exp });
    expect((await call("GET", `${published}?visitorAuthToken=${forged}`)).status).toBe(404);
    const expired = sign(key, { sub: "visitor", exp: 1 });
    expect((await call("GET", `${published}?visitorAuthToken=${expired}`)).status).toBe(404);
    // A new key: tokens signed with the old one stop working at once.
    await call("POST", `${authPath}/regenerate`);
    expect((await call("GET", `${published}?visitorAuthToken=${token}`)).status).toBe(404);
    const log = await adminClient(t)("GET", "/requests");
    expect(log.text).not.toContain(token);
  });
});
