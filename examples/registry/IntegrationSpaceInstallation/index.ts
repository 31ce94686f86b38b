import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const github = new docs_workspace.IntegrationInstallation("github", {integration: "github-sync"});
const guideSync = new docs_workspace.IntegrationSpaceInstallation("guideSync", {
    integration: github.integration,
    installationId: github.id,
    spaceId: guide.id,
    configuration: {
        repository: "acme/docs",
        branch: "main",
    },
});
