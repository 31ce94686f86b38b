import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const linus = new docs_workspace.OrganizationMember("linus", {
    email: "linus@example.com",
    role: docs_workspace.RoleLevel.Review,
});
