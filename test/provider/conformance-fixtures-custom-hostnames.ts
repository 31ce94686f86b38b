import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of custom hostnames (issue 35). */

const sitePath = (s: Setup, site: unknown) => `/v1/orgs/${s.org}/sites/${site as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Hosted site" });
  return answer.body.id as string;
}

export const customHostnameFixtures: Record<string, Fixture> = {
  "custom-hostname": {
    parents: async (s) => ({ siteId: await newSite(s), otherSiteId: await newSite(s) }),
    inputs: (p, n) => ({ siteId: p.siteId, hostname: `docs-${n}.conformance.example` }),
    path: (_s, made) => `/v1/custom-hostnames/${made.id}`,
    limits: [
      {
        args: { hostname: "Docs.Example.com" },
        property: "hostname",
        reason: /must match the pattern/,
      },
      { args: { hostname: "example.com" }, property: "hostname", reason: /must match the pattern/ },
      {
        args: { hostname: `${"a.".repeat(256)}com` },
        property: "hostname",
        reason: "must be at most 512 characters",
      },
      { args: { siteId: "" }, property: "siteId", reason: "must not be empty" },
      {
        args: { activationTimeoutSeconds: 3601 },
        property: "activationTimeoutSeconds",
        reason: /at most 3600/,
      },
    ],
    // Moved by hand to another site of the organization: its first site lets it go, then the
    // other takes it. The next up moves it back.
    drift: {
      before: async (s, made: Made) => {
        await s.api("PATCH", sitePath(s, made.parents.siteId), { hostname: null });
      },
      path: (s, made) => sitePath(s, made.parents.otherSiteId),
      body: (made) => ({ hostname: made.id }),
      property: "siteId",
    },
    // A move writes to the two sites, never to another organization.
    loggedAs: (made) => `/orgs/${made.outs.organizationId as string}/sites/`,
    partial: {
      skip: "one PATCH of the site carries the hostname: no second write follows it",
    },
  },
};
