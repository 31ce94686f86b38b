import pulumi
import pulumi_docs_workspace as docs_workspace

config = pulumi.Config()
# The bearer token the status page's MCP server expects
status_token = config.require("statusToken")
docs = docs_workspace.Site("docs", title="Engineering docs")
status = docs_workspace.SiteMcpServer("status",
    site_id=docs.id,
    name="Status page",
    url="https://status.example.com/mcp",
    transport=docs_workspace.SiteMcpServerTransport.HTTP,
    headers={
        "Authorization": pulumi.Output.secret(f"Bearer {status_token}"),
    },
    condition="visitor.claims.plan == 'pro'")
