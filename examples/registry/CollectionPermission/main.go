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
		handbook, err := docsworkspace.NewCollection(ctx, "handbook", &docsworkspace.CollectionArgs{
			Title: pulumi.String("Engineering handbook"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewCollectionPermission(ctx, "writersCreate", &docsworkspace.CollectionPermissionArgs{
			CollectionId: handbook.ID(),
			TeamId:       writers.ID(),
			Role:         docsworkspace.RoleLevelCreate,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
