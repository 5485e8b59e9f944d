package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		tutorials, err := docsplatform.NewCollection(ctx, "tutorials", &docsplatform.CollectionArgs{
			Title: pulumi.String("Tutorials"),
		})
		if err != nil {
			return err
		}
		gettingStarted, err := docsplatform.NewSpace(ctx, "gettingStarted", &docsplatform.SpaceArgs{
			Title:        pulumi.String("Getting started"),
			Emoji:        pulumi.String("📘"),
			Parent:       tutorials.ID().ToIDOutput().ToStringOutput(),
			DefaultLevel: pulumi.String("read"),
		})
		if err != nil {
			return err
		}
		ctx.Export("spaceId", gettingStarted.ID())
		return nil
	})
}
