import type * as pulumi from "@pulumi/pulumi";
import { refuseMixing } from "../../resources/list-mixing";
import { siteExternalLink, type SiteExternalLinkArgs } from "../../resources/site-external-link";
import { dynamicClass } from "../resource-class";

/**
 * An external link in a docs site's navigation, at the site's root or in a section group:
 * **additive**, it adds this link and leaves the site's others alone. To list every link of a
 * site, use {@link SiteExternalLinks} instead; never both on one site: a program that mixes them
 * is refused at preview.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks
 * for a link of the same title and URL that was not there before the create, takes it, or
 * creates it again.
 *
 * @example
 * ```ts
 * new SiteExternalLink("status", {
 *   siteId: docs.id,
 *   title: "Status",
 *   url: "https://status.example.com",
 * });
 * ```
 */
export class SiteExternalLink extends dynamicClass(
  siteExternalLink,
).withArgs<SiteExternalLinkArgs>() {
  constructor(name: string, args: SiteExternalLinkArgs, opts?: pulumi.CustomResourceOptions) {
    refuseMixing(siteExternalLink, name, args);
    super(name, args, opts);
  }
}
