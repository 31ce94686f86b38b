config statusToken "string" {
  description = "The bearer token the status page's MCP server expects"
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource status "docs-workspace:index:SiteMcpServer" {
  siteId    = docs.id
  name      = "Status page"
  url       = "https://status.example.com/mcp"
  transport = "http"
  headers = {
    Authorization = secret("Bearer ${statusToken}")
  }
  condition = "visitor.claims.plan == 'pro'"
}
