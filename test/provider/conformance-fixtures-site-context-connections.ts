import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of a site's context connections (issue 35). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Connected site" });
  return answer.body.id as string;
}

export const contextConnectionFixtures: Record<string, Fixture> = {
  "site-context-connection": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      connector: "builtin:github-issues",
      repository: `acme/docs-${n}`,
      token: `ghp_token-${n}`,
      filter: "label:docs",
    }),
    path: (s, made) => `${siteOf(s, made)}/context-connections/${made.id}`,
    limits: [
      { args: { connector: "builtin:fax" }, property: "connector", reason: /must match/ },
      { args: { repository: "acme" }, property: "repository", reason: /must match the pattern/ },
      { args: { token: "" }, property: "token", reason: "must not be empty" },
      {
        args: { url: "https://acme.example" },
        property: "url",
        reason: "is not taken by a builtin:github-issues connection",
      },
      {
        args: { filter: "f".repeat(1025) },
        property: "filter",
        reason: "must be at most 1024 characters",
      },
      {
        args: { label: "l".repeat(129) },
        property: "label",
        reason: "must be at most 128 characters",
      },
      {
        args: { syncTimeoutSeconds: 0 },
        property: "syncTimeoutSeconds",
        reason: /at least 1/,
      },
    ],
    drift: { body: () => ({ filter: "label:by-hand" }), property: "filter" },
    partial: {
      inputs: (p, n) => ({
        siteId: p.siteId,
        connector: "builtin:website",
        url: `https://half-${n}.example`,
        label: "Never patched",
      }),
      fault: { method: "PATCH", path: "/v1/orgs/*/sites/*/context-connections/*" },
    },
  },
};
