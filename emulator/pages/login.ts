import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AdminState } from "../admin";
import { bearerToken, viewerForToken, type Viewer } from "../auth";
import { page, redirect } from "../http/route";
import { SESSION_COOKIE } from "../sessions";
import type { Store } from "../store";
import { pageAnswer, pageRoute } from "./context";
import { html, layout } from "./html";

/**
 * The app pages' login: a person gives an API token (or the emulator's admin token) once, and a
 * session cookie (HttpOnly, SameSite=Strict) stands for it from then on. Scripts and tests may
 * send the token as a bearer token instead.
 */

/**
 * Where a login may lead: a page of the app, never another site, written in printable ASCII (a
 * line break would split the `Location` header, a character past Latin-1 cannot be sent in one).
 */
function safeNext(next: string | undefined): string {
  return next !== undefined &&
    /^\/app(\/[^/\\]|\/?$|\?)/.test(next) &&
    !next.includes("//") &&
    /^[\x21-\x7e]*$/.test(next)
    ? next
    : "/app";
}

function loginPage(next: string | undefined, problem?: string): string {
  return layout(
    "Log in",
    html`<h1>Log in</h1>
      <p>
        The app pages show what a token may read. Give an API token of the workspace (the one the
        emulator printed, <code>DOCS_WORKSPACE_API_TOKEN</code>), or the emulator's admin token for
        the request log and the fault rules.
      </p>
      ${problem === undefined ? html`` : html`<p class="empty" id="login-problem">${problem}</p>`}
      <form method="post" action="/app/login">
        <input type="hidden" name="next" value="${safeNext(next)}" />
        <label>Token <input type="password" name="token" autocomplete="off" required /></label>
        <button type="submit">Log in</button>
      </form>`,
  );
}

const COOKIE_ATTRIBUTES = "HttpOnly; SameSite=Strict; Path=/";

export const loginPages = [
  pageRoute({
    method: "get",
    path: "/login",
    operationId: "loginPage",
    summary: "The app pages' login form: an API token, or the emulator's admin token",
    query: z.looseObject({ next: z.string().max(2048).optional() }),
    responses: { 200: pageAnswer },
    handler({ query }) {
      return page(200, loginPage(query.next));
    },
  }),

  pageRoute({
    method: "post",
    path: "/login",
    operationId: "logIn",
    summary: "Log in to the app pages with a token; a session cookie stands for it afterwards",
    form: true,
    body: z.looseObject({
      token: z.string().max(1024).optional(),
      next: z.string().max(2048).optional(),
    }),
    responses: {
      303: { description: "Logged in: on to `next`, with the session cookie" },
      401: { description: "Not a token of this emulator", html: true as const },
    },
    handler({ body }, { store, state }) {
      const viewer =
        body.token === undefined ? undefined : viewerForToken(store, state.adminToken, body.token);
      if (viewer === undefined)
        return page(401, loginPage(body.next, "That is not a token of this emulator."));
      const session = state.sessions.start(viewer);
      return redirect(303, safeNext(body.next), {
        "set-cookie": `${SESSION_COOKIE}=${session}; ${COOKIE_ATTRIBUTES}`,
      });
    },
  }),
];

export const logoutPages = [
  pageRoute({
    method: "post",
    path: "/logout",
    operationId: "logOut",
    summary: "End the app pages' session",
    responses: { 303: { description: "Logged out: on to the login form" } },
    handler(_input, { state, session }) {
      if (session !== undefined) state.sessions.end(session);
      return redirect(303, "/app/login", {
        "set-cookie": `${SESSION_COOKIE}=; Max-Age=0; ${COOKIE_ATTRIBUTES}`,
      });
    },
  }),
];

/** The viewer a request stands for: its session cookie, or its bearer token. */
export function viewerOf(c: Context, store: Store, state: AdminState): Viewer | undefined {
  const session = getCookie(c, SESSION_COOKIE);
  const fromSession = session === undefined ? undefined : state.sessions.find(session);
  if (fromSession !== undefined) return fromSession;
  const token = bearerToken(c);
  return token === undefined ? undefined : viewerForToken(store, state.adminToken, token);
}

/** The session id a request's cookie carries, if any. */
export function sessionOf(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** The pages behind the login: without a viewer, 401 with the login form, showing nothing. */
export function requireLogin(store: Store, state: AdminState): MiddlewareHandler {
  return async (c, next) => {
    if (viewerOf(c, store, state) !== undefined) return next();
    const url = new URL(c.req.url);
    return c.html(loginPage(`${url.pathname}${url.search}`), 401);
  };
}
