package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsworkspace.NewOrganizationSettings(ctx, "acme", &docsworkspace.OrganizationSettingsArgs{
			EmailDomains: pulumi.StringArray{
				pulumi.String("acme.com"),
			},
			DefaultRole: docsworkspace.RoleLevelRead,
			Sso:         pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
