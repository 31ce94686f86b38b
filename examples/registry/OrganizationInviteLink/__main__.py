import pulumi
import pulumi_docs_workspace as docs_workspace

guide = docs_workspace.Space("guide", title="Guide")
readers = docs_workspace.OrganizationInviteLink("readers",
    space_id=guide.id,
    role=docs_workspace.OrganizationInviteLinkRole.READ)
newcomers = docs_workspace.OrganizationInviteLink("newcomers", role=docs_workspace.OrganizationInviteLinkRole.GUEST)
pulumi.export("readersInviteId", readers.invite_id)
