package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title:      pulumi.String("Engineering docs"),
			Visibility: docsworkspace.SiteVisibility_Visitor_Auth,
		})
		if err != nil {
			return err
		}
		visitors, err := docsworkspace.NewSiteVisitorAuth(ctx, "visitors", &docsworkspace.SiteVisitorAuthArgs{
			SiteId:      docs.ID(),
			Backend:     docsworkspace.SiteVisitorAuthBackendCustom,
			FallbackURL: pulumi.String("https://login.acme.com/docs"),
			Rotation:    pulumi.String("2025-01"),
		})
		if err != nil {
			return err
		}
		ctx.Export("visitorKey", visitors.PrivateKey)
		return nil
	})
}
