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
		docsHost, err := docsworkspace.NewCustomHostname(ctx, "docsHost", &docsworkspace.CustomHostnameArgs{
			SiteId:                   docs.ID(),
			Hostname:                 pulumi.String("docs.example.com"),
			ActivationTimeoutSeconds: pulumi.Int(900),
		})
		if err != nil {
			return err
		}
		ctx.Export("hostnameStatus", docsHost.Status)
		return nil
	})
}
