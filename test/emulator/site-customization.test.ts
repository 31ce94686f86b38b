import { message, startSitesHarness, type SitesHarness } from "./sites-helpers";
import { adminHeaders } from "../support/emulator";
import { defaultCustomization } from "../../emulator/render/site-customization";

let h: SitesHarness;
beforeAll(async () => {
  h = await startSitesHarness();
});
afterAll(() => h.t.close());

type Doc = Record<string, unknown>;

/** A site with one site space, and the paths of their customization. */
async function siteWithSpace() {
  const spaceId = await h.createSpace("Guides");
  const site = await h.call("POST", h.sites, { title: "Docs", spaces: [spaceId] });
  expect(site.status).toBe(201);
  const siteId = site.body.id as string;
  const spaces = await h.call("GET", `${h.sites}/${siteId}/site-spaces`);
  const siteSpaceId = spaces.body.items![0]!.id as string;
  return {
    siteId,
    siteSpaceId,
    site: `${h.sites}/${siteId}/customization`,
    siteSpace: `${h.sites}/${siteId}/site-spaces/${siteSpaceId}/customization`,
  };
}

/** The defaults with some fields changed: a whole document for PUT. */
function documentWith(change: (doc: ReturnType<typeof defaultCustomization>) => void) {
  const doc = defaultCustomization();
  change(doc);
  return doc;
}

/** A token of a member of the test organization with `role`. */
async function memberToken(role: string): Promise<string> {
  const seed = (body: unknown) =>
    h.t.fetch(`${h.t.url}/_emulator/seed`, {
      method: "POST",
      headers: adminHeaders(h.t.adminToken, true),
      body: JSON.stringify(body),
    });
  const email = `${role}-custom@example.com`;
  const seeded = await seed({ users: [{ displayName: role, email }] });
  const { users } = (await seeded.json()) as { users: string[] };
  const token = `${role}_token_for_customization_tests`;
  const members = await seed({
    members: [{ organization: h.org, user: users[0], role }],
    tokens: [{ token, user: users[0] }],
  });
  expect(members.status).toBe(201);
  return token;
}

