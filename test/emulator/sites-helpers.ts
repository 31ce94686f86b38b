import { createTestEmulator, type TestEmulator } from "../support/emulator";

export interface Reply {
  status: number;
  // Responses are the API's JSON objects; tests read them field by field.
  body: Record<string, unknown> & { items?: Record<string, unknown>[] };
}

/** One emulator per test file, and a small JSON client bound to its admin token. */
export interface SitesHarness {
  t: TestEmulator;
  call(method: string, path: string, body?: unknown, token?: string): Promise<Reply>;
  org: string;
  /** `/orgs/<org>/sites`, the prefix of every route under test. */
  sites: string;
  createSpace(title: string): Promise<string>;
}

export async function startSitesHarness(): Promise<SitesHarness> {
  const t = await createTestEmulator();
  const call = async (method: string, path: string, body?: unknown, token = t.token) => {
    const response = await t.fetch(`${t.url}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text === "" ? {} : JSON.parse(text)) as Reply["body"],
    };
  };
  return {
    t,
    call,
    org: t.organizationId,
    sites: `/orgs/${t.organizationId}/sites`,
    async createSpace(title: string) {
      const reply = await call("POST", `/orgs/${t.organizationId}/spaces`, { title });
      if (reply.status !== 201)
        throw new Error(`space create: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body.id as string;
    },
  };
}

/** The error message of an error reply. */
export function message(reply: Reply): string {
  return (reply.body.error as { message: string }).message;
}
