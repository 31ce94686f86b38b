resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource visitorSchema "docs-workspace:index:SiteAdaptiveSchema" {
  siteId = docs.id
  jsonSchema = {
    type = "object"
    properties = {
      oncall = {
        type        = "boolean"
        description = "The visitor is on call this week"
      }
    }
    additionalProperties = false
  }
}
