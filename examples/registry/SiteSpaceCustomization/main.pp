resource guide "docs-workspace:index:Space" {
  title = "Guide"
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource guides "docs-workspace:index:SiteSection" {
  siteId  = docs.id
  spaceId = guide.id
}

resource guideSpace "docs-workspace:index:SiteSpace" {
  siteId    = docs.id
  sectionId = guides.id
  spaceId   = guide.id
}

resource guideLook "docs-workspace:index:SiteSpaceCustomization" {
  siteId      = docs.id
  siteSpaceId = guideSpace.id
  title       = "Guide"
  styling = {
    corners = "straight"
  }
}
