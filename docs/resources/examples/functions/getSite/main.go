package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := docsplatform.LookupSite(ctx, &docsplatform.LookupSiteArgs{
			Title: "Developer portal",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("siteId", pulumi.String(portal.Id))
		return nil
	})
}
