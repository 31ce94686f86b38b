import { randomBytes } from "node:crypto";
import {
  createAdminState,
  createApp,
  Hosts,
  openStore,
  startEmulator,
  type RunningEmulator,
} from "../../emulator/index";
import type { FaultRuleInput } from "../../emulator/faults";
import { conformanceProblem } from "../emulator/conformance";
import type { LoggedRequest } from "../../emulator/request-log";
import { DEMO_PEOPLE, type SeedResult } from "../../emulator/seed";
import type { Clock, Store } from "../../emulator/store";
import type { BackgroundOptions } from "../../emulator/background";

/** What a test emulator is started with: a clock, and how long background work takes. */
export interface TestEmulatorOptions extends BackgroundOptions {
  clock?: Clock;
}

export type { FaultRuleInput } from "../../emulator/faults";
export type { LoggedRequest } from "../../emulator/request-log";

/** The shape of `fetch` the tests call: the global one over a socket, or `app.request` in process. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface TestEmulator {
  /** The emulator's root: a real `http://127.0.0.1:<port>` over a socket, a placeholder in process. */
  url: string;
  /** Calls the emulator: over the socket, or straight into the app with no socket. */
  fetch: Fetch;
  store: Store;
  /** The emulator's admin token, which the admin API takes. */
  adminToken: string;
  /** An admin of `organizationId` and of `secondOrganizationId`. */
  token: string;
  organizationId: string;
  /** The same user is admin there too: the target of transfers. */
  secondOrganizationId: string;
  /** Exists, but the token's user is not a member of it. */
  foreignOrganizationId: string;
  /** A token of a user who belongs only to the foreign organization. */
  foreignToken: string;
  /** The running server, for tests that need the socket (absent in process). */
  emulator?: RunningEmulator;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  addFault(rule: FaultRuleInput): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/** The headers of an admin API call: its token, and the JSON type when a body is sent. */
export function adminHeaders(adminToken: string, body?: unknown): Record<string, string> {
  return {
    authorization: `Bearer ${adminToken}`,
    ...(body === undefined ? {} : { "content-type": "application/json" }),
  };
}

/**
 * How many requests the first fault rule has matched so far: with a latency rule, how many have
 * reached the emulator and wait in it.
 */
export async function faultMatches(
  t: Pick<TestEmulator, "url" | "fetch" | "adminToken">,
): Promise<number> {
  const listed = await t.fetch(`${t.url}/_emulator/faults`, {
    headers: adminHeaders(t.adminToken),
  });
  const { items } = (await listed.json()) as { items: { matched: number }[] };
  return items[0]!.matched;
}

/** The port release 0.1.0's fixture emulator ran on: the URLs in its state are built from it. */
export const RELEASE_FIXTURE_PORT = 44443;

/**
 * The emulator on release 0.1.0's data file and port, waiting while another test's port-0
 * emulator may hold the port.
 */
