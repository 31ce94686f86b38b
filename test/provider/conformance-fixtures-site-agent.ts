import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixtures of a site's agent settings and ads (issue 35). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Agent site" });
  return answer.body.id as string;
}

/** A published site: only those may be submitted for ads. */
async function publishedSite(s: Setup): Promise<string> {
  const siteId = await newSite(s);
  await s.api("POST", `/v1/orgs/${s.org}/sites/${siteId}/publish`);
  return siteId;
}

const emptyDocument = { object: "document", data: {}, nodes: [] };

export const siteAgentFixtures: Record<string, Fixture> = {
  "site-agent-settings": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      scanTopics: "never",
      findingChangeRequests: "auto-fixable",
      customInstructions: `Conformance instructions ${n}`,
    }),
    path: (s, made) => `${siteOf(s, made)}/agent-settings`,
    limits: [
      {
        args: { scanTopics: "weekly" },
        property: "scanTopics",
        reason: 'must be one of "auto", "never"',
      },
      {
        args: { findingChangeRequests: "sometimes" },
        property: "findingChangeRequests",
        reason: 'must be one of "always", "auto-fixable", "never"',
      },
      { args: { customInstructions: "" }, property: "customInstructions", reason: /./ },
      { args: { adoptId: "another-site" }, property: "adoptId", reason: /must be the site's id/ },
    ],
    drift: {
      method: "PUT",
      body: () => ({
        scans: { topics: "auto" },
        findings: { changeRequests: "auto-fixable" },
        editing: { customInstructions: emptyDocument },
      }),
      property: "scanTopics",
    },
    // The settings are the site's: they are gone only with it.
    gone: { path: (s, made) => siteOf(s, made) },
    partial: { skip: "a GET then one PUT: no write follows the PUT" },
  },
  "site-ads": {
    parents: async (s) => ({ siteId: await publishedSite(s) }),
    inputs: (p) => ({ siteId: p.siteId, enabled: true, topic: "webdev" }),
    path: (s, made) => `${siteOf(s, made)}/ads`,
    limits: [
      { args: { topic: "sports" }, property: "topic", reason: 'must be one of "webdev", "crypto"' },
      { args: { topic: undefined }, property: "topic", reason: /is required while enabled/ },
      { args: { adoptId: "another-site" }, property: "adoptId", reason: /must be the site's id/ },
    ],
    drift: { method: "POST", body: () => ({ status: "disabled" }), property: "enabled" },
    // A site's ads are the site's: they are gone only with it.
    gone: { path: (s, made) => siteOf(s, made) },
    partial: { skip: "one POST carries every argument; the GET after it writes nothing" },
  },
};
