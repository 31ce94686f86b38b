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
		_, err = docsworkspace.NewSiteAdaptiveSchema(ctx, "visitorSchema", &docsworkspace.SiteAdaptiveSchemaArgs{
			SiteId: docs.ID(),
			JsonSchema: pulumi.Any(map[string]interface{}{
				"type": "object",
				"properties": map[string]interface{}{
					"oncall": map[string]interface{}{
						"type":        "boolean",
						"description": "The visitor is on call this week",
					},
				},
				"additionalProperties": false,
			}),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
