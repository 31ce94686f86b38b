import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
oncall = docs_workspace.Space("oncall", title="On-call")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id,
    title="Guides")
oncall_variant = docs_workspace.SiteSpace("oncallVariant",
    site_id=docs.id,
    section_id=guides.id,
    space_id=oncall.id,
    path="on-call",
    condition="visitor.claims.oncall")
