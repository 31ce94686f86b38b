import type * as pulumi from "@pulumi/pulumi";
import { recordList } from "../../resources/list-mixing";
import { siteExternalLink } from "../../resources/site-external-link";
import { siteExternalLinks, type SiteExternalLinksArgs } from "../../resources/site-external-links";
import { dynamicClass } from "../resource-class";

/**
 * A docs site's external links, **authoritative**: the site holds exactly the declared links,
 * and a link made by hand is removed at the next `up` that sees it. Never beside a
 * {@link SiteExternalLink} on one site: a program that mixes them is refused at preview.
 *
 * @example
 * ```ts
 * new SiteExternalLinks("nav", {
 *   siteId: docs.id,
 *   links: [
 *     { title: "Status", url: "https://status.example.com" },
 *     { title: "API", url: "https://api.example.com", sectionGroupId: guides.id },
 *   ],
 * });
 * ```
 */
export class SiteExternalLinks extends dynamicClass(
  siteExternalLinks,
).withArgs<SiteExternalLinksArgs>() {
  constructor(name: string, args: SiteExternalLinksArgs, opts?: pulumi.CustomResourceOptions) {
    recordList(
      { type: siteExternalLinks.type, target: siteExternalLink.additiveTarget! },
      name,
      args,
    );
    super(name, args, opts);
  }
}
