import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const glossary = new docs_workspace.TranslationGlossary("glossary", {entries: [
    {
        en: "deployment",
        fr: "déploiement",
    },
    {
        en: "workspace",
        fr: "espace de travail",
    },
]});
