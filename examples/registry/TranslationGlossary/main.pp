resource glossary "docs-workspace:index:TranslationGlossary" {
  entries = [
    {
      en = "deployment"
      fr = "déploiement"
    },
    {
      en = "workspace"
      fr = "espace de travail"
    }
  ]
}
