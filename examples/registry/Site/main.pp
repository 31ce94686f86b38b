resource docs "docs-workspace:index:Site" {
  title      = "Engineering docs"
  visibility = "share-link"
  published  = true
}

output siteUrl {
  value = docs.urls.published
}
