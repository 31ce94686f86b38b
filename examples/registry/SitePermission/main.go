package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title: pulumi.String("Engineering docs"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSitePermission(ctx, "graceAdmin", &docsworkspace.SitePermissionArgs{
			SiteId: docs.ID(),
			Email:  pulumi.String("grace@example.com"),
			Role:   docsworkspace.RoleLevelAdmin,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
