import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const handbook = new docs_workspace.Collection("handbook", {
    title: "Engineering handbook",
    description: "How we build, ship and run things",
});
const runbooks = new docs_workspace.Collection("runbooks", {
    title: "Runbooks",
    parent: handbook.id,
    defaultLevel: docs_workspace.CollectionDefaultLevel.Inherit,
});
export const handbookUrl = handbook.urls.apply(urls => urls.app);
