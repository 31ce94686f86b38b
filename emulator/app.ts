import { Hono } from "hono";
import { z } from "zod";
import { adminRoutes, createAdminState, type AdminState } from "./admin";
import { bearerAuth, originOf, type EmulatorEnv } from "./auth";
import { apiContext } from "./context";
import { errorBody, HttpError } from "./errors";
import { families } from "./families";
import type { FaultEnv } from "./faults";
import { wireHooks } from "./hooks";
import { bodyMiddleware } from "./http/body";
import { openApiDocument } from "./http/openapi";
import { json, mountRoutes, routesFor, type RouteGroup } from "./http/route";
import { pageRoutes } from "./pages";
import { named } from "./render/common";
import { Store, type StoreOptions } from "./store";

type AppEnv = FaultEnv & EmulatorEnv;

/** Opens a store holding every family's tables. */
export function openStore(options: Omit<StoreOptions, "schema"> = {}): Store {
  return new Store({ ...options, schema: families.flatMap((f) => (f.schema ? [f.schema] : [])) });
}

const DOCUMENT_INFO = {
  title: "Documentation Workspace Management API (emulator)",
  version: "1",
  description:
    "The workspace API as the docs-workspace emulator serves it, with its admin API and app pages.",
};

/** `/openapi.json`, itself one of the routes it lists. */
const documentRoute = routesFor<void>()({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This document: every route the emulator serves, generated from their declarations",
  responses: {
    200: {
      description: "An OpenAPI 3.1 document",
      schema: named(
        "OpenApiDocument",
        z.looseObject({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) }),
      ),
    },
  },
  handler: () => json(200, openApiDocument(routeGroups(), DOCUMENT_INFO)),
});

/**
 * Every route the emulator serves, grouped as `/openapi.json` lists them: the workspace API one
 * family at a time, the admin API, the app pages and the document itself.
 */
export function routeGroups(): RouteGroup<never>[] {
  return [
    ...families.map((family) => ({
      prefix: "/v1",
      security: "bearer" as const,
      tag: family.name,
      routes: family.routes,
    })),
    { prefix: "/_emulator", security: "none", tag: "emulator admin", routes: adminRoutes },
    { prefix: "/app", security: "none", tag: "app pages", routes: pageRoutes },
    { prefix: "", security: "none", tag: "emulator", routes: [documentRoute] },
  ] as RouteGroup<never>[];
}

/**
 * The emulator as a Hono app, usable in process (`app.request(...)`) or behind a socket.
 * `state` carries the request log and fault rules; one is made when absent. The cross-family
 * hooks are joined here, once per app, from what each family declares.
 */
export function createApp(store: Store, state: AdminState = createAdminState(store)): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const hooks = wireHooks(families.flatMap((f) => (f.hooks ? [f.hooks] : [])));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.status, error.message), error.status);
    }
    return c.json(errorBody(500, `internal error: ${error.message}`), 500);
  });
  app.notFound((c) => c.json(errorBody(404, `no route for ${c.req.method} ${c.req.path}`), 404));

  mountRoutes(app, [documentRoute], () => undefined);

  const admin = new Hono<AppEnv>();
  admin.use("*", bodyMiddleware());
  mountRoutes(admin, adminRoutes, () => state);
  app.route("/_emulator", admin);

  const pages = new Hono<AppEnv>();
  mountRoutes(pages, pageRoutes, (c) => ({ store, hooks, state, origin: originOf(c) }));
  app.route("/app", pages);

  // The log runs first so that refused bodies and faulted requests are logged with their status.
  app.use("/v1/*", state.log.middleware());
  app.use("/v1/*", bodyMiddleware());
  app.use("/v1/*", state.faults.middleware());
  const v1 = new Hono<AppEnv>();
  v1.use("*", bearerAuth(store));
  for (const family of families)
    mountRoutes(v1, family.routes, (c) => apiContext(store, hooks, c.get("userId"), originOf(c)));
  app.route("/v1", v1);
  return app;
}
