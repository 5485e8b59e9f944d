package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		writersTeamId := cfg.Require("writersTeamId")
		writers, err := docsplatform.NewTeam(ctx, "writers", &docsplatform.TeamArgs{
			Title: pulumi.String("Writers"),
			Adopt: &docsplatform.AdoptByIdArgs{
				Id: pulumi.String(writersTeamId),
			},
		})
		if err != nil {
			return err
		}
		handbook, err := docsplatform.NewCollection(ctx, "handbook", &docsplatform.CollectionArgs{
			Title: pulumi.String("Handbook"),
			Adopt: pulumi.Any(true),
		})
		if err != nil {
			return err
		}
		ctx.Export("writersTeam", writers.ID())
		ctx.Export("handbookCollection", handbook.ID())
		return nil
	})
}
