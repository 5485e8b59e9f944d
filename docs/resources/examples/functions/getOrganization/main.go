package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		organizationVar, err := docsplatform.GetOrganization(ctx, &docsplatform.GetOrganizationArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("organizationTitle", pulumi.String(organizationVar.Title))
		ctx.Export("emailDomains", pulumi.ToStringArray(organizationVar.EmailDomains))
		return nil
	})
}
