import type { LoggedRequest, RunningEmulator } from "../emulator/index";

/** Where the admin API is, and its token. */
export type AdminApi = Pick<RunningEmulator, "url" | "adminToken">;

/**
 * Calls the emulator's admin API (`/_emulator/...`); answers its JSON, or nothing on a 204, and
 * fails on any other status.
 */
export async function admin(
  { url, adminToken }: AdminApi,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${url}/_emulator${route}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_emulator${route}: ${response.status}`);
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
}

/** The emulator's request log, as a user's CI would read it. */
export async function loggedRequests(emulator: AdminApi): Promise<LoggedRequest[]> {
  return ((await admin(emulator, "GET", "/requests")) as { items: LoggedRequest[] }).items;
}

/** Empties the request log: what a measured run makes is then all it holds. */
export async function clearRequests(emulator: AdminApi): Promise<void> {
  await admin(emulator, "DELETE", "/requests");
}

/** A fault rule adding `latencyMs` to every API request. */
export async function addLatency(emulator: AdminApi, latencyMs: number): Promise<void> {
  await admin(emulator, "POST", "/faults", { path: "/v1/**", kind: "latency", latencyMs });
}
