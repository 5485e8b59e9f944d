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
		referenceSpace, err := docsplatform.NewSpace(ctx, "referenceSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("API reference"),
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
		apiGroup, err := docsplatform.NewSiteSectionGroup(ctx, "apiGroup", &docsplatform.SiteSectionGroupArgs{
			SiteId: portal.ID().ToIDOutput().ToStringOutput(),
			Title:  pulumi.String("APIs"),
		})
		if err != nil {
			return err
		}
		reference, err := docsplatform.NewSiteSection(ctx, "reference", &docsplatform.SiteSectionArgs{
			SiteId:             portal.ID().ToIDOutput().ToStringOutput(),
			SpaceId:            referenceSpace.ID().ToIDOutput().ToStringOutput(),
			Title:              pulumi.String("Reference"),
			SiteSectionGroupId: apiGroup.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteStructure(ctx, "order", &docsplatform.SiteStructureArgs{
			SiteId: portal.ID().ToIDOutput().ToStringOutput(),
			Root: pulumi.StringArray{
				guides.ID().ToIDOutput().ToStringOutput(),
				apiGroup.ID().ToIDOutput().ToStringOutput(),
			},
			Groups: docsplatform.SiteStructureGroupsItemArray{
				&docsplatform.SiteStructureGroupsItemArgs{
					GroupId: apiGroup.ID().ToIDOutput().ToStringOutput(),
					Items: pulumi.StringArray{
						reference.ID().ToIDOutput().ToStringOutput(),
					},
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
