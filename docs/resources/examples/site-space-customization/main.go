package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		releaseNotes, err := docsplatform.NewSpace(ctx, "releaseNotes", &docsplatform.SpaceArgs{
			Title: pulumi.String("Release notes"),
		})
		if err != nil {
			return err
		}
		portal, err := docsplatform.NewSite(ctx, "portal", &docsplatform.SiteArgs{
			Title: pulumi.String("Developer portal"),
		})
		if err != nil {
			return err
		}
		changelog, err := docsplatform.NewSiteSpace(ctx, "changelog", &docsplatform.SiteSpaceArgs{
			SiteId:  portal.ID().ToIDOutput().ToStringOutput(),
			SpaceId: releaseNotes.ID().ToIDOutput().ToStringOutput(),
			Path:    pulumi.String("changelog"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteSpaceCustomization(ctx, "changelogLook", &docsplatform.SiteSpaceCustomizationArgs{
			SiteId:      portal.ID().ToIDOutput().ToStringOutput(),
			SiteSpaceId: changelog.ID().ToIDOutput().ToStringOutput(),
			Title:       pulumi.String("What's new"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
