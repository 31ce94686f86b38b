resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource docsHost "docs-workspace:index:CustomHostname" {
  siteId                   = docs.id
  hostname                 = "docs.example.com"
  activationTimeoutSeconds = 900
}

output hostnameStatus {
  value = docsHost.status
}
