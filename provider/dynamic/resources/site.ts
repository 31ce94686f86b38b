import type * as pulumi from "@pulumi/pulumi";
import { site, type SiteArgs } from "../../resources/site";
import { recordPermissions } from "../../resources/list-mixing";
import { dynamicClass } from "../resource-class";

/**
 * A docs site: publishes spaces, through sections and site spaces, to an audience. It keeps no
 * count or list of its site spaces: those are other resources, which would leave it stale.
 *
 * When the outcome of its create is unknown (no answer, or 502, 503, 504), the provider looks for
 * the object the create made by its title in its organization, made since the create was sent, and
 * takes it, or creates it again; a create an interrupted run left pending is recovered the same
 * way.
 *
 * @example
 * ```ts
 * const docs = new Site("docs", { title: "Developer docs", visibility: "public", published: true });
 * ```
 */
export class Site extends dynamicClass(site).withArgs<SiteArgs>() {
  constructor(name: string, args: SiteArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    recordPermissions(this, "Site", name, args.permissions);
  }
}
