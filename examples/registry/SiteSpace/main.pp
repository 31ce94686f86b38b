resource guide "docs-workspace:index:Space" {
  title = "Guide"
}

resource oncall "docs-workspace:index:Space" {
  title = "On-call"
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource guides "docs-workspace:index:SiteSection" {
  siteId  = docs.id
  spaceId = guide.id
  title   = "Guides"
}

resource oncallVariant "docs-workspace:index:SiteSpace" {
  siteId    = docs.id
  sectionId = guides.id
  spaceId   = oncall.id
  path      = "on-call"
  condition = "visitor.claims.oncall"
}
