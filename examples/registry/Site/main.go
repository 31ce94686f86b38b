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
		ctx.Export("siteUrl", docs.Urls.ApplyT(func(urls docsworkspace.SiteUrls) (*string, error) {
			return urls.Published, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
