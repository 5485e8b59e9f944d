package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		reviewers, err := docsplatform.NewTeam(ctx, "reviewers", &docsplatform.TeamArgs{
			Title: pulumi.String("Reviewers"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSamlProvider(ctx, "okta", &docsplatform.SamlProviderArgs{
			Label:       pulumi.String("Okta"),
			EntityID:    pulumi.String("http://www.okta.com/exk1acmedocs"),
			SsoURL:      pulumi.String("https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml"),
			Certificate: pulumi.String("MIIDpDCCAoygAwIBAgIGAYx0acmedocsQuickstartCertificate"),
			DefaultTeam: reviewers.ID().ToIDOutput().ToStringOutput(),
			DefaultRole: pulumi.String("read"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
