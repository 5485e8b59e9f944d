package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		organizationVar, err := docsplatform.GetOrganization(ctx, &docsplatform.GetOrganizationArgs{}, nil)
		if err != nil {
			return err
		}
		writers, err := docsplatform.NewTeam(ctx, "writers", &docsplatform.TeamArgs{
			Title: pulumi.String("Writers"),
		})
		if err != nil {
			return err
		}
		handbook, err := docsplatform.NewCollection(ctx, "handbook", &docsplatform.CollectionArgs{
			Title:       pulumi.String("Handbook"),
			Description: pulumi.String("How we work"),
		})
		if err != nil {
			return err
		}
		onboarding, err := docsplatform.NewSpace(ctx, "onboarding", &docsplatform.SpaceArgs{
			Title:  pulumi.String("Onboarding"),
			Parent: handbook.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		handbookSite, err := docsplatform.NewSite(ctx, "handbookSite", &docsplatform.SiteArgs{
			Title:      pulumi.String("Handbook"),
			Visibility: pulumi.String("unlisted"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteSection(ctx, "onboardingSection", &docsplatform.SiteSectionArgs{
			SiteId:  handbookSite.ID().ToIDOutput().ToStringOutput(),
			SpaceId: onboarding.ID().ToIDOutput().ToStringOutput(),
			Title:   pulumi.String("Onboarding"),
		})
		if err != nil {
			return err
		}
		ctx.Export("organizationTitle", pulumi.String(organizationVar.Title))
		ctx.Export("writersTeam", writers.ID())
		ctx.Export("siteId", handbookSite.ID())
		return nil
	})
}
