import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const config = new pulumi.Config();
// The production organization's API token, set with --secret
const prodToken = config.require("prodToken");
const prod = new docs_workspace.Provider("prod", {
    apiUrl: "https://api.example.com",
    apiToken: prodToken,
    organizationId: "org_prod",
    maxConcurrency: 4,
});
const runbook = new docs_workspace.Space("runbook", {title: "Incident runbook"}, {
    provider: prod,
});
