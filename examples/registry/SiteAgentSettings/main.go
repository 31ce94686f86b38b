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
		_, err = docsworkspace.NewSiteAgentSettings(ctx, "agent", &docsworkspace.SiteAgentSettingsArgs{
			SiteId:                docs.ID(),
			ScanTopics:            docsworkspace.SiteAgentSettingsScanTopicsAuto,
			FindingChangeRequests: docsworkspace.SiteAgentSettingsFindingChangeRequests_Auto_Fixable,
			CustomInstructions:    pulumi.Any("Write in the second person.\nKeep each step to one action."),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
