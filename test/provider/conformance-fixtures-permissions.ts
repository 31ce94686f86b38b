import { adminClient, type TestEmulator } from "../support/emulator";
import type { callApi } from "../support/provider";

/**
 * The conformance fixtures of the permissions family (conformance-fixtures.ts): a grant on a
 * space, a collection and a site, to a user named by e-mail, by id, and to a team.
 */

type Props = Record<string, unknown>;

// The shapes of conformance-fixtures.ts, which spreads these in: restated, not imported, so that
// the two files import no cycle.
interface Setup {
  emu: TestEmulator;
  org: string;
  api: (method: string, path: string, body?: unknown) => ReturnType<typeof callApi>;
}
interface Made {
  parents: Props;
}
interface Fixture {
  parents(s: Setup): Promise<Props>;
  inputs(parents: Props, n: number): Props;
  path(s: Setup, made: Made): string;
  limits: { args: Props; property: string; reason: string | RegExp }[];
  drift: { method: "PATCH"; body(made: Made): Props; property: string };
  adopt: { skip: string };
  partial: { skip: string };
}

/** A person of their own, a guest of the organization: only the grant gives them a role. */
async function newPerson(s: Setup): Promise<Props> {
  const email = `grantee-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const seeded = await adminClient(s.emu)("POST", "/seed", {
    users: [{ displayName: "Grantee", email }],
    members: [{ organization: s.org, user: email, role: null }],
  });
  if (seeded.status !== 201) throw new Error(`seeding a member: ${seeded.text}`);
  const members = await s.api("GET", `/v1/orgs/${s.org}/members?limit=1000`);
  const member = (members.body.items as { id: string; user: { email: string } }[]).find(
    (m) => m.user.email === email,
  );
  return { email, userId: member!.id };
}

async function made(s: Setup, method: string, path: string, body: Props): Promise<string> {
  const answer = await s.api(method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

/** The rules the three kinds share; `limits` name the principal rule and the role enum. */
const shared = {
  limits: [
    { args: { role: "owner" }, property: "role", reason: /^must be one of.*admin.*read/ },
    { args: { role: "guest" }, property: "role", reason: /^must be one of/ },
  ],
  drift: { method: "PATCH" as const, body: () => ({ role: "comment" }), property: "role" },
  adopt: {
    skip: "a grant is found by its target and principal; adoptId is refused at check",
  },
  partial: { skip: "one POST adds the grant with its role: no second request follows it" },
};

const grantPath = (base: string, made: Made) =>
  made.parents.teamId !== undefined
    ? `${base}/permissions/teams/${made.parents.teamId as string}`
    : `${base}/permissions/users/${made.parents.userId as string}`;

export const permissionFixtures: Record<string, Fixture> = {
  "space-permission": {
    parents: async (s) => ({
      ...(await newPerson(s)),
      spaceId: await made(s, "POST", `/v1/orgs/${s.org}/spaces`, { title: "Granted" }),
    }),
    inputs: (p) => ({ spaceId: p.spaceId, email: p.email, role: "edit" }),
    path: (_s, m) => grantPath(`/v1/spaces/${m.parents.spaceId as string}`, m),
    ...shared,
    limits: [
      ...shared.limits,
      { args: { userId: "usr_x" }, property: "userId", reason: /exactly one of teamId, userId/ },
    ],
  },
  "collection-permission": {
    parents: async (s) => ({
      ...(await newPerson(s)),
      collectionId: await made(s, "POST", `/v1/orgs/${s.org}/collections`, { title: "Granted" }),
    }),
    inputs: (p) => ({ collectionId: p.collectionId, userId: p.userId, role: "read" }),
    path: (_s, m) => grantPath(`/v1/collections/${m.parents.collectionId as string}`, m),
    ...shared,
    limits: [
      ...shared.limits,
      { args: { email: "a@example.com" }, property: "userId", reason: /exactly one of/ },
    ],
  },
  "site-permission": {
    parents: async (s) => {
      const person = await newPerson(s);
      const teamId = await made(s, "PUT", `/v1/orgs/${s.org}/teams`, {
        title: "Site readers",
        members: [person.userId],
      });
      const siteId = await made(s, "POST", `/v1/orgs/${s.org}/sites`, { title: "Granted" });
      return { teamId, siteId };
    },
    inputs: (p) => ({ siteId: p.siteId, teamId: p.teamId, role: "review" }),
    path: (s, m) => grantPath(`/v1/orgs/${s.org}/sites/${m.parents.siteId as string}`, m),
    ...shared,
    limits: [
      ...shared.limits,
      { args: { userId: "usr_x" }, property: "teamId", reason: /exactly one of/ },
    ],
  },
};
