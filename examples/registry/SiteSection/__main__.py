import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id,
    title="Guides",
    path="guides")
