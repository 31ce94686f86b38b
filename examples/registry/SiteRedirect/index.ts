import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const guides = new docs_workspace.SiteSection("guides", {
    siteId: docs.id,
    spaceId: guide.id,
});
const oldGuide = new docs_workspace.SiteRedirect("oldGuide", {
    siteId: docs.id,
    source: "/old-guide/*",
    destination: {
        kind: "site-section",
        siteSectionId: guides.id,
    },
    permanent: true,
});
const blog = new docs_workspace.SiteRedirect("blog", {
    siteId: docs.id,
    source: "/blog",
    destination: {
        kind: "external",
        url: "https://blog.example.com",
    },
});
