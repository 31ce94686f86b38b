import pulumi
import pulumi_docs_workspace as docs_workspace

linus = docs_workspace.OrganizationMember("linus",
    email="linus@example.com",
    role=docs_workspace.RoleLevel.REVIEW)
