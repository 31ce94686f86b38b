import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixtures of a site's redirects and visitor authentication (issue 24). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Redirected site" });
  return answer.body.id as string;
}

const external = (url: string) => ({ kind: "external", url });

export const redirectFixtures: Record<string, Fixture> = {
  "site-redirect": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      source: `/old/page-${n}`,
      destination: external(`https://example.com/new/${n}`),
    }),
    path: (s, made) => `${siteOf(s, made)}/redirects/${made.id}`,
    limits: [
      { args: { source: "old/page" }, property: "source", reason: /^must match the pattern/ },
      {
        args: { source: `/${"a".repeat(512)}` },
        property: "source",
        reason: "must be at most 512 characters",
      },
      {
        args: { destination: external("ftp://example.com/file") },
        property: "destination.url",
        reason: /must be a URL/,
      },
      {
        args: { destination: { kind: "page", pageId: "p" } },
        property: "destination.kind",
        reason: "does not match any allowed form",
      },
    ],
    drift: {
      body: () => ({ destination: external("https://example.com/by-hand") }),
      property: "destination",
    },
    partial: {
      skip: "one POST carries every argument: no second request follows it",
    },
  },
  "site-visitor-auth": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p) => ({
      siteId: p.siteId,
      backend: "custom",
      fallbackURL: "https://login.example.com/fallback",
    }),
    path: (s, made) => `${siteOf(s, made)}/publishing/auth`,
    limits: [
      {
        args: { backend: "ldap" },
        property: "backend",
        reason: 'must be one of "custom", "integration"',
      },
      { args: { fallbackURL: "not a url" }, property: "fallbackURL", reason: /must be a URL/ },
      { args: { rotation: "" }, property: "rotation", reason: "must not be empty" },
      { args: { adoptId: "another-site" }, property: "adoptId", reason: /must be the site's id/ },
    ],
    drift: { body: () => ({ backend: "integration" }), property: "backend" },
    // The settings are the site's: they are gone only with it.
    gone: { path: (s, made) => siteOf(s, made) },
    partial: {
      skip: "one PATCH writes every setting: no second request follows it",
    },
  },
};
