package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsworkspace.NewTranslationGlossary(ctx, "glossary", &docsworkspace.TranslationGlossaryArgs{
			Entries: pulumi.StringMapArray{
				pulumi.StringMap{
					"en": pulumi.String("deployment"),
					"fr": pulumi.String("déploiement"),
				},
				pulumi.StringMap{
					"en": pulumi.String("workspace"),
					"fr": pulumi.String("espace de travail"),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
