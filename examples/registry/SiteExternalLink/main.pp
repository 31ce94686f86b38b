resource guide "docs-workspace:index:Space" {
  title = "Guide"
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource guides "docs-workspace:index:SiteSection" {
  siteId  = docs.id
  spaceId = guide.id
  title   = "Guides"
}

resource status "docs-workspace:index:SiteExternalLink" {
  siteId      = docs.id
  title       = "Status"
  url         = "https://status.example.com"
  description = "Whether the service is up"
  icon        = "signal"
  options {
    dependsOn = [guides]
  }
}
