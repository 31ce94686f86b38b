import type { MiddlewareHandler } from "hono";
import type { AdminState } from "../admin";
import { viewerRole, type Viewer } from "../auth";
import { page } from "../http/route";
import type { Hooks } from "../hooks";
import { routesFor } from "../http/route";
import type { Store } from "../store";
import { html, layout } from "./html";

/**
 * What the app pages read: the store, the hooks, the admin state (log, faults, logins) and who
 * is looking: the pages show only what that viewer's token may read.
 */
export interface PageContext {
  store: Store;
  hooks: Hooks;
  state: AdminState;
  origin: string;
  viewer: PageViewer;
  /** The login session the request's cookie names, if any. */
  session?: string;
}

/** The viewer of a page; `anonymous` only on the pages that need no login. */
export type PageViewer = Viewer | { kind: "anonymous" };

export const pageRoute = routesFor<PageContext>();

export const pageAnswer = { description: "The page", html: true as const };
export const missingAnswer = { description: "No such object", html: true as const };
export const forbiddenAnswer = {
  description: "Not for this viewer's token",
  html: true as const,
};

/** A read-only page answers 404 as a page too: a person opened it. */
export function missing(what: string) {
  return page(
    404,
    layout(
      "Not found",
      html`<h1>Not found</h1>
        <p class="empty">${what} does not exist.</p>`,
    ),
  );
}

export function forbidden(why: string) {
  return page(
    403,
    layout(
      "Not permitted",
      html`<h1>Not permitted</h1>
        <p class="empty">${why}</p>`,
    ),
  );
}

/**
 * The viewer's role in an organization: `admin` for the emulator's admin, `null` for a guest,
 * undefined when the viewer is not a member (nor logged in).
 */
export function roleOf(ctx: PageContext, organizationId: string): string | null | undefined {
  return ctx.viewer.kind === "anonymous"
    ? undefined
    : viewerRole(ctx.store, ctx.viewer, organizationId);
}

/**
 * Whether the viewer reads an organization's content: a member with a role. A guest reaches no
 * space or site (docs/api-decisions.md, "Member sites, spaces, teams counts").
 */
export function mayRead(ctx: PageContext, organizationId: string): boolean {
  const role = roleOf(ctx, organizationId);
  return role !== undefined && role !== null;
}

/**
 * Every page under `/o/{organizationId}` is the organization's: one the viewer is not a member
 * of is a 404 page, as the API answers (its ids cannot be probed); a guest's a 403 page.
 */
export function organizationGate(
  context: (c: Parameters<MiddlewareHandler>[0]) => PageContext,
): MiddlewareHandler {
  return async (c, next) => {
    const organizationId = c.req.param("organizationId");
    if (organizationId === undefined) return next();
    const ctx = context(c);
    const role = roleOf(ctx, organizationId);
    const answer =
      role === undefined
        ? missing(`Organization ${organizationId}`)
        : role === null
          ? forbidden(`A guest of organization ${organizationId} reaches none of its content.`)
          : undefined;
    if (answer === undefined) return next();
    return c.html(answer.html, answer.status);
  };
}
