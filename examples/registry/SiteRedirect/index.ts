import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const oldGuide = new docs_workspace.SiteRedirect("oldGuide", {
    siteId: docs.id,
    source: "/old-guide",
    destination: "/guides",
    permanent: true,
});
