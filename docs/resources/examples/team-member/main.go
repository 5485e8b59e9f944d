package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		translators, err := docsplatform.NewTeam(ctx, "translators", &docsplatform.TeamArgs{
			Title: pulumi.String("Translators"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewTeamMember(ctx, "translatorsLead", &docsplatform.TeamMemberArgs{
			TeamId: translators.ID().ToIDOutput().ToStringOutput(),
			Email:  pulumi.String("eli@acme.test"),
			Role:   pulumi.String("owner"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
