resource docs "docs-workspace:index:Site" {
  title      = "Engineering docs"
  visibility = "visitor-auth"
}

resource visitors "docs-workspace:index:SiteVisitorAuth" {
  siteId      = docs.id
  backend     = "custom"
  fallbackURL = "https://login.acme.com/docs"
  rotation    = "2025-01"
}

// A secret: visitors' tokens are signed with it.
output visitorKey {
  value = visitors.privateKey
}
