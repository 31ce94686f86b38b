import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const handbook = new docs_workspace.Collection("handbook", {title: "Engineering handbook"});
const onboarding = new docs_workspace.Space("onboarding", {
    title: "Onboarding",
    parent: handbook.id,
});
const docs = new docs_workspace.Site("docs", {
    title: "Engineering docs",
    visibility: docs_workspace.SiteVisibility.Share_link,
    published: true,
});
const guides = new docs_workspace.SiteSection("guides", {
    siteId: docs.id,
    spaceId: onboarding.id,
    title: "Guides",
    path: "guides",
});
const reviewers = new docs_workspace.ShareLink("reviewers", {
    siteId: docs.id,
    name: "Reviewers",
});
export const reviewersUrl = reviewers.url;
