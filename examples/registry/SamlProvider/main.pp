config certificate "string" {
  description = "The identity provider's signing certificate (PEM), set with --secret"
}

resource okta "docs-workspace:index:SamlProvider" {
  label       = "Okta"
  entityID    = "http://www.okta.com/exk1a2b3c"
  ssoURL      = "https://acme.okta.com/app/docs/sso/saml"
  certificate = certificate
  defaultRole = "read"
}

// What the identity provider needs.
output acsUrl {
  value = okta.acsURL
}
