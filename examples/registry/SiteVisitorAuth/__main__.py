import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs",
    title="Engineering docs",
    visibility=docs_workspace.SiteVisibility.VISITOR_AUTH)
visitors = docs_workspace.SiteVisitorAuth("visitors",
    site_id=docs.id,
    backend=docs_workspace.SiteVisitorAuthBackend.CUSTOM,
    fallback_url="https://login.acme.com/docs",
    rotation="2025-01")
pulumi.export("visitorKey", visitors.private_key)
