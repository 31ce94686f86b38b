resource acme "docs-workspace:index:OrganizationSettings" {
  emailDomains = ["acme.com"]
  defaultRole  = "read"
  sso          = true
}
