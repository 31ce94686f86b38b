import pulumi
import pulumi_docs_workspace as docs_workspace

config = pulumi.Config()
# A GitHub token that reads the repository's issues
github_token = config.require("githubToken")
docs = docs_workspace.Site("docs", title="Engineering docs")
issues = docs_workspace.SiteContextConnection("issues",
    site_id=docs.id,
    connector="builtin:github-issues",
    repository="acme/docs",
    token=pulumi.Output.secret(github_token),
    filter="label:documentation",
    label="Docs issues",
    usage_settings={
        "change_requests": True,
        "search": True,
        "search_boost": docs_workspace.SiteContextConnectionUsageSettingsSearchBoost.X1_2,
    })
