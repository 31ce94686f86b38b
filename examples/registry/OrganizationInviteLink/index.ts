import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const guide = new docs_workspace.Space("guide", {title: "Guide"});
const readers = new docs_workspace.OrganizationInviteLink("readers", {
    spaceId: guide.id,
    role: docs_workspace.OrganizationInviteLinkRole.Read,
});
const newcomers = new docs_workspace.OrganizationInviteLink("newcomers", {role: docs_workspace.OrganizationInviteLinkRole.Guest});
export const readersInviteId = readers.inviteId;
