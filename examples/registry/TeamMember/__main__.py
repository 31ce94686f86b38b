import pulumi
import pulumi_docs_workspace as docs_workspace

reviewers = docs_workspace.Team("reviewers", title="Reviewers")
margaret = docs_workspace.TeamMember("margaret",
    team_id=reviewers.id,
    email="margaret@example.com",
    role=docs_workspace.TeamRole.MEMBER)
