package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		handbook, err := docsworkspace.NewCollection(ctx, "handbook", &docsworkspace.CollectionArgs{
			Title: pulumi.String("Engineering handbook"),
		})
		if err != nil {
			return err
		}
		onboarding, err := docsworkspace.NewSpace(ctx, "onboarding", &docsworkspace.SpaceArgs{
			Title:  pulumi.String("Onboarding"),
			Parent: handbook.ID(),
		})
		if err != nil {
			return err
		}
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title:      pulumi.String("Engineering docs"),
			Visibility: docsworkspace.SiteVisibility_Share_Link,
			Published:  pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteSection(ctx, "guides", &docsworkspace.SiteSectionArgs{
			SiteId:  docs.ID(),
			SpaceId: onboarding.ID(),
			Title:   pulumi.String("Guides"),
			Path:    pulumi.String("guides"),
		})
		if err != nil {
			return err
		}
		reviewers, err := docsworkspace.NewShareLink(ctx, "reviewers", &docsworkspace.ShareLinkArgs{
			SiteId: docs.ID(),
			Name:   pulumi.String("Reviewers"),
		})
		if err != nil {
			return err
		}
		ctx.Export("reviewersUrl", reviewers.Url)
		return nil
	})
}