export async function startOnReleaseFixturePort(data: string): Promise<RunningEmulator> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startEmulator({ port: RELEASE_FIXTURE_PORT, data });
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Calls the admin API and fails loudly on anything but the expected status. */
async function admin(
  t: Pick<TestEmulator, "url" | "fetch" | "adminToken">,
  method: string,
  path: string,
  expected: number,
  body?: unknown,
): Promise<unknown> {
  const response = await t.fetch(`${t.url}/_emulator${path}`, {
    method,
    headers: adminHeaders(t.adminToken, body),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`[${method}] /_emulator${path}: ${response.status} ${text}`);
  }
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

const newTestToken = () => `test_${randomBytes(18).toString("base64url")}`;

/**
 * Seeds an emulator through the admin API with three organizations: two where the test user is
 * admin, and a foreign one with its own user.
 */
async function seeded(
  url: string,
  fetch: Fetch,
  store: Store,
  adminToken: string,
  close: () => Promise<void>,
): Promise<TestEmulator> {
  const call = (method: string, path: string, expected: number, body?: unknown) =>
    admin({ url, fetch, adminToken }, method, path, expected, body);
  try {
    const token = newTestToken();
    const foreignToken = newTestToken();
    const created = (await call("POST", "/seed", 201, {
      organizations: [
        { title: "Test organization", emailDomains: ["example.com"] },
        { title: "Second organization" },
        { title: "Foreign organization", emailDomains: ["example.com"] },
      ],
      users: [
        { displayName: "Test Admin", email: "admin@example.com" },
        { displayName: "Foreign Admin", email: "foreign@example.org" },
        ...DEMO_PEOPLE.map(({ displayName, email }) => ({ displayName, email })),
      ],
    })) as SeedResult;
    const [organizationId, secondOrganizationId, foreignOrganizationId] = created.organizations;
    const [userId, foreignUserId] = created.users;
    await call("POST", "/seed", 201, {
      members: [
        { organization: organizationId, user: userId, role: "admin" },
        { organization: secondOrganizationId, user: userId, role: "admin" },
        { organization: foreignOrganizationId, user: foreignUserId, role: "admin" },
        // The demo's people, whom the example workspace puts in teams.
        ...DEMO_PEOPLE.map(({ email, role }) => ({
          organization: organizationId,
          user: email,
          role,
        })),
      ],
      tokens: [
        { token, user: userId },
        { token: foreignToken, user: foreignUserId },
      ],
    });
    return {
      url,
      fetch,
      store,
      adminToken,
      token,
      organizationId: organizationId!,
      secondOrganizationId: secondOrganizationId!,
      foreignOrganizationId: foreignOrganizationId!,
      foreignToken,
      async requests() {
        const { items } = (await call("GET", "/requests", 200)) as { items: LoggedRequest[] };
        return items;
      },
      async clearRequests() {
        await call("DELETE", "/requests", 204);
      },
      async addFault(rule) {
        await call("POST", "/faults", 201, rule);
      },
      async clearFaults() {
        await call("DELETE", "/faults", 204);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The origin in-process requests are addressed to; every `urls` value starts with it. */
export const IN_PROCESS_URL = "http://emulator.test";

/**
 * The emulator as an app in this process, called through Hono's `app.request` with no socket:
 * the tier for route tests (fast, and nothing listens). Seeded as `startTestEmulator` is. Every
 * answer is checked against the route declarations `/openapi.json` comes from (test/emulator/conformance.ts).
 */
export async function createTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { clock, ...background } = options;
  const store = openStore({ clock });
  const adminToken = newTestToken();
  const app = createApp(store, createAdminState(store, adminToken), {
    ...background,
    hosts: new Hosts([new URL(IN_PROCESS_URL).hostname]),
  });
  const fetch: Fetch = async (input, init) => {
    const response = await app.request(input, init);
    const text = await response.clone().text();
    const method = (init?.method ?? "GET").toUpperCase();
    const problem = conformanceProblem(
      method,
      input,
      response.status,
      response.headers.get("content-type"),
      text,
    );
    if (problem !== undefined)
      throw new Error(`the emulator broke its own declarations: ${problem}`);
    return response;
  };
  return seeded(IN_PROCESS_URL, fetch, store, adminToken, async () => store.close());
}

/**
 * Starts an emulator on a free port, seeded through the admin API over HTTP: the tier for what
 * crosses the network (the provider's client, dropped connections, the command line).
 */
export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await startEmulator({ port: 0, seed: "none", ...options });
  const t = await seeded(emulator.url, globalThis.fetch, emulator.store, emulator.adminToken, () =>
    emulator.close(),
  );
  return { ...t, emulator };
}

/**
 * A test's view of a JSON answer: the fields tests read most, typed so they can be used without
 * casts. Which of them a given answer really holds is what the tests assert.
 */
export interface ApiBody {
  [key: string]: unknown;
  id: string;
  items: ApiBody[];
  count: number;
  next?: { page: string };
  error: { code: number; message: string };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON; an empty body reads as `{}`, so tests check `status` for 204s. */
  body: ApiBody;
  text: string;
}

/**
 * A bare HTTP caller for emulator tests: no retries, no validation, every status returned.
 * `fetch` is the test emulator's (in process or over the socket).
 */
export function apiClient(url: string, token: string | undefined, fetch: Fetch = globalThis.fetch) {
  return async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text === "" ? {} : JSON.parse(text)) as ApiBody,
      text,
    };
  };
}

