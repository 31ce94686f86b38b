import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { FaultRuleInput } from "../../emulator/faults";
import type { LoggedRequest } from "../../emulator/request-log";
import type { SeedResult } from "../../emulator/seed";
import type { Clock } from "../../emulator/store";

export type { FaultRuleInput } from "../../emulator/faults";
export type { LoggedRequest } from "../../emulator/request-log";

export interface TestEmulator {
  url: string;
  /** An admin of `organizationId` and of `secondOrganizationId`. */
  token: string;
  organizationId: string;
  /** The same user is admin there too: the target of transfers. */
  secondOrganizationId: string;
  /** Exists, but the token's user is not a member of it. */
  foreignOrganizationId: string;
  /** A token of a user who belongs only to the foreign organization. */
  foreignToken: string;
  emulator: RunningEmulator;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  addFault(rule: FaultRuleInput): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/** Calls the admin API and fails loudly on anything but the expected status. */
async function admin(
  url: string,
  method: string,
  path: string,
  expected: number,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${url}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
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
 * Starts an emulator on a free port, seeded through the admin API over HTTP with three
 * organizations: two where the test user is admin, and a foreign one with its own user.
 */
export async function startTestEmulator(options: { clock?: Clock } = {}): Promise<TestEmulator> {
  const emulator = await startEmulator({ port: 0, seed: "none", clock: options.clock });
  const { url } = emulator;
  try {
    const token = newTestToken();
    const foreignToken = newTestToken();
    const created = (await admin(url, "POST", "/seed", 201, {
      organizations: [
        { title: "Test organization", emailDomains: ["example.com"] },
        { title: "Second organization" },
        { title: "Foreign organization", emailDomains: ["example.com"] },
      ],
      users: [
        { displayName: "Test Admin", email: "admin@example.com" },
        { displayName: "Foreign Admin", email: "foreign@example.org" },
      ],
    })) as SeedResult;
    const [organizationId, secondOrganizationId, foreignOrganizationId] = created.organizations;
    const [userId, foreignUserId] = created.users;
    await admin(url, "POST", "/seed", 201, {
      members: [
        { organization: organizationId, user: userId, role: "admin" },
        { organization: secondOrganizationId, user: userId, role: "admin" },
        { organization: foreignOrganizationId, user: foreignUserId, role: "admin" },
      ],
      tokens: [
        { token, user: userId },
        { token: foreignToken, user: foreignUserId },
      ],
    });
    return {
      url,
      token,
      organizationId: organizationId!,
      secondOrganizationId: secondOrganizationId!,
      foreignOrganizationId: foreignOrganizationId!,
      foreignToken,
      emulator,
      async requests() {
        const { items } = (await admin(url, "GET", "/requests", 200)) as {
          items: LoggedRequest[];
        };
        return items;
      },
      async clearRequests() {
        await admin(url, "DELETE", "/requests", 204);
      },
      async addFault(rule) {
        await admin(url, "POST", "/faults", 201, rule);
      },
      async clearFaults() {
        await admin(url, "DELETE", "/faults", 204);
      },
      close: () => emulator.close(),
    };
  } catch (error) {
    await emulator.close();
    throw error;
  }
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

/** A bare HTTP caller for emulator tests: no retries, no validation, every status returned. */
export function apiClient(url: string, token: string | undefined) {
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
