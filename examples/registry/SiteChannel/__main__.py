import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
slack = docs_workspace.SiteChannel("slack",
    site_id=docs.id,
    type=docs_workspace.SiteChannelType.BUILTIN_SLACK,
    allowed=[
        "docs-*",
        "support",
    ],
    role=docs_workspace.SiteChannelRole.SUPPORT)
