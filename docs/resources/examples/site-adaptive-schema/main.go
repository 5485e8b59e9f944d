package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := docsplatform.NewSite(ctx, "portal", &docsplatform.SiteArgs{
			Title: pulumi.String("Developer portal"),
		})
		if err != nil {
			return err
		}
		_, err = docsplatform.NewSiteAdaptiveSchema(ctx, "visitors", &docsplatform.SiteAdaptiveSchemaArgs{
			SiteId: portal.ID().ToIDOutput().ToStringOutput(),
			JsonSchema: &docsplatform.SiteAdaptiveSchemaJsonSchemaArgs{
				Type: pulumi.String("object"),
				Properties: &docsplatform.SiteAdaptiveSchemaJsonSchemaPropertiesArgs{
					Unsigned: &docsplatform.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedArgs{
						Type: pulumi.String("object"),
						Properties: docsplatform.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueMap{
							"beta": &docsplatform.SiteAdaptiveSchemaJsonSchemaPropertiesUnsignedPropertiesValueArgs{
								Type: pulumi.String("boolean"),
							},
						},
						AdditionalProperties: pulumi.Bool(false),
					},
				},
				AdditionalProperties: pulumi.Bool(false),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
