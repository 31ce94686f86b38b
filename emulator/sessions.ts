import { randomBytes } from "node:crypto";
import type { Viewer } from "./auth";

/** The name of the app pages' session cookie. */
export const SESSION_COOKIE = "docs_workspace_session";
/** Sessions kept at most; past it the oldest login of whoever holds the most is forgotten. */
const MAX_SESSIONS = 1000;
/** Sessions one viewer (a user, or the admin) keeps at most; past it its own oldest is forgotten. */
export const MAX_SESSIONS_PER_VIEWER = 20;

const viewerKey = (viewer: Viewer) => (viewer.kind === "admin" ? "admin" : `user:${viewer.userId}`);

/**
 * The app pages' logins, in memory: a random session id (the cookie) stands for the viewer the
 * login's token named. The token itself is never kept, so the cookie is worth nothing once the
 * emulator stops or resets. Logins push out only their own viewer's oldest sessions (and, past
 * the total, those of whoever holds the most): one token holder cannot log everyone else out.
 */
export class Sessions {
  private readonly viewers = new Map<string, Viewer>();
  /** Each viewer's session ids, oldest first. */
  private readonly byViewer = new Map<string, string[]>();

  /** Starts a session; answers its id. */
  start(viewer: Viewer): string {
    const id = randomBytes(32).toString("base64url");
    const key = viewerKey(viewer);
    const own = this.byViewer.get(key) ?? [];
    this.byViewer.set(key, own);
    this.viewers.set(id, viewer);
    own.push(id);
    if (own.length > MAX_SESSIONS_PER_VIEWER) this.end(own[0]!);
    if (this.viewers.size > MAX_SESSIONS) {
      let most = own;
      for (const ids of this.byViewer.values()) if (ids.length > most.length) most = ids;
      this.end(most[0]!);
    }
    return id;
  }

  find(id: string): Viewer | undefined {
    return this.viewers.get(id);
  }

  end(id: string): void {
    const viewer = this.viewers.get(id);
    if (viewer === undefined) return;
    this.viewers.delete(id);
    const key = viewerKey(viewer);
    const own = this.byViewer.get(key)!.filter((other) => other !== id);
    if (own.length === 0) this.byViewer.delete(key);
    else this.byViewer.set(key, own);
  }

  clear(): void {
    this.viewers.clear();
    this.byViewer.clear();
  }
}
