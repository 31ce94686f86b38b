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

resource oldGuide "docs-workspace:index:SiteRedirect" {
  siteId = docs.id
  source = "/old-guide/*"
  destination = {
    kind          = "site-section"
    siteSectionId = guides.id
  }
  permanent = true
}

resource blog "docs-workspace:index:SiteRedirect" {
  siteId = docs.id
  source = "/blog"
  destination = {
    kind = "external"
    url  = "https://blog.example.com"
  }
}
