import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const config = new pulumi.Config();
// A GitHub token that reads the repository's issues
const githubToken = config.require("githubToken");
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const issues = new docs_workspace.SiteContextConnection("issues", {
    siteId: docs.id,
    connector: "builtin:github-issues",
    repository: "acme/docs",
    token: pulumi.secret(githubToken),
    filter: "label:documentation",
    label: "Docs issues",
    usageSettings: {
        changeRequests: true,
        search: true,
        searchBoost: docs_workspace.SiteContextConnectionUsageSettingsSearchBoost.X1_2,
    },
});
