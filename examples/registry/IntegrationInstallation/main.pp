config slackWebhook "string" {
  description = "The incoming webhook of the Slack workspace to notify (set it as a secret; the whole configuration is one)"
}

resource slack "docs-workspace:index:IntegrationInstallation" {
  integration = "slack"
  configuration = {
    webhook_url     = slackWebhook
    default_channel = "#docs"
  }
  siteSelection = "all"
}
