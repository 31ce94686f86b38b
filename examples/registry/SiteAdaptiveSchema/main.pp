resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource visitorSchema "docs-workspace:index:SiteAdaptiveSchema" {
  siteId = docs.id
  jsonSchema = {
    type = "object"
    properties = {
      oncall = {
        type = "boolean"
      }
    }
  }
}
