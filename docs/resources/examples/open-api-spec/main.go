package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		petstore, err := docsplatform.NewOpenApiSpec(ctx, "petstore", &docsplatform.OpenApiSpecArgs{
			Slug: pulumi.String("petstore"),
			Source: &docsplatform.OpenApiSpecSourceArgs{
				Url: pulumi.String("https://petstore3.swagger.io/api/v3/openapi.json"),
			},
			Visibility:        pulumi.String("public"),
			WaitForProcessing: pulumi.Any(true),
		})
		if err != nil {
			return err
		}
		ctx.Export("processingState", petstore.ProcessingState)
		return nil
	})
}
