package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title:     pulumi.String("Engineering docs"),
			Published: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteAds(ctx, "ads", &docsworkspace.SiteAdsArgs{
			SiteId:  docs.ID(),
			Enabled: pulumi.Bool(true),
			Topic:   docsworkspace.SiteAdsTopicWebdev,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
