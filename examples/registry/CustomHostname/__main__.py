import pulumi
import pulumi_docs_workspace as docs_workspace

docs = docs_workspace.Site("docs", title="Engineering docs")
docs_host = docs_workspace.CustomHostname("docsHost",
    site_id=docs.id,
    hostname="docs.example.com",
    activation_timeout_seconds=900)
pulumi.export("hostnameStatus", docs_host.status)
