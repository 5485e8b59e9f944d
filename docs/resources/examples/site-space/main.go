package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guidesSpace, err := docsplatform.NewSpace(ctx, "guidesSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("Getting started"),
		})
		if err != nil {
			return err
		}
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
		guides, err := docsplatform.NewSiteSection(ctx, "guides", &docsplatform.SiteSectionArgs{
			SiteId:  portal.ID().ToIDOutput().ToStringOutput(),
			SpaceId: guidesSpace.ID().ToIDOutput().ToStringOutput(),
			Title:   pulumi.String("Guides"),
		})
		if err != nil {
			return err
		}
		changelog, err := docsplatform.NewSiteSpace(ctx, "changelog", &docsplatform.SiteSpaceArgs{
			SiteId:    portal.ID().ToIDOutput().ToStringOutput(),
			SpaceId:   releaseNotes.ID().ToIDOutput().ToStringOutput(),
			SectionId: guides.ID().ToIDOutput().ToStringOutput(),
			Path:      pulumi.String("changelog"),
		})
		if err != nil {
			return err
		}
		ctx.Export("siteSpaceId", changelog.ID())
		return nil
	})
}
