import pulumi
import pulumi_docs_workspace as docs_workspace

handbook = docs_workspace.Collection("handbook", title="Engineering handbook")
onboarding = docs_workspace.Space("onboarding",
    title="Onboarding",
    parent=handbook.id)
docs = docs_workspace.Site("docs",
    title="Engineering docs",
    visibility=docs_workspace.SiteVisibility.SHARE_LINK,
    published=True)
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=onboarding.id,
    title="Guides",
    path="guides")
reviewers = docs_workspace.ShareLink("reviewers",
    site_id=docs.id,
    name="Reviewers")
pulumi.export("reviewersUrl", reviewers.url)
