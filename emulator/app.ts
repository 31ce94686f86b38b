import { Hono } from "hono";
import { bearerAuth, type EmulatorEnv } from "./auth";
import { errorBody, HttpError } from "./errors";
import { families } from "./families";
import { Store, type StoreOptions } from "./store";

export interface EmulatorAppOptions extends Omit<StoreOptions, "schema"> {
  store?: Store;
}

/** Opens a store holding every family's tables. */
export function openStore(options: Omit<StoreOptions, "schema"> = {}): Store {
  return new Store({ ...options, schema: families.map((f) => f.schema) });
}

/** The emulator as a Hono app, usable in process (`app.request(...)`) or behind a socket. */
export function createApp(store: Store): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.status, error.message), error.status);
    }
    return c.json(errorBody(500, `internal error: ${error.message}`), 500);
  });
  app.notFound((c) => c.json(errorBody(404, `no route for ${c.req.method} ${c.req.path}`), 404));

  const v1 = new Hono<EmulatorEnv>();
  v1.use("*", bearerAuth(store));
  for (const family of families) family.mount(v1, store);
  app.route("/v1", v1);
  return app;
}
