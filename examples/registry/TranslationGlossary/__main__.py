import pulumi
import pulumi_docs_workspace as docs_workspace

glossary = docs_workspace.TranslationGlossary("glossary", entries=[
    {
        "en": "deployment",
        "fr": "déploiement",
    },
    {
        "en": "workspace",
        "fr": "espace de travail",
    },
])
