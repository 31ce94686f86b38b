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
  path    = "guides"
}
