package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		globexApiUrl := cfg.Require("globexApiUrl")
		globexToken := cfg.RequireSecret("globexToken")
		globexOrganizationId := cfg.Require("globexOrganizationId")
		globex, err := docsplatform.NewProvider(ctx, "globex", &docsplatform.ProviderArgs{
			ApiUrl:                pulumi.String(globexApiUrl),
			Token:                 globexToken,
			OrganizationId:        pulumi.String(globexOrganizationId),
			MaxConcurrentRequests: pulumi.Int(2),
		})
		if err != nil {
			return err
		}
		support, err := docsplatform.NewTeam(ctx, "support", &docsplatform.TeamArgs{
			Title: pulumi.String("Support"),
		}, pulumi.Provider(globex))
		if err != nil {
			return err
		}
		ctx.Export("supportTeam", support.ID())
		return nil
	})
}
