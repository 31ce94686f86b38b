import pulumi
import pulumi_docs_workspace as docs_workspace

writers = docs_workspace.Team("writers", title="Writers")
runbook = docs_workspace.Space("runbook", title="Incident runbook")
writers_edit = docs_workspace.SpacePermission("writersEdit",
    space_id=runbook.id,
    team_id=writers.id,
    role=docs_workspace.RoleLevel.EDIT)
ada_review = docs_workspace.SpacePermission("adaReview",
    space_id=runbook.id,
    email="ada@example.com",
    role=docs_workspace.RoleLevel.REVIEW)
