import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {
    title: "Engineering docs",
    visibility: docs_workspace.SiteVisibility.Visitor_auth,
});
const visitors = new docs_workspace.SiteVisitorAuth("visitors", {
    siteId: docs.id,
    backend: docs_workspace.SiteVisitorAuthBackend.Custom,
    fallbackURL: "https://login.acme.com/docs",
    rotation: "2025-01",
});
export const visitorKey = visitors.privateKey;
