import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id,
    title="Guides")
status = docs_workspace.SiteExternalLink("status",
    site_id=docs.id,
    title="Status",
    url="https://status.example.com",
    description="Whether the service is up",
    icon="signal",
    opts = pulumi.ResourceOptions(depends_on=[guides]))
