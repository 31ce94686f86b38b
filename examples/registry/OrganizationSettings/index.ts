import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const acme = new docs_workspace.OrganizationSettings("acme", {
    emailDomains: ["acme.com"],
    defaultRole: docs_workspace.RoleLevel.Read,
    sso: true,
});
