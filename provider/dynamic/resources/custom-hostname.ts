import { customHostname, type CustomHostnameArgs } from "../../resources/custom-hostname";
import { dynamicClass } from "../resource-class";

/**
 * A custom hostname serving a docs site, or with no `siteId` the organization's default content.
 * `up` waits until the service serves it (`status: live`) and fails naming the status it is in
 * when `activationTimeoutSeconds` passes first. A new `hostname` replaces it; a new `siteId`
 * moves it.
 *
 * @example
 * ```ts
 * new CustomHostname("docs-host", {
 *   hostname: "docs.example.com",
 *   siteId: docs.id,
 * });
 * ```
 */
export class CustomHostname extends dynamicClass(customHostname).withArgs<CustomHostnameArgs>() {}
