resource handbook "docs-workspace:index:Collection" {
  title       = "Engineering handbook"
  description = "How we build, ship and run things"
}

resource runbooks "docs-workspace:index:Collection" {
  title        = "Runbooks"
  parent       = handbook.id
  defaultLevel = "inherit"
}

output handbookUrl {
  value = handbook.urls.app
}
