resource petstore "docs-workspace:index:OpenApiSpec" {
  slug       = "petstore"
  visibility = "public"
  source = {
    url = "https://petstore3.swagger.io/api/v3/openapi.json"
  }
}
