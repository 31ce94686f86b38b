import { siteVisitorAuth, type SiteVisitorAuthArgs } from "../../resources/site-visitor-auth";
import { dynamicClass } from "../resource-class";

/**
 * How visitors of a docs site authenticate, and the private key that signs their tokens
 * (`privateKey`, a secret output, encrypted in state). Changing `rotation` rotates the key.
 * Deleting the resource writes back the settings of a site nobody configured (the `custom`
 * backend, no URLs); whether visitors must authenticate is the site's `visibility`.
 *
 * @example
 * ```ts
 * const auth = new SiteVisitorAuth("sso", {
 *   siteId: docs.id,
 *   backend: "custom",
 *   fallbackURL: "https://login.example.com/docs",
 *   rotation: "2026-q4",
 * });
 * export const signingKey = auth.privateKey; // shown as [secret]
 * ```
 */
export class SiteVisitorAuth extends dynamicClass(
  siteVisitorAuth,
).withArgs<SiteVisitorAuthArgs>() {}
