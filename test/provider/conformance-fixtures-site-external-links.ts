import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of a site's external links (issue 35). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

/** A site with a section: a site of site spaces only takes no link. */
async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Linked site" });
  const siteId = answer.body.id as string;
  await s.api("POST", `/v1/orgs/${s.org}/sites/${siteId}/sections`, {
    spaceId: null,
    title: "Guides",
  });
  return siteId;
}

export const externalLinkFixtures: Record<string, Fixture> = {
  "site-external-link": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({ siteId: p.siteId, title: `Link ${n}`, url: `https://link.example/${n}` }),
    path: (s, made) => `${siteOf(s, made)}/external-links/${made.id}`,
    limits: [
      { args: { title: "x" }, property: "title", reason: "must be at least 2 characters" },
      {
        args: { title: "t".repeat(129) },
        property: "title",
        reason: "must be at most 128 characters",
      },
      { args: { url: "ftp://example.com/x" }, property: "url", reason: /must be a URL/ },
      {
        args: { description: "d".repeat(257) },
        property: "description",
        reason: "must be at most 256 characters",
      },
      { args: { icon: "i".repeat(51) }, property: "icon", reason: "must be at most 50 characters" },
      {
        args: { condition: "c".repeat(1025) },
        property: "condition",
        reason: "must be at most 1024 characters",
      },
      { args: { localizedTitle: { klingon: "x" } }, property: "localizedTitle", reason: /.+/ },
    ],
    drift: { body: () => ({ url: "https://link.example/by-hand" }), property: "url" },
    partial: {
      skip: "one POST carries every argument: no second request follows it",
    },
  },
  "site-external-links": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      links: [{ title: `Listed ${n}`, url: `https://list.example/${n}`, icon: "signal" }],
    }),
    path: (s, made) => siteOf(s, made),
    limits: [
      {
        args: { links: [{ title: "x", url: "https://list.example/x" }] },
        property: "links[0].title",
        reason: "must be at least 2 characters",
      },
      {
        args: {
          links: [
            { title: "Twice", url: "https://a.example" },
            { title: "Twice", url: "https://a.example" },
          ],
        },
        property: "links[1]",
        reason: /listed twice/,
      },
      { args: { adoptId: "another-site" }, property: "adoptId", reason: /must be the site's id/ },
    ],
    // A link added by hand: the authoritative list shows it, and the next up removes it.
    drift: {
      method: "POST",
      path: (s, made) => `${siteOf(s, made)}/external-links`,
      body: () => ({ title: "By hand", url: "https://link.example/by-hand" }),
      property: "links",
    },
    // The links are the site's: the list is gone only with it.
    gone: { path: (s, made) => siteOf(s, made) },
    partial: { skip: "one POST per declared link, each carrying every setting of its link" },
  },
};
