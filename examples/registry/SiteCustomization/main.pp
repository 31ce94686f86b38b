resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource look "docs-workspace:index:SiteCustomization" {
  siteId = docs.id
  title  = "Engineering docs"
  styling = {
    theme        = "clean"
    primaryColor = {
      light = "#346ddb"
      dark  = "#8fb1f5"
    }
    corners = "rounded"
  }
  announcement = {
    enabled = true
    message = "The handbook moved here."
    style   = "info"
  }
}
