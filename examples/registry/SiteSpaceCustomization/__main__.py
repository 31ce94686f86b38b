import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
docs = docs_workspace.Site("docs", title="Engineering docs")
guides = docs_workspace.SiteSection("guides",
    site_id=docs.id,
    space_id=guide.id)
guide_space = docs_workspace.SiteSpace("guideSpace",
    site_id=docs.id,
    section_id=guides.id,
    space_id=guide.id)
guide_look = docs_workspace.SiteSpaceCustomization("guideLook",
    site_id=docs.id,
    site_space_id=guide_space.id,
    title="Guide",
    styling={
        "corners": docs_workspace.CustomizationCorners.STRAIGHT,
    })
