import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const agent = new docs_workspace.SiteAgentSettings("agent", {
    siteId: docs.id,
    scanTopics: docs_workspace.SiteAgentSettingsScanTopics.Auto,
    findingChangeRequests: docs_workspace.SiteAgentSettingsFindingChangeRequests.Auto_fixable,
    customInstructions: `Write in the second person.
Keep each step to one action.`,
});
