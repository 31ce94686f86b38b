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
		_, err = docsworkspace.NewSiteChannel(ctx, "slack", &docsworkspace.SiteChannelArgs{
			SiteId: docs.ID(),
			Type:   docsworkspace.SiteChannelType_Builtin_slack,
			Allowed: pulumi.StringArray{
				pulumi.String("docs-*"),
				pulumi.String("support"),
			},
			Role: docsworkspace.SiteChannelRoleSupport,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
