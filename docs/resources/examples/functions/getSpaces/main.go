package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		all, err := docsplatform.GetSpaces(ctx, &docsplatform.GetSpacesArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("spaces", pulumi.Any(all.Spaces))
		return nil
	})
}
