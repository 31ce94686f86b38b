import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const config = new pulumi.Config();
// The incoming webhook of the Slack workspace to notify (set it as a secret; the whole configuration is one)
const slackWebhook = config.require("slackWebhook");
const slack = new docs_workspace.IntegrationInstallation("slack", {
    integration: "slack",
    configuration: {
        webhook_url: slackWebhook,
        default_channel: "#docs",
    },
    siteSelection: docs_workspace.IntegrationInstallationSiteSelection.All,
});
