package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		brand, err := docsworkspace.NewCustomFont(ctx, "brand", &docsworkspace.CustomFontArgs{
			FontFamily: pulumi.String("Acme Sans"),
			FontFaces: docsworkspace.CustomFontFontFacesItemArray{
				&docsworkspace.CustomFontFontFacesItemArgs{
					Weight:     pulumi.Int(400),
					StorageKey: pulumi.String("fonts/acme-sans-regular.woff2"),
				},
				&docsworkspace.CustomFontFontFacesItemArgs{
					Weight:     pulumi.Int(700),
					StorageKey: pulumi.String("fonts/acme-sans-bold.woff2"),
				},
			},
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
		_, err = docsworkspace.NewSiteCustomization(ctx, "look", &docsworkspace.SiteCustomizationArgs{
			SiteId: docs.ID(),
			Styling: &docsworkspace.CustomizationStylingArgs{
				CustomFontId: brand.ID(),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
