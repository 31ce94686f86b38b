import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const oncall = new docs_workspace.Space("oncall", {title: "On-call"});
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const guides = new docs_workspace.SiteSection("guides", {
    siteId: docs.id,
    spaceId: guide.id,
    title: "Guides",
});
const oncallVariant = new docs_workspace.SiteSpace("oncallVariant", {
    siteId: docs.id,
    sectionId: guides.id,
    spaceId: oncall.id,
    path: "on-call",
    condition: "visitor.claims.oncall",
});
