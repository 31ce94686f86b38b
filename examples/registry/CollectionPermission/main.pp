resource writers "docs-workspace:index:Team" {
  title = "Writers"
}

resource handbook "docs-workspace:index:Collection" {
  title = "Engineering handbook"
}

resource writersCreate "docs-workspace:index:CollectionPermission" {
  collectionId = handbook.id
  teamId       = writers.id
  role         = "create"
}
