package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		settings, err := docsplatform.NewOrganizationSettings(ctx, "settings", &docsplatform.OrganizationSettingsArgs{
			Title:       pulumi.String("Acme Documentation"),
			DefaultRole: pulumi.String("read"),
			InviteLinks: pulumi.Bool(false),
			Ai:          pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		ctx.Export("title", settings.Title)
		return nil
	})
}
