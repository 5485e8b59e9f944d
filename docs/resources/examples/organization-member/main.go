package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsplatform.NewOrganizationMember(ctx, "readerRole", &docsplatform.OrganizationMemberArgs{
			Email: pulumi.String("rae@acme.test"),
			Role:  pulumi.String("comment"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
