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
		_, err = docsworkspace.NewSiteRedirect(ctx, "oldGuide", &docsworkspace.SiteRedirectArgs{
			SiteId:      docs.ID(),
			Source:      pulumi.String("/old-guide"),
			Destination: pulumi.Any("/guides"),
			Permanent:   pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
