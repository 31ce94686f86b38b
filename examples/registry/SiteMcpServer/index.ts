import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const config = new pulumi.Config();
// The bearer token the status page's MCP server expects
const statusToken = config.require("statusToken");
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const status = new docs_workspace.SiteMcpServer("status", {
    siteId: docs.id,
    name: "Status page",
    url: "https://status.example.com/mcp",
    transport: docs_workspace.SiteMcpServerTransport.Http,
    headers: {
        Authorization: pulumi.secret(`Bearer ${statusToken}`),
    },
    condition: "visitor.claims.plan == 'pro'",
});
