import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
look = docs_workspace.SiteCustomization("look",
    site_id=docs.id,
    title="Engineering docs",
    styling={
        "theme": docs_workspace.CustomizationTheme.CLEAN,
        "primary_color": {
            "light": "#346ddb",
            "dark": "#8fb1f5",
        },
        "corners": docs_workspace.CustomizationCorners.ROUNDED,
    },
    announcement={
        "enabled": True,
        "message": "The handbook moved here.",
        "style": docs_workspace.CustomizationAnnouncementStyle.INFO,
    })
