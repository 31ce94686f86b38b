config githubToken "string" {
  description = "A GitHub token that reads the repository's issues"
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource issues "docs-workspace:index:SiteContextConnection" {
  siteId     = docs.id
  connector  = "builtin:github-issues"
  repository = "acme/docs"
  token      = secret(githubToken)
  filter     = "label:documentation"
  label      = "Docs issues"
  usageSettings = {
    changeRequests = true
    search         = true
    searchBoost    = "x1.2"
  }
}
