package main

import (
	"fmt"

	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The bearer token the status page's MCP server expects
		statusToken := cfg.Require("statusToken")
		docs, err := docsworkspace.NewSite(ctx, "docs", &docsworkspace.SiteArgs{
			Title: pulumi.String("Engineering docs"),
		})
		if err != nil {
			return err
		}
		_, err = docsworkspace.NewSiteMcpServer(ctx, "status", &docsworkspace.SiteMcpServerArgs{
			SiteId:    docs.ID(),
			Name:      pulumi.String("Status page"),
			Url:       pulumi.String("https://status.example.com/mcp"),
			Transport: docsworkspace.SiteMcpServerTransportHttp,
			Headers: pulumi.StringMap{
				"Authorization": pulumi.ToSecret(fmt.Sprintf("Bearer %v", statusToken)).(pulumi.StringOutput),
			},
			Condition: pulumi.String("visitor.claims.plan == 'pro'"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
