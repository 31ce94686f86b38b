import pulumi
import pulumi_docs_workspace as docs_workspace

config = pulumi.Config()
# The incoming webhook of the Slack workspace to notify (set it as a secret; the whole configuration is one)
slack_webhook = config.require("slackWebhook")
slack = docs_workspace.IntegrationInstallation("slack",
    integration="slack",
    configuration={
        "webhook_url": slack_webhook,
        "default_channel": "#docs",
    },
    site_selection=docs_workspace.IntegrationInstallationSiteSelection.ALL)
