config prodToken "string" {
  description = "The production organization's API token, set with --secret"
}

resource prod "pulumi:providers:docs-workspace" {
  apiUrl         = "https://api.example.com"
  apiToken       = prodToken
  organizationId = "org_prod"
  maxConcurrency = 4
}

resource runbook "docs-workspace:index:Space" {
  title = "Incident runbook"

  options {
    provider = prod
  }
}
