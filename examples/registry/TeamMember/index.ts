import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const reviewers = new docs_workspace.Team("reviewers", {title: "Reviewers"});
const margaret = new docs_workspace.TeamMember("margaret", {
    teamId: reviewers.id,
    email: "margaret@example.com",
    role: docs_workspace.TeamRole.Member,
});
