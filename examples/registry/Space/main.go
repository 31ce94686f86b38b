package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		handbook, err := docsworkspace.NewCollection(ctx, "handbook", &docsworkspace.CollectionArgs{
			Title: pulumi.String("Engineering handbook"),
		})
		if err != nil {
			return err
		}
		onboarding, err := docsworkspace.NewSpace(ctx, "onboarding", &docsworkspace.SpaceArgs{
			Title:    pulumi.String("Onboarding"),
			Parent:   handbook.ID(),
			EditMode: docsworkspace.EditModeLocked,
			Language: docsworkspace.LanguageEn,
		})
		if err != nil {
			return err
		}
		ctx.Export("onboardingUrl", onboarding.Urls.ApplyT(func(urls docsworkspace.SpaceUrls) (*string, error) {
			return urls.App, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
