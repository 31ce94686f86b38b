import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const handbook = new docs_workspace.Collection("handbook", {title: "Engineering handbook"});
const onboarding = new docs_workspace.Space("onboarding", {
    title: "Onboarding",
    parent: handbook.id,
    editMode: docs_workspace.EditMode.Locked,
    language: docs_workspace.Language.En,
});
export const onboardingUrl = onboarding.urls.apply(urls => urls.app);
