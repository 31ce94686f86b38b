package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		writers, err := docsworkspace.NewTeam(ctx, "writers", &docsworkspace.TeamArgs{
			Title: pulumi.String("Writers"),
		})
		if err != nil {
			return err
		}
		runbook, err := docsworkspace.NewSpace(ctx, "runbook", &docsworkspace.SpaceArgs{
			Title: pulumi.String("Incident runbook"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSpacePermission(ctx, "writersEdit", &docsworkspace.SpacePermissionArgs{
			SpaceId: runbook.ID(),
			TeamId:  writers.ID(),
			Role:    docsworkspace.RoleLevelEdit,
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSpacePermission(ctx, "adaReview", &docsworkspace.SpacePermissionArgs{
			SpaceId: runbook.ID(),
			Email:   pulumi.String("ada@example.com"),
			Role:    docsworkspace.RoleLevelReview,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
