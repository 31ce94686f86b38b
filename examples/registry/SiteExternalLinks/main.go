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
			Title:   pulumi.String("Guides"),
		})
		if err != nil {
			return err
		}
		more, err := docsworkspace.NewSiteSectionGroup(ctx, "more", &docsworkspace.SiteSectionGroupArgs{
			SiteId: docs.ID(),
			Title:  pulumi.String("More"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteExternalLinks(ctx, "navigation", &docsworkspace.SiteExternalLinksArgs{
			SiteId: docs.ID(),
			Links: docsworkspace.SiteExternalLinksLinksItemArray{
				&docsworkspace.SiteExternalLinksLinksItemArgs{
					Title:       pulumi.String("Status"),
					Url:         pulumi.String("https://status.example.com"),
					Description: pulumi.String("Whether the service is up"),
					Icon:        pulumi.String("signal"),
				},
				&docsworkspace.SiteExternalLinksLinksItemArgs{
					Title:          pulumi.String("Blog"),
					Url:            pulumi.String("https://blog.example.com"),
					SectionGroupId: more.ID(),
				},
			},
		}, pulumi.DependsOn([]pulumi.Resource{
			guides,
		}))
		if err != nil {
			return err
		}
		return nil
	})
}
