package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		writers, err := docsplatform.LookupTeam(ctx, &docsplatform.LookupTeamArgs{
			Title: "Writers",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("teamId", pulumi.String(writers.Id))
		ctx.Export("memberCount", pulumi.Float64(writers.MemberCount))
		return nil
	})
}
