import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const writers = new docs_workspace.Team("writers", {
    title: "Writers",
    members: [
        {
            user: "ada@example.com",
            role: docs_workspace.TeamRole.Owner,
        },
        {
            user: "grace@example.com",
        },
    ],
});
