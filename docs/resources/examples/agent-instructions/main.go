package main

import (
	"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := docsplatform.NewAgentInstructions(ctx, "agents", &docsplatform.AgentInstructionsArgs{
			Instructions: &docsplatform.AgentInstructionsInstructionsArgs{
				Object: pulumi.String("document"),
				Data: &docsplatform.AgentInstructionsInstructionsDataArgs{
					SchemaVersion: pulumi.Float64(1),
				},
				Nodes: pulumi.Array{
					pulumi.Any(map[string]interface{}{
						"object": "block",
						"type":   "paragraph",
						"nodes": []map[string]interface{}{
							map[string]interface{}{
								"object": "text",
								"leaves": []map[string]string{
									{
										"object": "leaf",
										"text":   "Answer from the published documentation only.",
									},
								},
							},
						},
					}),
					pulumi.Any(map[string]interface{}{
						"object": "block",
						"type":   "paragraph",
						"nodes": []map[string]interface{}{
							map[string]interface{}{
								"object": "text",
								"leaves": []map[string]string{
									{
										"object": "leaf",
										"text":   "Link to the page an answer comes from.",
									},
								},
							},
						},
					}),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
