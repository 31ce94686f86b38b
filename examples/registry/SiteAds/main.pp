resource docs "docs-workspace:index:Site" {
  title     = "Engineering docs"
  published = true
}

resource ads "docs-workspace:index:SiteAds" {
  siteId  = docs.id
  enabled = true
  topic   = "webdev"
}
