resource handbook "docs-workspace:index:Collection" {
  title = "Engineering handbook"
}

resource onboarding "docs-workspace:index:Space" {
  title    = "Onboarding"
  parent   = handbook.id
  editMode = "locked"
  language = "en"
}

output onboardingUrl {
  value = onboarding.urls.app
}
