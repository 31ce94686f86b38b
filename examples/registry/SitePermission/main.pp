resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource graceAdmin "docs-workspace:index:SitePermission" {
  siteId = docs.id
  email  = "grace@example.com"
  role   = "admin"
}
