import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const visitorSchema = new docs_workspace.SiteAdaptiveSchema("visitorSchema", {
    siteId: docs.id,
    jsonSchema: {
        type: "object",
        properties: {
            oncall: {
                type: "boolean",
                description: "The visitor is on call this week",
            },
        },
        additionalProperties: false,
    },
});
