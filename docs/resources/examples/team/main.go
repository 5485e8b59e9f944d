package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		writers, err := docsplatform.NewTeam(ctx, "writers", &docsplatform.TeamArgs{
			Title: pulumi.String("Writers"),
			Members: pulumi.StringArray{
				pulumi.String("eli@acme.test"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("teamId", writers.ID())
		return nil
	})
}
