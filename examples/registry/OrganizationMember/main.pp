resource linus "docs-workspace:index:OrganizationMember" {
  email = "linus@example.com"
  role  = "review"
}
