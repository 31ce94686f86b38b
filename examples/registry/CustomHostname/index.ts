import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const docsHost = new docs_workspace.CustomHostname("docsHost", {
    siteId: docs.id,
    hostname: "docs.example.com",
    activationTimeoutSeconds: 900,
});
export const hostnameStatus = docsHost.status;
