package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guides, err := docsplatform.LookupCollection(ctx, &docsplatform.LookupCollectionArgs{
			Title: "Guides",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("collectionId", pulumi.String(guides.Id))
		return nil
	})
}
