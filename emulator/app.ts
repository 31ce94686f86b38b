import { Hono, type Context } from "hono";
import { z } from "zod";
import { adminRoutes, createAdminState, type AdminState } from "./admin";
import { adminAuth, bearerAuth, originOf, type EmulatorEnv } from "./auth";
import { Background, type BackgroundOptions } from "./background";
import { apiContext } from "./context";
import { errorBody, HttpError } from "./errors";
import { families } from "./families";
import type { FaultEnv } from "./faults";
import { wireHooks } from "./hooks";
import { bodyMiddleware } from "./http/body";
import { openApiDocument } from "./http/openapi";
import { json, mountRoutes, page, routesFor, type RouteGroup } from "./http/route";
import { pageRoutes, privatePageRoutes, publicPageRoutes, type PageContext } from "./pages";
import { organizationGate } from "./pages/context";
import { requireLogin, sessionOf, viewerOf } from "./pages/login";
import { hostGuard, Hosts } from "./http/hosts";
import { CONTENT_SECURITY_POLICY, html, layout } from "./pages/html";
import { named } from "./render/common";
import { Store, type StoreOptions } from "./store";
import { hashClearTokens } from "./store/identity";

type AppEnv = FaultEnv & EmulatorEnv;

/** How the app is built: its background work, and the addresses it answers at. */
export interface AppOptions extends BackgroundOptions {
  /** The Host and Origin values accepted; by default loopback names at any port. */
  hosts?: Hosts;
}

/** Opens a store holding every family's tables. */
export function openStore(options: Omit<StoreOptions, "schema" | "addedColumns"> = {}): Store {
  const store = new Store({
    ...options,
    schema: families.flatMap((f) => [
      ...(f.tables ?? []).map((table) => table.ddl),
      ...(f.schema ? [f.schema] : []),
    ]),
    addedColumns: families.flatMap((f) => (f.tables ?? []).flatMap((table) => table.addedColumns)),
  });
  // A file from before tokens were hashed keeps working: its tokens are hashed as it opens.
  hashClearTokens(store);
  return store;
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
  handler: () => json(200, builtDocument()),
});

let document: ReturnType<typeof openApiDocument> | undefined;

/**
 * The document, built on its first request and kept: the routes it describes are fixed once the
 * module loads, and building it takes 100 ms or more of CPU, which every request would otherwise
 * spend while others wait (it needs no login).
 */
function builtDocument(): ReturnType<typeof openApiDocument> {
  document ??= openApiDocument(routeGroups(), DOCUMENT_INFO);
  return document;
}

/** The root: where a person who opens the emulator's URL finds the rest. */
const rootRoute = routesFor<void>()({
  method: "get",
  path: "/",
  operationId: "rootPage",
  summary: "What the emulator serves, for a person who opens its URL",
  responses: { 200: { description: "The page", html: true } },
  handler: () =>
    page(
      200,
      layout(
        "docs-workspace emulator",
        html`<h1>docs-workspace emulator</h1>
          <p>A local implementation of the Documentation Workspace Management API.</p>
          <ul>
            <li>
              <a href="/app">The app pages</a>: organizations, collections, spaces and sites as
              <code>up</code> made them
            </li>
            <li>
              <a href="/app/requests">The request log</a> and
              <a href="/app/faults">the fault rules</a>
            </li>
            <li>
              <a href="/openapi.json">The OpenAPI document</a> of the API under <code>/v1</code> and
              the admin API under <code>/_emulator</code>
            </li>
          </ul>`,
      ),
    ),
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
    { prefix: "/_emulator", security: "bearer", tag: "emulator admin", routes: adminRoutes },
    { prefix: "/app", security: "none", tag: "app pages", routes: pageRoutes },
    { prefix: "", security: "none", tag: "emulator", routes: [rootRoute, documentRoute] },
  ] as RouteGroup<never>[];
}

/**
 * The emulator as a Hono app, usable in process (`app.request(...)`) or behind a socket.
 * `state` carries the request log and fault rules; one is made when absent. The cross-family
 * hooks are joined here, once per app, from what each family declares, and so is the background
 * work the API starts (`options` sets how long it takes), resuming what the store left unfinished.
 */
export function createApp(
  store: Store,
  state: AdminState = createAdminState(store),
  options: AppOptions = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const hooks = wireHooks(families.flatMap((f) => (f.hooks ? [f.hooks] : [])));
  const background = new Background(store, options);
  for (const family of families) family.resume?.(store, background);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(errorBody(error.status, error.message), error.status);
    }
    return c.json(errorBody(500, `internal error: ${error.message}`), 500);
  });
  app.notFound((c) => c.json(errorBody(404, `no route for ${c.req.method} ${c.req.path}`), 404));

  // Before anything else: a request from a foreign page or a rebound name reaches nothing.
  app.use("*", hostGuard(options.hosts ?? new Hosts()));
  // Every answer, errors included: no script runs on the emulator's origin, nothing is sniffed.
  app.use("*", async (c, next) => {
    await next();
    c.header("content-security-policy", CONTENT_SECURITY_POLICY);
    c.header("x-content-type-options", "nosniff");
  });
  mountRoutes(app, [rootRoute, documentRoute], () => undefined);

  const admin = new Hono<AppEnv>();
  admin.use("*", adminAuth(state.adminToken));
  admin.use("*", bodyMiddleware());
  mountRoutes(admin, adminRoutes, () => state);
  app.route("/_emulator", admin);

  const pages = new Hono<AppEnv>();
  const pageContext = (c: Context): PageContext => ({
    store,
    hooks,
    state,
    origin: originOf(c),
    viewer: viewerOf(c, store, state) ?? { kind: "anonymous" },
    session: sessionOf(c),
  });
  mountRoutes(pages, publicPageRoutes, pageContext);
  pages.use("*", requireLogin(store, state));
  pages.use("/o/:organizationId/*", organizationGate(pageContext));
  mountRoutes(pages, privatePageRoutes, pageContext);
  app.route("/app", pages);

  // The log runs first so that refused bodies and faulted requests are logged with their status.
  app.use("/v1/*", state.log.middleware());
  app.use("/v1/*", bodyMiddleware());
  app.use("/v1/*", state.faults.middleware());
  const v1 = new Hono<AppEnv>();
  v1.use("*", bearerAuth(store));
  for (const family of families)
    mountRoutes(
      v1,
      family.routes,
      (c) => apiContext(store, hooks, background, c.get("userId"), originOf(c)),
      { ignoreUnknownFields: true },
    );
  app.route("/v1", v1);
  return app;
}
