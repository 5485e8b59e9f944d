/**
 * door.ts in-process: the handler's answers encode as tfplugin6 messages, name what they refuse,
 * and carry values through the cty codec both ways. The operations behind it are
 * operations.test.ts's; the real client is tofu-team.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { blockType, decodeDynamicValue, encodeDynamicValue } from "../../provider/terraform/cty.ts";
import { terraformHandler } from "../../provider/terraform/door.ts";
import type { TerraformOperations } from "../../provider/terraform/operations.ts";
import { serviceDefinition } from "../../provider/terraform/server.ts";
import { terraformSchema } from "../../provider/terraform/schema.ts";
import { fromCore } from "../../provider/terraform/values.ts";

const schema = terraformSchema();
const team = schema.resources.find((resource) => resource.kind === "Team")!;
const provider = serviceDefinition("tfplugin6.Provider");

/** Operations that record what they were given and answer from `plan`. */
function recordingOperations(): { operations: TerraformOperations; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const none = new Uint8Array();
  const operations: TerraformOperations = {
    configure: (config) => (calls.push(["configure", config]), Promise.resolve([])),
    validateResource: (kind, config) => (calls.push(["validateResource", kind, config]), Promise.resolve([])),
    planResource: (kind, prior, proposed) => {
      calls.push(["planResource", kind, prior, proposed]);
      return Promise.resolve({
        planned: proposed && { ...proposed, id: UNKNOWN },
        requiresReplace: [["organizationId"]],
        privateState: none,
        diagnostics: [{ severity: "warning", summary: "a warning", detail: "", attribute: ["createdAt"] }],
      });
    },
    applyResource: () => Promise.resolve({ state: null, privateState: none, diagnostics: [] }),
    readResource: () => Promise.resolve({ state: null, privateState: none, diagnostics: [] }),
    importResource: () => Promise.resolve({ state: null, privateState: none, diagnostics: [] }),
    readDataSource: () => Promise.resolve({ state: null, diagnostics: [] }),
    stop: async () => {},
  };
  return { operations, calls };
}

describe("the Terraform door's handler", () => {
  it("answers the schema of every kind and lookup as a tfplugin6 message, inputs left to the API computed", async () => {
    const handler = terraformHandler(schema, recordingOperations().operations);
    const answer = await handler.getProviderSchema();
    const bytes = provider.GetProviderSchema.responseSerialize(answer);
    const decoded = provider.GetProviderSchema.responseDeserialize(bytes) as {
      resourceSchemas: Record<string, { block: { attributes: { name: string; computed: boolean; optional: boolean }[] } }>;
    };
    expect(Object.keys(decoded.resourceSchemas)).toHaveLength(schema.resources.length);
    const members = decoded.resourceSchemas.docsplatform_team.block.attributes.find((attribute) => attribute.name === "members")!;
    expect(members).toMatchObject({ optional: true, computed: true });
    // The flags are the schema's own (schema.ts), served unchanged: the door adds none.
    for (const resource of schema.resources) {
      const served = decoded.resourceSchemas[resource.typeName].block.attributes.map(({ name, optional, computed }) => ({ name, optional, computed }));
      expect(served, resource.typeName).toEqual(resource.block.attributes.map(({ name, optional, computed }) => ({ name, optional, computed })));
    }
    const metadata = await handler.getMetadata();
    expect(metadata.resources!.map((resource) => resource.typeName)).toContain("docsplatform_site_space_customization");
  });

  it("plans through the cty codec: camelCase to the operations, unknowns and paths back in Terraform's terms", async () => {
    const { operations, calls } = recordingOperations();
    const handler = terraformHandler(schema, operations);
    const type = blockType(team.block);
    const proposed = encodeDynamicValue(fromCore(team.block, { title: "Writers", organizationId: "org-1" }), type);
    const answer = await handler.planResourceChange({
      typeName: team.typeName,
      priorState: null,
      proposedNewState: { msgpack: proposed },
      config: null,
      priorPrivate: new Uint8Array(),
      clientCapabilities: null,
    });
    expect(calls[0]).toEqual(["planResource", "Team", null, { title: "Writers", organizationId: "org-1" }]);
    expect(decodeDynamicValue(answer.plannedState!.msgpack!, type)).toMatchObject({ title: "Writers", organization_id: "org-1", id: UNKNOWN, members: null });
    expect(answer.requiresReplace).toEqual([{ steps: [{ attributeName: "organization_id" }] }]);
    expect(answer.diagnostics).toEqual([{ severity: "WARNING", summary: "a warning", detail: "", attribute: { steps: [{ attributeName: "created_at" }] } }]);
    // And it encodes as the protocol's message.
    expect(provider.PlanResourceChange.responseSerialize(answer).length).toBeGreaterThan(0);
  });

  it("names an unknown resource type, and a value that does not fit its type, in an error diagnostic", async () => {
    const handler = terraformHandler(schema, recordingOperations().operations);
    const unknownType = await handler.readResource({ typeName: "docsplatform_nothing", currentState: null, private: new Uint8Array(), clientCapabilities: null });
    expect(unknownType.diagnostics?.[0]).toMatchObject({ severity: "ERROR", summary: expect.stringContaining("docsplatform_nothing: is no resource type of this provider") });
    const wrong = encodeDynamicValue({ title: 42 }, ["object", { title: "number" }]);
    const misfit = await handler.validateResourceConfig({ typeName: team.typeName, config: { msgpack: wrong }, clientCapabilities: null });
    expect(misfit.diagnostics?.[0]?.summary).toMatch(/^docsplatform_team: /);
  });

  it("refuses a state of a schema version it does not know, naming the version; drops an unknown attribute with a warning naming it", async () => {
    const handler = terraformHandler(schema, recordingOperations().operations);
    const json = new TextEncoder().encode(JSON.stringify({ id: "team-1", title: "Writers", organization_id: "org-acme", color: "blue" }));
    const newer = await handler.upgradeResourceState({ typeName: team.typeName, version: 3, rawState: { json, flatmap: {} } });
    expect(newer.upgradedState).toBeUndefined();
    expect(newer.diagnostics).toEqual([
      expect.objectContaining({
        severity: "ERROR",
        summary:
          "docsplatform_team: the state's schema version is 3, and this provider reads version 0 only (a newer version of this provider wrote it). Nothing was read or changed: " +
          "run the version of the provider that wrote this state (its required_providers version), or a newer one.",
      }),
    ]);
    const current = await handler.upgradeResourceState({ typeName: team.typeName, version: 0, rawState: { json, flatmap: {} } });
    expect(current.diagnostics).toEqual([
      expect.objectContaining({ severity: "WARNING", summary: "docsplatform_team: the state holds color, which this version of the provider does not have: it is dropped" }),
    ]);
    const upgraded = decodeDynamicValue(current.upgradedState!.msgpack!, blockType(team.block)) as Record<string, unknown>;
    expect(upgraded).toMatchObject({ id: "team-1", title: "Writers", organization_id: "org-acme" });
    expect(upgraded).not.toHaveProperty("color");
    // The answer encodes as the protocol's message.
    expect(() => provider.UpgradeResourceState.responseSerialize(current)).not.toThrow();
  });
});
