package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guides, err := docsplatform.LookupSpace(ctx, &docsplatform.LookupSpaceArgs{
			Title: "Getting started",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("spaceId", pulumi.String(guides.Id))
		return nil
	})
}
