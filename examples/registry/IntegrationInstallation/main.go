package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The incoming webhook of the Slack workspace to notify (set it as a secret; the whole configuration is one)
		slackWebhook := cfg.Require("slackWebhook")
		_, err := docsworkspace.NewIntegrationInstallation(ctx, "slack", &docsworkspace.IntegrationInstallationArgs{
			Integration: pulumi.String("slack"),
			Configuration: pulumi.Map{
				"webhook_url":     pulumi.String(slackWebhook),
				"default_channel": pulumi.Any("#docs"),
			},
			SiteSelection: docsworkspace.IntegrationInstallationSiteSelectionAll,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
