package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		handbook, err := docsworkspace.NewCollection(ctx, "handbook", &docsworkspace.CollectionArgs{
			Title:       pulumi.String("Engineering handbook"),
			Description: pulumi.String("How we build, ship and run things"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewCollection(ctx, "runbooks", &docsworkspace.CollectionArgs{
			Title:        pulumi.String("Runbooks"),
			Parent:       handbook.ID(),
			DefaultLevel: docsworkspace.CollectionDefaultLevelInherit,
		})
		if err != nil {
			return err
		}
		ctx.Export("handbookUrl", handbook.Urls.ApplyT(func(urls docsworkspace.CollectionUrls) (*string, error) {
			return urls.App, nil
		}).(pulumi.StringPtrOutput))
		return nil
	})
}
