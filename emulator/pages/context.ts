import type { AdminState } from "../admin";
import { page } from "../http/route";
import type { Hooks } from "../hooks";
import { routesFor } from "../http/route";
import type { Store } from "../store";
import { html, layout } from "./html";

/** What the app pages read: the store, the hooks, and the admin state (log, faults). */
export interface PageContext {
  store: Store;
  hooks: Hooks;
  state: AdminState;
  origin: string;
}

export const pageRoute = routesFor<PageContext>();

export const pageAnswer = { description: "The page", html: true as const };
export const missingAnswer = { description: "No such object", html: true as const };

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
