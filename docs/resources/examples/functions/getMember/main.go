package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ada, err := docsplatform.LookupMember(ctx, &docsplatform.LookupMemberArgs{
			Email: pulumi.StringRef("ada@acme.test"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("adaUserId", pulumi.String(ada.Id))
		ctx.Export("adaRole", pulumi.String(ada.Role))
		return nil
	})
}
