import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs",
    title="Engineering docs",
    published=True)
ads = docs_workspace.SiteAds("ads",
    site_id=docs.id,
    enabled=True,
    topic=docs_workspace.SiteAdsTopic.WEBDEV)
