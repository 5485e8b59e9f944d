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
			Icon:    pulumi.String("book-open"),
			Path:    pulumi.String("guides"),
		})
		if err != nil {
			return err
		}
		ctx.Export("sectionId", guides.ID())
		return nil
	})
}
