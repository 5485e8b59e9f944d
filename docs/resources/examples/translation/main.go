package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		guidesSpace, err := docsplatform.NewSpace(ctx, "guidesSpace", &docsplatform.SpaceArgs{
			Title: pulumi.String("Getting started"),
		})
		if err != nil {
			return err
		}
		frenchGuides, err := docsplatform.NewTranslation(ctx, "frenchGuides", &docsplatform.TranslationArgs{
			Language: pulumi.String("fr"),
			Source: &docsplatform.TranslationSourceArgs{
				Space:    guidesSpace.ID().ToIDOutput().ToStringOutput(),
				Language: pulumi.String("en"),
			},
			RunTrigger: pulumi.String("release-2026-11"),
		})
		if err != nil {
			return err
		}
		ctx.Export("translationId", frenchGuides.ID())
		return nil
	})
}
