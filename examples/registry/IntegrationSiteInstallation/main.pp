resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource analytics "docs-workspace:index:IntegrationInstallation" {
  integration = "googleanalytics"
}

resource docsAnalytics "docs-workspace:index:IntegrationSiteInstallation" {
  integration    = analytics.integration
  installationId = analytics.id
  siteId         = docs.id
  configuration = {
    tracking_id  = "G-XXXXXXXXXX"
    anonymize_ip = true
  }
}
