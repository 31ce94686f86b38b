package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsworkspace.NewTeam(ctx, "writers", &docsworkspace.TeamArgs{
			Title: pulumi.String("Writers"),
			Members: docsworkspace.TeamMemberEntryArray{
				&docsworkspace.TeamMemberEntryArgs{
					User: pulumi.String("ada@example.com"),
					Role: docsworkspace.TeamRoleOwner,
				},
				&docsworkspace.TeamMemberEntryArgs{
					User: pulumi.String("grace@example.com"),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
