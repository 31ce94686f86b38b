config slackWebhook "string" {
  description = "The incoming webhook of the Slack workspace to notify"
}

resource slack "docs-workspace:index:IntegrationInstallation" {
  integration = "slack"
  configuration = {
    webhook_url     = secret(slackWebhook)
    default_channel = "#docs"
  }
  siteSelection = "all"
}
