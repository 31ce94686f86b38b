resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource agent "docs-workspace:index:SiteAgentSettings" {
  siteId                = docs.id
  scanTopics            = "auto"
  findingChangeRequests = "auto-fixable"
  customInstructions    = "Write in the second person.\nKeep each step to one action."
}
