package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// A GitHub token that reads the repository's issues
		githubToken := cfg.Require("githubToken")
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title: pulumi.String("Engineering docs"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteContextConnection(ctx, "issues", &docsworkspace.SiteContextConnectionArgs{
			SiteId:     docs.ID(),
			Connector:  pulumi.String("builtin:github-issues"),
			Repository: pulumi.String("acme/docs"),
			Token:      pulumi.ToSecret(githubToken).(pulumi.StringOutput),
			Filter:     pulumi.String("label:documentation"),
			Label:      pulumi.String("Docs issues"),
			UsageSettings: &docsworkspace.SiteContextConnectionUsageSettingsArgs{
				ChangeRequests: pulumi.Bool(true),
				Search:         pulumi.Bool(true),
				SearchBoost:    docsworkspace.SiteContextConnectionUsageSettingsSearchBoost_X1_2,
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
