resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource slack "docs-workspace:index:SiteChannel" {
  siteId  = docs.id
  type    = "builtin:slack"
  allowed = ["docs-*", "support"]
  role    = "support"
}
