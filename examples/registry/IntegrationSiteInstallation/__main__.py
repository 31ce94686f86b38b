import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
analytics = docs_workspace.IntegrationInstallation("analytics", integration="googleanalytics")
docs_analytics = docs_workspace.IntegrationSiteInstallation("docsAnalytics",
    integration=analytics.integration,
    installation_id=analytics.id,
    site_id=docs.id,
    configuration={
        "tracking_id": "G-XXXXXXXXXX",
        "anonymize_ip": True,
    })
