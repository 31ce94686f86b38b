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
		oncall, err := docsworkspace.NewSpace(ctx, "oncall", &docsworkspace.SpaceArgs{
			Title: pulumi.String("On-call"),
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
			Title:   pulumi.String("Guides"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteSpace(ctx, "oncallVariant", &docsworkspace.SiteSpaceArgs{
			SiteId:    docs.ID(),
			SectionId: guides.ID(),
			SpaceId:   oncall.ID(),
			Path:      pulumi.String("on-call"),
			Condition: pulumi.String("visitor.claims.oncall"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
