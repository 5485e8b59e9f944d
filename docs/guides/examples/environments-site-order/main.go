package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		siteTitle := "Developer portal"
		if param := cfg.Get("siteTitle"); param != "" {
			siteTitle = param
		}
		guidesSpace, err := docsplatform.NewSpace(ctx, "guidesSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("Guides"),
		})
		if err != nil {
			return err
		}
		restSpace, err := docsplatform.NewSpace(ctx, "restSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("REST API"),
		})
		if err != nil {
			return err
		}
		graphqlSpace, err := docsplatform.NewSpace(ctx, "graphqlSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("GraphQL API"),
		})
		if err != nil {
			return err
		}
		site, err := docsplatform.NewSite(ctx, "site", &docsplatform.SiteArgs{
			Title: pulumi.String(siteTitle),
		})
		if err != nil {
			return err
		}
		guides, err := docsplatform.NewSiteSection(ctx, "guides", &docsplatform.SiteSectionArgs{
			SiteId:  site.ID().ToIDOutput().ToStringOutput(),
			SpaceId: guidesSpace.ID().ToIDOutput().ToStringOutput(),
			Title:   pulumi.String("Guides"),
		})
		if err != nil {
			return err
		}
		apis, err := docsplatform.NewSiteSectionGroup(ctx, "apis", &docsplatform.SiteSectionGroupArgs{
			SiteId: site.ID().ToIDOutput().ToStringOutput(),
			Title:  pulumi.String("APIs"),
		})
		if err != nil {
			return err
		}
		rest, err := docsplatform.NewSiteSection(ctx, "rest", &docsplatform.SiteSectionArgs{
			SiteId:             site.ID().ToIDOutput().ToStringOutput(),
			SpaceId:            restSpace.ID().ToIDOutput().ToStringOutput(),
			Title:              pulumi.String("REST"),
			SiteSectionGroupId: apis.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		graphql, err := docsplatform.NewSiteSection(ctx, "graphql", &docsplatform.SiteSectionArgs{
			SiteId:             site.ID().ToIDOutput().ToStringOutput(),
			SpaceId:            graphqlSpace.ID().ToIDOutput().ToStringOutput(),
			Title:              pulumi.String("GraphQL"),
			SiteSectionGroupId: apis.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteStructure(ctx, "order", &docsplatform.SiteStructureArgs{
			SiteId: site.ID().ToIDOutput().ToStringOutput(),
			Root: pulumi.StringArray{
				guides.ID().ToIDOutput().ToStringOutput(),
				apis.ID().ToIDOutput().ToStringOutput(),
			},
			Groups: docsplatform.SiteStructureGroupsItemArray{
				&docsplatform.SiteStructureGroupsItemArgs{
					GroupId: apis.ID().ToIDOutput().ToStringOutput(),
					Items: pulumi.StringArray{
						rest.ID().ToIDOutput().ToStringOutput(),
						graphql.ID().ToIDOutput().ToStringOutput(),
					},
				},
			},
			Sections: docsplatform.SiteStructureSectionsItemArray{
				&docsplatform.SiteStructureSectionsItemArgs{
					SectionId: guides.ID().ToIDOutput().ToStringOutput(),
					SiteSpaces: pulumi.StringArray{
						guides.SiteSpaceId.Elem(),
					},
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("siteId", site.ID())
		return nil
	})
}
