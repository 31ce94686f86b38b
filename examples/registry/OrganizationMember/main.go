package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsworkspace.NewOrganizationMember(ctx, "linus", &docsworkspace.OrganizationMemberArgs{
			Email: pulumi.String("linus@example.com"),
			Role:  docsworkspace.RoleLevelReview,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
