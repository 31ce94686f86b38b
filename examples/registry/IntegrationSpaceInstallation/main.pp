resource guide "docs-workspace:index:Space" {
  title = "Guide"
}

resource github "docs-workspace:index:IntegrationInstallation" {
  integration = "github-sync"
}

resource guideSync "docs-workspace:index:IntegrationSpaceInstallation" {
  integration    = github.integration
  installationId = github.id
  spaceId        = guide.id
  configuration = {
    repository = "acme/docs"
    branch     = "main"
  }
}
