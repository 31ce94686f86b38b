import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id)
old_guide = docs_workspace.SiteRedirect("oldGuide",
    site_id=docs.id,
    source="/old-guide/*",
    destination={
        "kind": "site-section",
        "siteSectionId": guides.id,
    },
    permanent=True)
blog = docs_workspace.SiteRedirect("blog",
    site_id=docs.id,
    source="/blog",
    destination={
        "kind": "external",
        "url": "https://blog.example.com",
    })
