import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const onboarding = new docs_workspace.Space("onboarding", {
    title: "Onboarding",
    language: docs_workspace.Language.En,
});
const onboardingFr = new docs_workspace.Translation("onboardingFr", {
    spaceId: onboarding.id,
    sourceLanguage: docs_workspace.Language.En,
    language: docs_workspace.Language.Fr,
});
