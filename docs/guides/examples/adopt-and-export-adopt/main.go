package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		editorsTeamId := cfg.Require("editorsTeamId")
		editors, err := docsplatform.NewTeam(ctx, "editors", &docsplatform.TeamArgs{
			Title: pulumi.String("Editors"),
			Adopt: &docsplatform.AdoptByIdArgs{
				Id: pulumi.String(editorsTeamId),
			},
		})
		if err != nil {
			return err
		}
		playbooks, err := docsplatform.NewCollection(ctx, "playbooks", &docsplatform.CollectionArgs{
			Title: pulumi.String("Playbooks"),
			Adopt: pulumi.Any(true),
		})
		if err != nil {
			return err
		}
		ctx.Export("editorsTeam", editors.ID())
		ctx.Export("playbooksCollection", playbooks.ID())
		return nil
	})
}
