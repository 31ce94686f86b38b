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
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title: pulumi.String("Engineering docs"),
		})
		if err != nil {
			return err
		}
		guides, err := docsworkspace.NewSiteSection(ctx, "guides", &docsworkspace.SiteSectionArgs{
			SiteId:  docs.ID(),
			SpaceId: guide.ID(),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteRedirect(ctx, "oldGuide", &docsworkspace.SiteRedirectArgs{
			SiteId: docs.ID(),
			Source: pulumi.String("/old-guide/*"),
			Destination: pulumi.Any(map[string]interface{}{
				"kind":          "site-section",
				"siteSectionId": guides.ID(),
			}),
			Permanent: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteRedirect(ctx, "blog", &docsworkspace.SiteRedirectArgs{
			SiteId: docs.ID(),
			Source: pulumi.String("/blog"),
			Destination: pulumi.Any(map[string]interface{}{
				"kind": "external",
				"url":  "https://blog.example.com",
			}),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
