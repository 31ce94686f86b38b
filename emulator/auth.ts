import type { Context, MiddlewareHandler } from "hono";
import { HttpError, notFound } from "./errors";
import type { Store } from "./store";
import { membershipRole, userForToken } from "./store/identity";

/** What routes read from the Hono context. */
export interface EmulatorEnv {
  Variables: { userId: string };
}

/** Bearer authentication: a missing or unknown token is 401 with the API's error body. */
export function bearerAuth(store: Store): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new HttpError(401, "missing bearer token in the Authorization header");
    const userId = userForToken(store, match[1]!);
    if (userId === undefined) throw new HttpError(401, "unknown API token");
    c.set("userId", userId);
    await next();
  };
}

/**
 * Checks that the caller belongs to `organizationId` and returns its role there. Another
 * organization's objects answer 404, as if they did not exist, so ids cannot be probed.
 */
export function requireMember(
  store: Store,
  c: Context<EmulatorEnv>,
  organizationId: string,
): string | null {
  const role = membershipRole(store, organizationId, c.get("userId"));
  if (role === undefined) throw notFound(`organization ${organizationId}`);
  return role;
}
