import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const look = new docs_workspace.SiteCustomization("look", {
    siteId: docs.id,
    title: "Engineering docs",
    styling: {
        theme: docs_workspace.CustomizationTheme.Clean,
        primaryColor: {
            light: "#346ddb",
            dark: "#8fb1f5",
        },
        corners: docs_workspace.CustomizationCorners.Rounded,
    },
    announcement: {
        enabled: true,
        message: "The handbook moved here.",
        style: docs_workspace.CustomizationAnnouncementStyle.Info,
    },
});
