package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		reviewers, err := docsworkspace.NewTeam(ctx, "reviewers", &docsworkspace.TeamArgs{
			Title: pulumi.String("Reviewers"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewTeamMember(ctx, "margaret", &docsworkspace.TeamMemberArgs{
			TeamId: reviewers.ID(),
			Email:  pulumi.String("margaret@example.com"),
			Role:   docsworkspace.TeamRoleMember,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
