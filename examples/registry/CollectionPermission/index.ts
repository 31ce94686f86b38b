import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const writers = new docs_workspace.Team("writers", {title: "Writers"});
const handbook = new docs_workspace.Collection("handbook", {title: "Engineering handbook"});
const writersCreate = new docs_workspace.CollectionPermission("writersCreate", {
    collectionId: handbook.id,
    teamId: writers.id,
    role: docs_workspace.RoleLevel.Create,
});
