import * as pulumi from "@pulumi/pulumi";
import { Collection, Site, SiteSection, Space, type SiteVisibility } from "pulumi-docs-workspace";

// One program for every environment: each stack (Pulumi.dev.yaml, Pulumi.prod.yaml) names its
// organization, titles and visibility; the API URL and token come from the CI job's environment.
// A change reaches an environment by pull request: previewed on the PR, applied on merge.
const config = new pulumi.Config("gitops");
const title = config.require("title");
const siteTitle = config.require("siteTitle");
// An invalid value is refused at preview by the Site's check, naming `visibility`.
const visibility = config.require("visibility") as SiteVisibility;

const handbook = new Collection("handbook", {
  title,
  description: "How we build, ship and run things",
  defaultLevel: "read",
});

const onboarding = new Space("onboarding", {
  title: "Onboarding",
  emoji: "👋",
  parent: handbook.id,
});

const runbooks = new Space("runbooks", {
  title: "Runbooks",
  emoji: "🚨",
  parent: handbook.id,
  // Runbooks change through reviewed change requests only.
  editMode: "locked",
});

const site = new Site("docs", { title: siteTitle, visibility, published: true });

new SiteSection("guides", {
  siteId: site.id,
  spaceId: onboarding.id,
  title: "Guides",
  path: "guides",
});

new SiteSection("operations", {
  siteId: site.id,
  spaceId: runbooks.id,
  title: "Operations",
  path: "operations",
});

export const siteUrl = site.urls.apply((urls) => urls.published ?? urls.app);
export const handbookId = handbook.id;
