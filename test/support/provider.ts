import { UNKNOWN } from "../../provider/lifecycle/compare";
import type { LoggedRequest } from "../../emulator/request-log";
import type { Endpoint } from "../../drivers/provider";

export { UNKNOWN };
export { configureProvider, handlersFor, type Endpoint } from "../../drivers/provider";

/** The one read each provider process makes at Configure to check its token (`checkToken`). */
export function isTokenCheck(r: LoggedRequest): boolean {
  return r.method === "GET" && r.path === "/v1/orgs" && r.query.limit === "1";
}

/** The write requests (anything but GET) the emulator saw since its log was last cleared. */
export async function writes(emu: { requests(): Promise<LoggedRequest[]> }) {
  return (await emu.requests()).filter((r) => r.method !== "GET");
}

/** Calls the API directly as the test's user: the out-of-band changes a refresh must notice. */
export async function callApi(
  emu: Omit<Endpoint, "organizationId">,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
