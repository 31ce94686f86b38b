resource onboarding "docs-workspace:index:Space" {
  title    = "Onboarding"
  language = "en"
}

resource onboardingFr "docs-workspace:index:Translation" {
  spaceId        = onboarding.id
  sourceLanguage = "en"
  language       = "fr"
}
