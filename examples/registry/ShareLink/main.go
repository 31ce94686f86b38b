package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title:      pulumi.String("Engineering docs"),
			Visibility: docsworkspace.SiteVisibility_Share_Link,
			Published:  pulumi.Bool(true),
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
