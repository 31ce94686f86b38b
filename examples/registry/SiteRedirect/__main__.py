import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
old_guide = docs_workspace.SiteRedirect("oldGuide",
    site_id=docs.id,
    source="/old-guide",
    destination="/guides",
    permanent=True)
