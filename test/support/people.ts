import { randomBytes } from "node:crypto";
import { adminClient, apiClient, type TestEmulator } from "./emulator";

/**
 * People for tests of who may do what: a member of an organization with a role and a token of
 * their own, and a team of such members. Seeded through the admin API and the teams API, as a
 * user of the emulator would; the provider's tests and the emulator's share them.
 */

type Emulator = Pick<TestEmulator, "url" | "fetch" | "adminToken" | "token">;

export interface SeededPerson {
  userId: string;
  email: string;
  /** An API token of theirs. */
  token: string;
  /** The API as they call it: every status returned. */
  api: ReturnType<typeof apiClient>;
}

/**
 * Seeds a new user, a member of `organizationId` with `role` (`null`: a guest), with a token.
 * `name` is the display name and makes the e-mail (`<name as a slug>-<random>@example.com`), so
 * calls never collide.
 */
export async function seedPerson(
  t: Emulator,
  organizationId: string,
  role: string | null,
  name = "person",
): Promise<SeededPerson> {
  const admin = adminClient(t);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const email = `${slug}-${randomBytes(4).toString("hex")}@example.com`;
  const token = `test_${randomBytes(18).toString("base64url")}`;
  const created = await admin("POST", "/seed", { users: [{ displayName: name, email }] });
  if (created.status !== 201) throw new Error(`seeding ${email}: ${created.text}`);
  const userId = (created.body.users as string[])[0]!;
  const joined = await admin("POST", "/seed", {
    members: [{ organization: organizationId, user: userId, role }],
    tokens: [{ token, user: userId }],
  });
  if (joined.status !== 201) throw new Error(`making ${email} a member: ${joined.text}`);
  return { userId, email, token, api: apiClient(t.url, token, t.fetch) };
}

/** Creates a team of `organizationId` with these members (user ids), as the test's admin. */
export async function createTeam(
  t: Emulator,
  organizationId: string,
  title: string,
  members: readonly string[],
): Promise<string> {
  const api = apiClient(t.url, t.token, t.fetch);
  const res = await api("PUT", `/v1/orgs/${organizationId}/teams`, { title, members });
  if (res.status !== 201) throw new Error(`creating team ${title}: ${res.status} ${res.text}`);
  return res.body.id;
}
