package main

import (
	"github.com/docs-workspace/pulumi-docs-workspace/sdk/go/docsworkspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The identity provider's signing certificate (PEM), set with --secret
		certificate := cfg.Require("certificate")
		okta, err := docsworkspace.NewSamlProvider(ctx, "okta", &docsworkspace.SamlProviderArgs{
			Label:       pulumi.String("Okta"),
			EntityID:    pulumi.String("http://www.okta.com/exk1a2b3c"),
			SsoURL:      pulumi.String("https://acme.okta.com/app/docs/sso/saml"),
			Certificate: pulumi.String(certificate),
			DefaultRole: docsworkspace.RoleLevelRead,
		})
		if err != nil {
			return err
		}
		ctx.Export("acsUrl", okta.AcsURL)
		return nil
	})
}
