package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guide, err := docsworkspace.NewSpace(ctx, "guide", &docsworkspace.SpaceArgs{
			Title: pulumi.String("Guide"),
		})
		if err != nil {
			return err
		}
		readers, err := docsworkspace.NewOrganizationInviteLink(ctx, "readers", &docsworkspace.OrganizationInviteLinkArgs{
			SpaceId: guide.ID(),
			Role:    docsworkspace.OrganizationInviteLinkRoleRead,
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewOrganizationInviteLink(ctx, "newcomers", &docsworkspace.OrganizationInviteLinkArgs{
			Role: docsworkspace.OrganizationInviteLinkRoleGuest,
		})
		if err != nil {
			return err
		}
		ctx.Export("readersInviteId", readers.InviteId)
		return nil
	})
}
