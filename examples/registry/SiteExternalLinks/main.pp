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

resource more "docs-workspace:index:SiteSectionGroup" {
  siteId = docs.id
  title  = "More"
}

resource navigation "docs-workspace:index:SiteExternalLinks" {
  siteId = docs.id
  links = [
    {
      title       = "Status"
      url         = "https://status.example.com"
      description = "Whether the service is up"
      icon        = "signal"
    },
    {
      title          = "Blog"
      url            = "https://blog.example.com"
      sectionGroupId = more.id
    }
  ]
  options {
    dependsOn = [guides]
  }
}
