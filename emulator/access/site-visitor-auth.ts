import { createHmac, timingSafeEqual } from "node:crypto";
import { findPublishingAuth } from "../store/site-visitor-auth";
import type { Store } from "../store";

/**
 * Whether `token` lets a visitor read a `visitor-auth` site: a JWT (`header.claims.signature`,
 * base64url) signed with HS256 by the site's private key, whose `exp`, when present, is still
 * ahead (docs/api-decisions.md, "Site redirects and visitor authentication"). A site whose
 * settings were never made has no key yet, so no token opens it.
 */
export function visitorTokenOpens(
  store: Store,
  siteId: string,
  token: string | undefined,
  nowMs: number,
): boolean {
  const auth = findPublishingAuth(store, siteId);
  if (auth === undefined || token === undefined) return false;
  const parts = token.split(".");
  if (parts.length !== 3) return false;
  const [header, claims, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", auth.privateKey).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    if (head.alg !== "HS256") return false;
    const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { exp?: unknown };
    return body.exp === undefined || (typeof body.exp === "number" && body.exp * 1000 > nowMs);
  } catch {
    return false;
  }
}
