import { Hono } from "hono";
import { adminRoutes, createAdminState, type AdminState } from "./admin";
import { bearerAuth, type EmulatorEnv } from "./auth";
import { errorBody, HttpError } from "./errors";
import { families } from "./families";
import type { FaultEnv } from "./faults";
import { Store, type StoreOptions } from "./store";

export interface EmulatorAppOptions extends Omit<StoreOptions, "schema"> {
  store?: Store;
}

/** Opens a store holding every family's tables. */
export function openStore(options: Omit<StoreOptions, "schema"> = {}): Store {
  return new Store({ ...options, schema: families.map((f) => f.schema) });
}

/**
 * The emulator as a Hono app, usable in process (`app.request(...)`) or behind a socket.
 * `state` carries the request log and fault rules; one is made when absent.
 */
export function createApp(
  store: Store,
  state: AdminState = createAdminState(store),
): Hono<FaultEnv> {
  const app = new Hono<FaultEnv>();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.status, error.message), error.status);
    }
    return c.json(errorBody(500, `internal error: ${error.message}`), 500);
  });
  app.notFound((c) => c.json(errorBody(404, `no route for ${c.req.method} ${c.req.path}`), 404));

  app.route("/_emulator", adminRoutes(state));

  // The log runs first so that faulted requests are logged with the status they got.
  app.use("/v1/*", state.log.middleware());
  app.use("/v1/*", state.faults.middleware());

  const v1 = new Hono<EmulatorEnv>();
  v1.use("*", bearerAuth(store));
  for (const family of families) family.mount(v1, store);
  app.route("/v1", v1);
  return app;
}
