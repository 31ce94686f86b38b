package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The production organization's API token, set with --secret
		prodToken := cfg.Require("prodToken")
		prod, err := docsworkspace.NewProvider(ctx, "prod", &docsworkspace.ProviderArgs{
			ApiUrl:         pulumi.String("https://api.example.com"),
			ApiToken:       pulumi.String(prodToken),
			OrganizationId: pulumi.String("org_prod"),
			MaxConcurrency: pulumi.Int(4),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSpace(ctx, "runbook", &docsworkspace.SpaceArgs{
			Title: pulumi.String("Incident runbook"),
		}, pulumi.Provider(prod))
		if err != nil {
			return err
		}
		return nil
	})
}
