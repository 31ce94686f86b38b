import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const guides = new docs_workspace.SiteSection("guides", {
    siteId: docs.id,
    spaceId: guide.id,
});
const guideSpace = new docs_workspace.SiteSpace("guideSpace", {
    siteId: docs.id,
    sectionId: guides.id,
    spaceId: guide.id,
});
const guideLook = new docs_workspace.SiteSpaceCustomization("guideLook", {
    siteId: docs.id,
    siteSpaceId: guideSpace.id,
    title: "Guide",
    styling: {
        corners: docs_workspace.CustomizationCorners.Straight,
    },
});
