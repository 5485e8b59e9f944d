// A trivial OpenTofu provider for the plan benchmark (test/terraform/plan-bench.ts): Go, HashiCorp's
// terraform-plugin-go, one resource type `docsplatform_team` of the real provider's shape for the
// attributes the benchmark's configuration uses, answered from memory (no API, no state). What a
// `tofu plan` costs with a provider that costs nearly nothing: the yardstick of the real one.
package main

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// provider answers the calls a plan makes; the embedded interface (nil) is for the ones it never makes.
type provider struct {
	tfprotov6.ProviderServer
}

var teamSchema = &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
	{Name: "id", Type: tftypes.String, Computed: true},
	{Name: "title", Type: tftypes.String, Required: true},
	{Name: "organization_id", Type: tftypes.String, Optional: true, Computed: true},
	{Name: "created_at", Type: tftypes.String, Computed: true},
}}}

var providerSchema = &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
	{Name: "api_url", Type: tftypes.String, Optional: true},
}}}

func (provider) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	return &tfprotov6.GetMetadataResponse{
		ServerCapabilities: &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true},
		Resources:          []tfprotov6.ResourceMetadata{{TypeName: "docsplatform_team"}},
	}, nil
}

func (provider) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities: &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true},
		Provider:           providerSchema,
		ResourceSchemas:    map[string]*tfprotov6.Schema{"docsplatform_team": teamSchema},
	}, nil
}

func (provider) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (provider) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{}, nil
}

func (provider) ValidateProviderConfig(_ context.Context, request *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: request.Config}, nil
}

func (provider) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (provider) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (provider) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (provider) UpgradeResourceState(_ context.Context, request *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	value, err := request.RawState.UnmarshalWithOpts(teamSchema.ValueType(), tfprotov6.UnmarshalOpts{})
	if err != nil {
		return nil, err
	}
	upgraded, err := tfprotov6.NewDynamicValue(teamSchema.ValueType(), value)
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &upgraded}, err
}

func (provider) ReadResource(_ context.Context, request *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: request.CurrentState}, nil
}

// PlanResourceChange plans what is proposed: computed attributes left null (unknown after apply is
// for an apply, which the benchmark never runs).
func (provider) PlanResourceChange(_ context.Context, request *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: request.ProposedNewState}, nil
}

func main() {
	if err := tf6server.Serve("registry.opentofu.org/docs-platform/docsplatform", func() tfprotov6.ProviderServer { return provider{} }); err != nil {
		panic(err)
	}
}
