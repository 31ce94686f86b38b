import pulumi
import pulumi_docs_workspace as docs_workspace

writers = docs_workspace.Team("writers",
    title="Writers",
    members=[
        {
            "user": "ada@example.com",
            "role": docs_workspace.TeamRole.OWNER,
        },
        {
            "user": "grace@example.com",
        },
    ])
