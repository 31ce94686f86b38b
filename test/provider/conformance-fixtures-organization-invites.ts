import type { Fixture } from "./conformance-fixtures";

/** The conformance fixture of an organization's standing invite links (issue 35). */

export const inviteLinkFixtures: Record<string, Fixture> = {
  "organization-invite-link": {
    parents: async (s) => ({
      spaceId: (await s.api("POST", `/v1/orgs/${s.org}/spaces`, { title: "Invited" })).body.id,
    }),
    // Each test's link gives its own role or leads to its own space, so the natural key
    // (target and role) finds only that test's link.
    inputs: (p) => ({ spaceId: p.spaceId, role: "read" }),
    // The link's own path holds its id (a secret output): the handle is the resource's id.
    path: (s, made) => `/v1/orgs/${s.org}/link-invites/${made.outs.inviteId as string}`,
    limits: [
      { args: { role: "owner" }, property: "role", reason: /^must be one of "admin"/ },
      {
        args: { collectionId: "col_1" },
        property: "collectionId",
        reason: "a link leads to a space or a collection, not both",
      },
      {
        args: { adoptId: "AbCdEfGhIjKlMnOpQrSt" },
        property: "adoptId",
        reason: /^must be a link's handle/,
      },
    ],
    // The log keeps the first 4 characters of a link's id in a path.
    loggedAs: (made) => `/link-invites/${(made.outs.inviteId as string).slice(0, 4)}••••••••`,
    drift: { body: () => ({ level: "admin" }), property: "role" },
    partial: { skip: "one POST carries every argument: no second request follows it" },
  },
};
