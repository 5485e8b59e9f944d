package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := docsplatform.NewSite(ctx, "portal", &docsplatform.SiteArgs{
			Title: pulumi.String("Developer portal"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteCustomization(ctx, "look", &docsplatform.SiteCustomizationArgs{
			SiteId: portal.ID().ToIDOutput().ToStringOutput(),
			Title:  pulumi.String("Acme Developer Portal"),
			Styling: &docsplatform.SiteCustomizationStylingArgs{
				PrimaryColor: &docsplatform.SiteCustomizationStylingPrimaryColorArgs{
					Light: pulumi.String("#0b5fff"),
					Dark:  pulumi.String("#6ea2ff"),
				},
				Corners: pulumi.String("rounded"),
			},
			Announcement: &docsplatform.SiteCustomizationAnnouncementArgs{
				Enabled: pulumi.Bool(true),
				Message: pulumi.String("The v3 API is in beta."),
				Style:   pulumi.String("info"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
