import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const guides = new docs_workspace.SiteSection("guides", {
    siteId: docs.id,
    spaceId: guide.id,
    title: "Guides",
});
const more = new docs_workspace.SiteSectionGroup("more", {
    siteId: docs.id,
    title: "More",
});
const navigation = new docs_workspace.SiteExternalLinks("navigation", {
    siteId: docs.id,
    links: [
        {
            title: "Status",
            url: "https://status.example.com",
            description: "Whether the service is up",
            icon: "signal",
        },
        {
            title: "Blog",
            url: "https://blog.example.com",
            sectionGroupId: more.id,
        },
    ],
}, {
    dependsOn: [guides],
});
