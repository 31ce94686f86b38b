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
		analytics, err := docsworkspace.NewIntegrationInstallation(ctx, "analytics", &docsworkspace.IntegrationInstallationArgs{
			Integration: pulumi.String("googleanalytics"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewIntegrationSiteInstallation(ctx, "docsAnalytics", &docsworkspace.IntegrationSiteInstallationArgs{
			Integration:    analytics.Integration,
			InstallationId: analytics.ID(),
			SiteId:         docs.ID(),
			Configuration: pulumi.Map{
				"tracking_id":  pulumi.Any("G-XXXXXXXXXX"),
				"anonymize_ip": pulumi.Any(true),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
