package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		adminsVar, err := docsplatform.GetMembers(ctx, &docsplatform.GetMembersArgs{
			Role: pulumi.StringRef("admin"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("admins", pulumi.Any(adminsVar.Members))
		return nil
	})
}
