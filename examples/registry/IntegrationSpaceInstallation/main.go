package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guide, err := docsworkspace.NewSpace(ctx, "guide", &docsworkspace.SpaceArgs{
			Title: pulumi.String("Guide"),
		})
		if err != nil {
			return err
		}
		github, err := docsworkspace.NewIntegrationInstallation(ctx, "github", &docsworkspace.IntegrationInstallationArgs{
			Integration: pulumi.String("github-sync"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewIntegrationSpaceInstallation(ctx, "guideSync", &docsworkspace.IntegrationSpaceInstallationArgs{
			Integration:    github.Integration,
			InstallationId: github.ID(),
			SpaceId:        guide.ID(),
			Configuration: pulumi.Map{
				"repository": pulumi.Any("acme/docs"),
				"branch":     pulumi.Any("main"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
