resource docs "docs-workspace:index:Site" {
  title      = "Engineering docs"
  visibility = "share-link"
  published  = true
}

resource reviewers "docs-workspace:index:ShareLink" {
  siteId = docs.id
  name   = "Reviewers"
}

// A secret: the link's URL holds its key.
output reviewersUrl {
  value = reviewers.url
}
