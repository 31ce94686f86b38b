import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {
    title: "Engineering docs",
    visibility: docs_workspace.SiteVisibility.Share_link,
    published: true,
});
const reviewers = new docs_workspace.ShareLink("reviewers", {
    siteId: docs.id,
    name: "Reviewers",
});
export const reviewersUrl = reviewers.url;
