import pulumi
import pulumi_docs_workspace as docs_workspace

writers = docs_workspace.Team("writers", title="Writers")
handbook = docs_workspace.Collection("handbook", title="Engineering handbook")
writers_create = docs_workspace.CollectionPermission("writersCreate",
    collection_id=handbook.id,
    team_id=writers.id,
    role=docs_workspace.RoleLevel.CREATE)
