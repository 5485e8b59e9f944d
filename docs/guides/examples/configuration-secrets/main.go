package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		oktaCertificate := cfg.RequireSecret("oktaCertificate")
		okta, err := docsplatform.NewSamlProvider(ctx, "okta", &docsplatform.SamlProviderArgs{
			Label:       pulumi.String("Okta"),
			EntityID:    pulumi.String("http://www.okta.com/exk1acmedocs"),
			SsoURL:      pulumi.String("https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml"),
			Certificate: oktaCertificate,
			DefaultRole: pulumi.String("read"),
		})
		if err != nil {
			return err
		}
		ctx.Export("samlProviderId", okta.ID())
		return nil
	})
}
