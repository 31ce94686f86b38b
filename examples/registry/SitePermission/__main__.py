import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
grace_admin = docs_workspace.SitePermission("graceAdmin",
    site_id=docs.id,
    email="grace@example.com",
    role=docs_workspace.RoleLevel.ADMIN)
