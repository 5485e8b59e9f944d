package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := docsplatform.NewSite(ctx, "portal", &docsplatform.SiteArgs{
			Title:         pulumi.String("Developer portal"),
			Visibility:    pulumi.String("public"),
			AgentsContext: pulumi.String("included"),
			Published:     pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		ctx.Export("siteId", portal.ID())
		return nil
	})
}
