import type { Fixture, Made, Setup } from "./conformance-fixtures";

/** The conformance fixture of a site's channels (issue 35). */

const siteOf = (s: Setup, made: Made) => `/v1/orgs/${s.org}/sites/${made.parents.siteId as string}`;

async function newSite(s: Setup): Promise<string> {
  const answer = await s.api("POST", `/v1/orgs/${s.org}/sites`, { title: "Answering site" });
  return answer.body.id as string;
}

export const channelFixtures: Record<string, Fixture> = {
  "site-channel": {
    parents: async (s) => ({ siteId: await newSite(s) }),
    inputs: (p, n) => ({
      siteId: p.siteId,
      type: "builtin:slack",
      allowed: [`docs-${n}`, "support-*"],
      role: "support",
    }),
    path: (s, made) => `${siteOf(s, made)}/channels/${made.id}`,
    limits: [
      {
        args: { type: "builtin:teams" },
        property: "type",
        reason: /must be one of "builtin:slack"/,
      },
      { args: { allowed: [""] }, property: "allowed[0]", reason: "must not be empty" },
      {
        args: { allowed: ["c".repeat(101)] },
        property: "allowed[0]",
        reason: "must be at most 100 characters",
      },
      {
        args: { allowed: Array.from({ length: 101 }, (_, i) => `c${i}`) },
        property: "allowed",
        reason: "must be at most 100 items",
      },
      {
        args: { allowed: ["general", "no spaces"] },
        property: "allowed[1]",
        reason:
          "must be a Slack channel name of letters, digits, _ and -, or a * pattern (a builtin:slack channel)",
      },
      {
        args: { role: "owner" },
        property: "role",
        reason: 'must be one of "collaborator", "support"',
      },
    ],
    drift: {
      body: () => ({ type: "builtin:slack", setupSettings: { allowedChannels: ["by-hand"] } }),
      property: "allowed",
    },
    partial: {
      skip: "one POST carries every argument: no second request follows it",
    },
  },
};
