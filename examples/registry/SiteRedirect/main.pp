resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource oldGuide "docs-workspace:index:SiteRedirect" {
  siteId      = docs.id
  source      = "/old-guide"
  destination = "/guides"
  permanent   = true
}
