import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const writers = new docs_workspace.Team("writers", {title: "Writers"});
const runbook = new docs_workspace.Space("runbook", {title: "Incident runbook"});
const writersEdit = new docs_workspace.SpacePermission("writersEdit", {
    spaceId: runbook.id,
    teamId: writers.id,
    role: docs_workspace.RoleLevel.Edit,
});
const adaReview = new docs_workspace.SpacePermission("adaReview", {
    spaceId: runbook.id,
    email: "ada@example.com",
    role: docs_workspace.RoleLevel.Review,
});
