import { requireRole, roleIn, type Access } from "./auth";
import type { Background } from "./background";
import type { Hooks } from "./hooks";
import { routesFor } from "./http/route";
import type { Store } from "./store";

/** What every workspace API handler is given beside its validated input. */
export interface ApiContext {
  store: Store;
  hooks: Hooks;
  /** Where work that outlives the request runs (a spec's processing, a translation's run). */
  background: Background;
  /** The caller, from its bearer token. */
  userId: string;
  /** Where the emulator is reached from this request: the root of every `urls` value. */
  origin: string;
  /** The caller's role in an organization: 404 when not a member, 403 below `minimum`. */
  requireRole(organizationId: string, minimum: Access): string | null;
  /** The caller's role, or undefined when not a member (for DELETEs, which reveal nothing). */
  roleIn(organizationId: string): string | null | undefined;
}

export function apiContext(
  store: Store,
  hooks: Hooks,
  background: Background,
  userId: string,
  origin: string,
): ApiContext {
  return {
    store,
    hooks,
    background,
    userId,
    origin,
    requireRole: (organizationId, minimum) => requireRole(store, userId, organizationId, minimum),
    roleIn: (organizationId) => roleIn(store, userId, organizationId),
  };
}

/** Declares a workspace API route (`/v1`). */
export const apiRoute = routesFor<ApiContext>();
