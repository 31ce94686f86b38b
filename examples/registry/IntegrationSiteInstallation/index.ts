import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const analytics = new docs_workspace.IntegrationInstallation("analytics", {integration: "googleanalytics"});
const docsAnalytics = new docs_workspace.IntegrationSiteInstallation("docsAnalytics", {
    integration: analytics.integration,
    installationId: analytics.id,
    siteId: docs.id,
    configuration: {
        tracking_id: "G-XXXXXXXXXX",
        anonymize_ip: true,
    },
});
