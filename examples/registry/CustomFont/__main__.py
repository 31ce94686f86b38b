import pulumi
import pulumi_docs_workspace as docs_workspace

brand = docs_workspace.CustomFont("brand",
    font_family="Acme Sans",
    font_faces=[
        {
            "weight": 400,
            "storage_key": "fonts/acme-sans-regular.woff2",
        },
        {
            "weight": 700,
            "storage_key": "fonts/acme-sans-bold.woff2",
        },
    ])
docs = docs_workspace.Site("docs", title="Engineering docs")
look = docs_workspace.SiteCustomization("look",
    site_id=docs.id,
    styling={
        "custom_font_id": brand.id,
    })
