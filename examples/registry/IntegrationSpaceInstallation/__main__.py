import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
github = docs_workspace.IntegrationInstallation("github", integration="github-sync")
guide_sync = docs_workspace.IntegrationSpaceInstallation("guideSync",
    integration=github.integration,
    installation_id=github.id,
    space_id=guide.id,
    configuration={
        "repository": "acme/docs",
        "branch": "main",
    })
