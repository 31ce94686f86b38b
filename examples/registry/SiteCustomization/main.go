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
		_, err = docsworkspace.NewSiteCustomization(ctx, "look", &docsworkspace.SiteCustomizationArgs{
			SiteId: docs.ID(),
			Title:  pulumi.String("Engineering docs"),
			Styling: &docsworkspace.CustomizationStylingArgs{
				Theme: docsworkspace.CustomizationThemeClean,
				PrimaryColor: &docsworkspace.CustomizationThemedColorArgs{
					Light: pulumi.String("#346ddb"),
					Dark:  pulumi.String("#8fb1f5"),
				},
				Corners: docsworkspace.CustomizationCornersRounded,
			},
			Announcement: &docsworkspace.CustomizationAnnouncementArgs{
				Enabled: pulumi.Bool(true),
				Message: pulumi.String("The handbook moved here."),
				Style:   docsworkspace.CustomizationAnnouncementStyleInfo,
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
