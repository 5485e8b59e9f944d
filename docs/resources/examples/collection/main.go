package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		productDocs, err := docsplatform.NewCollection(ctx, "productDocs", &docsplatform.CollectionArgs{
			Title:        pulumi.String("Product documentation"),
			Description:  pulumi.String("Everything customers read about the product."),
			DefaultLevel: pulumi.String("read"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewCollection(ctx, "tutorials", &docsplatform.CollectionArgs{
			Title:  pulumi.String("Tutorials"),
			Parent: productDocs.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		ctx.Export("productDocsId", productDocs.ID())
		return nil
	})
}
