import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {
    title: "Engineering docs",
    published: true,
});
const ads = new docs_workspace.SiteAds("ads", {
    siteId: docs.id,
    enabled: true,
    topic: docs_workspace.SiteAdsTopic.Webdev,
});
