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
		apiGroup, err := docsplatform.NewSiteSectionGroup(ctx, "apiGroup", &docsplatform.SiteSectionGroupArgs{
			SiteId: portal.ID().ToIDOutput().ToStringOutput(),
			Title:  pulumi.String("APIs"),
			Icon:   pulumi.String("plug"),
		})
		if err != nil {
			return err
		}
		ctx.Export("groupId", apiGroup.ID())
		return nil
	})
}
