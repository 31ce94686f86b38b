resource handbook "docs-workspace:index:Collection" {
  title = "Engineering handbook"
}

resource onboarding "docs-workspace:index:Space" {
  title  = "Onboarding"
  parent = handbook.id
}

resource docs "docs-workspace:index:Site" {
  title      = "Engineering docs"
  visibility = "share-link"
  published  = true
}

resource guides "docs-workspace:index:SiteSection" {
  siteId  = docs.id
  spaceId = onboarding.id
  title   = "Guides"
  path    = "guides"
}

resource reviewers "docs-workspace:index:ShareLink" {
  siteId = docs.id
  name   = "Reviewers"
}

// A secret: the link's URL holds its key.
output reviewersUrl {
  value = reviewers.url
}