/** An organization of its own with its own admin and token, seeded beside the test's ones. */
export interface SeparateOrganization {
  organizationId: string;
  /** Its admin's token, which sees no other organization of the emulator. */
  token: string;
}

/**
 * Seeds, through the admin API, an organization whose only member is a user of its own, with a
 * token: another tenant, reached with other credentials than the test's token.
 */
export async function seedSeparateOrganization(
  emu: Pick<TestEmulator, "url" | "fetch" | "adminToken">,
  title: string,
): Promise<SeparateOrganization> {
  const token = newTestToken();
  const email = `admin-${randomBytes(4).toString("hex")}@${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;
  const created = (await admin(emu, "POST", "/seed", 201, {
    organizations: [{ title }],
    users: [{ displayName: `${title} Admin`, email }],
  })) as SeedResult;
  const organizationId = created.organizations[0]!;
  await admin(emu, "POST", "/seed", 201, {
    members: [{ organization: organizationId, user: created.users[0]!, role: "admin" }],
    tokens: [{ token, user: created.users[0]! }],
  });
  return { organizationId, token };
}

/** The admin API (`/_emulator`), called as `apiClient` calls the API: every status returned. */
export function adminClient(t: Pick<TestEmulator, "url" | "fetch" | "adminToken">) {
  return apiClient(`${t.url}/_emulator`, t.adminToken, t.fetch);
}

/**
 * Writes content through the admin API: `path` is a space's or a change request's `.../content`
 * (`/spaces/{id}/content`, `/spaces/{id}/change-requests/{n}/content`). Fails on anything but 200;
 * a test of the errors calls `adminClient` itself.
 */
export async function seedContent(
  t: Pick<TestEmulator, "url" | "fetch" | "adminToken">,
  path: string,
  body: unknown,
): Promise<ApiBody> {
  const response = await adminClient(t)("PUT", path, body);
  if (response.status !== 200)
    throw new Error(`[PUT] /_emulator${path}: ${response.status} ${response.text}`);
  return response.body;
}

/** Callers of the test organization by role, and one of the foreign organization only. */
export interface RoleClients {
  /** Ada: `edit`. */
  editor: ReturnType<typeof apiClient>;
  /** Linus: `review`. */
  reviewer: ReturnType<typeof apiClient>;
  /** Margaret: `read`. */
  reader: ReturnType<typeof apiClient>;
  /** Cora, seeded here: `comment`. */
  commenter: ReturnType<typeof apiClient>;
  foreign: ReturnType<typeof apiClient>;
  /** Every member's user id, by e-mail. */
  userIds: Record<string, string>;
}

/**
 * Seeds tokens (named `<prefix>-<role>`) for the demo people of each role, and Cora, a member with
 * the `comment` role the demo has none of: for tests of who may do what.
 */
export async function seedRoles(t: TestEmulator, prefix: string): Promise<RoleClients> {
  const seeded = await adminClient(t)("POST", "/seed", {
    users: [{ displayName: "Cora Commenter", email: "cora@example.com" }],
    members: [{ organization: t.organizationId, user: "cora@example.com", role: "comment" }],
    tokens: [
      { token: `${prefix}-editor`, user: "ada@example.com" },
      { token: `${prefix}-reviewer`, user: "linus@example.com" },
      { token: `${prefix}-reader`, user: "margaret@example.com" },
      { token: `${prefix}-commenter`, user: "cora@example.com" },
    ],
  });
  if (seeded.status !== 201) throw new Error(`seeding the roles: ${seeded.status} ${seeded.text}`);
  const client = (role: string) => apiClient(t.url, `${prefix}-${role}`, t.fetch);
  const members = await apiClient(
    t.url,
    t.token,
    t.fetch,
  )("GET", `/v1/orgs/${t.organizationId}/members`);
  const userIds: Record<string, string> = {};
  for (const m of members.body.items) {
    const user = m.user as ApiBody;
    userIds[user.email as string] = user.id;
  }
  return {
    editor: client("editor"),
    reviewer: client("reviewer"),
    reader: client("reader"),
    commenter: client("commenter"),
    foreign: apiClient(t.url, t.foreignToken, t.fetch),
    userIds,
  };
}
