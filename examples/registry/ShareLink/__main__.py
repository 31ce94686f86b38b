import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs",
    title="Engineering docs",
    visibility=docs_workspace.SiteVisibility.SHARE_LINK,
    published=True)
reviewers = docs_workspace.ShareLink("reviewers",
    site_id=docs.id,
    name="Reviewers")
pulumi.export("reviewersUrl", reviewers.url)
