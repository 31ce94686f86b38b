import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id,
    title="Guides")
more = docs_workspace.SiteSectionGroup("more",
    site_id=docs.id,
    title="More")
navigation = docs_workspace.SiteExternalLinks("navigation",
    site_id=docs.id,
    links=[
        {
            "title": "Status",
            "url": "https://status.example.com",
            "description": "Whether the service is up",
            "icon": "signal",
        },
        {
            "title": "Blog",
            "url": "https://blog.example.com",
            "section_group_id": more.id,
        },
    ],
    opts = pulumi.ResourceOptions(depends_on=[guides]))
