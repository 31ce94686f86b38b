import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const graceAdmin = new docs_workspace.SitePermission("graceAdmin", {
    siteId: docs.id,
    email: "grace@example.com",
    role: docs_workspace.RoleLevel.Admin,
});