describe("site customization", () => {
  test("a new site answers the service's defaults, with no updatedAt", async () => {
    const paths = await siteWithSpace();
    const got = await h.call("GET", paths.site);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(defaultCustomization());
    expect(got.body.updatedAt).toBeUndefined();
  });

  test("PUT replaces the whole document; GET answers it with updatedAt", async () => {
    const paths = await siteWithSpace();
    const doc = documentWith((d) => {
      d.styling.theme = "bold";
      d.title = "Acme docs";
      d.footer.copyright = "© Acme";
    });
    const put = await h.call("PUT", paths.site, doc);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: "Acme docs", styling: { theme: "bold" } });
    expect(typeof put.body.updatedAt).toBe("string");
    // A second PUT without the title unsets it: the document is replaced, not merged.
    const { title: _, ...untitled } = doc;
    await h.call("PUT", paths.site, untitled);
    const got = await h.call("GET", paths.site);
    expect(got.body.title).toBeUndefined();
    expect((got.body.footer as Doc).copyright).toBe("© Acme");
  });

  test("PUT validates field by field, naming the field and the limit", async () => {
    const paths = await siteWithSpace();
    const cases: [Doc, string][] = [
      [documentWith((d) => (d.title = "x")), "title"],
      [documentWith((d) => (d.styling.primaryColor.light = "blue")), "styling.primaryColor.light"],
      [documentWith((d) => Object.assign(d.styling, { theme: "neon" })), "styling.theme"],
      [documentWith((d) => (d.ai.greeting = "g".repeat(257))), "ai.greeting"],
      [documentWith((d) => (d.footer.copyright = "c".repeat(513))), "footer.copyright"],
    ];
    for (const [body, field] of cases) {
      const reply = await h.call("PUT", paths.site, body);
      expect(reply.status).toBe(400);
      expect(message(reply)).toContain(field);
    }
    const { styling: _, ...partial } = defaultCustomization();
    const missing = await h.call("PUT", paths.site, partial);
    expect(missing.status).toBe(400);
    expect(message(missing)).toContain("styling");
    expect(
      message(
        await h.call(
          "PUT",
          paths.site,
          documentWith((d) => (d.title = "x")),
        ),
      ),
    ).toMatch(/2/);
  });

  test("URL fields take http and https only: javascript: and data: are 400 naming the field", async () => {
    const paths = await siteWithSpace();
    const themed = (url: string) => ({ light: url, dark: "https://a.example/dark.png" });
    for (const bad of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>"]) {
      const cases: [Doc, string][] = [
        [documentWith((d) => (d.favicon = { icon: themed(bad) })), "favicon"],
        [documentWith((d) => (d.header.logo = themed(bad))), "header.logo.light"],
        [documentWith((d) => (d.privacyPolicy = { url: bad })), "privacyPolicy.url"],
        [documentWith((d) => (d.socialPreview = { url: bad })), "socialPreview.url"],
      ];
      for (const [body, field] of cases) {
        const reply = await h.call("PUT", paths.site, body);
        expect([field, reply.status]).toEqual([field, 400]);
        expect(message(reply)).toContain(field);
      }
      const patched = await h.call("PATCH", paths.siteSpace, { privacyPolicy: { url: bad } });
      expect(patched.status).toBe(400);
    }
    const fine = documentWith((d) => (d.privacyPolicy = { url: "https://a.example/privacy" }));
    expect((await h.call("PUT", paths.site, fine)).status).toBe(200);
  });

  test("a site space answers the site's settings, with its override laid over them", async () => {
    const paths = await siteWithSpace();
    await h.call(
      "PUT",
      paths.site,
      documentWith((d) => (d.styling.corners = "straight")),
    );
    const before = await h.call("GET", paths.siteSpace);
    expect((before.body.styling as Doc).corners).toBe("straight");
    const patch = await h.call("PATCH", paths.siteSpace, {
      title: "Guides site",
      styling: { theme: "muted", sidebar: { list: "pill" } },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({
      title: "Guides site",
      styling: { theme: "muted", corners: "straight", sidebar: { background: "default" } },
    });
    expect((patch.body.styling as { sidebar: Doc }).sidebar.list).toBe("pill");
    // The site's own settings are untouched.
    expect((await h.call("GET", paths.site)).body.title).toBeUndefined();
    // null resets one field of the override; the others stay.
    await h.call("PATCH", paths.siteSpace, { styling: { theme: null } });
    const reset = await h.call("GET", paths.siteSpace);
    expect((reset.body.styling as Doc).theme).toBe("clean");
    expect(reset.body.title).toBe("Guides site");
  });

  test("DELETE removes the override: 205, then 204 once there is none", async () => {
    const paths = await siteWithSpace();
    await h.call("PATCH", paths.siteSpace, { themes: { default: "dark" } });
    expect((await h.call("DELETE", paths.siteSpace)).status).toBe(205);
    expect((await h.call("GET", paths.siteSpace)).body).toEqual(defaultCustomization());
    expect((await h.call("DELETE", paths.siteSpace)).status).toBe(204);
    // An override reset field by field until empty is gone as well.
    await h.call("PATCH", paths.siteSpace, { themes: { default: "dark" } });
    await h.call("PATCH", paths.siteSpace, { themes: { default: null } });
    expect((await h.call("DELETE", paths.siteSpace)).status).toBe(204);
  });

  test("PATCH ignores what a site space cannot override, as any unknown field", async () => {
    const paths = await siteWithSpace();
    const before = (await h.call("GET", paths.siteSpace)).body;
    const ai = await h.call("PATCH", paths.siteSpace, { ai: { mode: "assistant" } });
    expect([ai.status, ai.body]).toEqual([200, before]);
    const font = await h.call("PATCH", paths.siteSpace, { styling: { font: "Lato" } });
    expect([font.status, font.body]).toEqual([200, before]);
  });

  test("the published view shows the stored customization", async () => {
    const paths = await siteWithSpace();
    await h.call(
      "PUT",
      paths.site,
      documentWith((d) => (d.styling.icons = "duotone")),
    );
    await h.call("PATCH", paths.siteSpace, { styling: { icons: "thin" } });
    expect((await h.call("POST", `${h.sites}/${paths.siteId}/publish`)).status).toBe(200);
    const published = await h.call("GET", `${h.sites}/${paths.siteId}/published`);
    const customizations = published.body.customizations as {
      site: { styling: Doc };
      siteSpaces: Record<string, { styling: Doc }>;
    };
    expect(customizations.site.styling.icons).toBe("duotone");
    expect(customizations.siteSpaces[paths.siteSpaceId]!.styling.icons).toBe("thin");
  });

  test("readers read, only admins write; the AI instructions are the admin's alone", async () => {
    const paths = await siteWithSpace();
    await h.call(
      "PUT",
      paths.site,
      documentWith((d) => Object.assign(d.ai, { mode: "assistant", instructions: "Be brief" })),
    );
    const reader = await memberToken("read");
    const read = await h.call("GET", paths.site, undefined, reader);
    expect(read.status).toBe(200);
    expect((read.body.ai as Doc).mode).toBe("assistant");
    expect((read.body.ai as Doc).instructions).toBeUndefined();
    expect(((await h.call("GET", paths.site)).body.ai as Doc).instructions).toBe("Be brief");
    const put = await h.call("PUT", paths.site, defaultCustomization(), reader);
    expect(put.status).toBe(403);
    const patch = await h.call("PATCH", paths.siteSpace, { title: "No" }, reader);
    expect(patch.status).toBe(403);
    expect((await h.call("DELETE", paths.siteSpace, undefined, reader)).status).toBe(403);
  });

  test("another organization's site and an unknown site space are 404", async () => {
    const paths = await siteWithSpace();
    const foreign = await h.call("GET", paths.site, undefined, h.t.foreignToken);
    expect(foreign.status).toBe(404);
    const other = `/orgs/${h.t.foreignOrganizationId}/sites/${paths.siteId}/customization`;
    expect((await h.call("GET", other, undefined, h.t.foreignToken)).status).toBe(404);
    const unknown = `${h.sites}/${paths.siteId}/site-spaces/nope/customization`;
    expect((await h.call("GET", unknown)).status).toBe(404);
    expect((await h.call("PATCH", unknown, { title: "Nope" })).status).toBe(404);
    expect((await h.call("DELETE", unknown)).status).toBe(204);
  });
});
