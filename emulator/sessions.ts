import { randomBytes } from "node:crypto";
import type { Viewer } from "./auth";

/** The name of the app pages' session cookie. */
export const SESSION_COOKIE = "docs_workspace_session";
/** Sessions kept at most; past it the oldest login is forgotten. */
const MAX_SESSIONS = 1000;

/**
 * The app pages' logins, in memory: a random session id (the cookie) stands for the viewer the
 * login's token named. The token itself is never kept, so the cookie is worth nothing once the
 * emulator stops or resets.
 */
export class Sessions {
  private readonly viewers = new Map<string, Viewer>();

  /** Starts a session; answers its id. */
  start(viewer: Viewer): string {
    const id = randomBytes(32).toString("base64url");
    this.viewers.set(id, viewer);
    if (this.viewers.size > MAX_SESSIONS)
      this.viewers.delete(this.viewers.keys().next().value as string);
    return id;
  }

  find(id: string): Viewer | undefined {
    return this.viewers.get(id);
  }

  end(id: string): void {
    this.viewers.delete(id);
  }

  clear(): void {
    this.viewers.clear();
  }
}
