package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsworkspace.NewOpenApiSpec(ctx, "petstore", &docsworkspace.OpenApiSpecArgs{
			Slug:       pulumi.String("petstore"),
			Visibility: docsworkspace.SpecVisibilityPublic,
			Source: &docsworkspace.SpecSourceArgs{
				Url: pulumi.String("https://petstore3.swagger.io/api/v3/openapi.json"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
