package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		globexOrganizationId := cfg.Require("globexOrganizationId")
		writers, err := docsplatform.NewTeam(ctx, "writers", &docsplatform.TeamArgs{
			Title: pulumi.String("Writers"),
		})
		if err != nil {
			return err
		}
		globexWriters, err := docsplatform.NewTeam(ctx, "globexWriters", &docsplatform.TeamArgs{
			OrganizationId: pulumi.String(globexOrganizationId),
			Title:          pulumi.String("Writers"),
		})
		if err != nil {
			return err
		}
		ctx.Export("writersTeam", writers.ID())
		ctx.Export("globexWritersTeam", globexWriters.ID())
		return nil
	})
}
