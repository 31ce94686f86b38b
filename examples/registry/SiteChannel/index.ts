import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const slack = new docs_workspace.SiteChannel("slack", {
    siteId: docs.id,
    type: docs_workspace.SiteChannelType.Builtin_slack,
    allowed: [
        "docs-*",
        "support",
    ],
    role: docs_workspace.SiteChannelRole.Support,
});
