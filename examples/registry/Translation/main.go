package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		onboarding, err := docsworkspace.NewSpace(ctx, "onboarding", &docsworkspace.SpaceArgs{
			Title:    pulumi.String("Onboarding"),
			Language: docsworkspace.LanguageEn,
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewTranslation(ctx, "onboardingFr", &docsworkspace.TranslationArgs{
			SpaceId:        onboarding.ID(),
			SourceLanguage: docsworkspace.LanguageEn,
			Language:       docsworkspace.LanguageFr,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
