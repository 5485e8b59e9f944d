/**
 * The tfplugin6 definition the door serves is Terraform v1.16.0's own file, unchanged (its SHA-256
 * recorded beside it), and parses whole: every RPC of protocol 6.11 is declared, with the
 * messages and field numbers of the original.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { protocolRoot, serviceDefinition } from "../../provider/terraform/server.ts";
import { TFPLUGIN6_PROTO, TFPLUGIN6_PROTO_SHA256 } from "../../provider/terraform/tfplugin6-proto.ts";

describe("the tfplugin6 definition", () => {
  it("is Terraform v1.16.0's docs/plugin-protocol/tfplugin6.proto byte for byte, with its licence", () => {
    expect(createHash("sha256").update(TFPLUGIN6_PROTO).digest("hex")).toBe(TFPLUGIN6_PROTO_SHA256);
    expect(TFPLUGIN6_PROTO.split("\n").slice(0, 4)).toEqual([
      "// Copyright IBM Corp. 2014, 2026",
      "// SPDX-License-Identifier: MPL-2.0",
      "",
      "// Terraform Plugin RPC protocol version 6.11",
    ]);
  });

  it("declares every RPC of 6.11, the identity, list and config generation messages with their field numbers", () => {
    const methods = Object.keys(serviceDefinition("tfplugin6.Provider"));
    for (const rpc of [
      "GetResourceIdentitySchemas",
      "UpgradeResourceIdentity",
      "ListResource",
      "ValidateListResourceConfig",
      "GenerateResourceConfig",
      "MoveResourceState",
      "PlanAction",
      "InvokeAction",
    ]) {
      expect(methods).toContain(rpc);
    }
    expect(methods).toHaveLength(36);
    expect(serviceDefinition("tfplugin6.Provider").ListResource.responseStream).toBe(true);
    const root = protocolRoot();
    const fields = (type: string) =>
      Object.fromEntries(root.lookupType(type).fieldsArray.map((field) => [field.name, field.id]));
    expect(fields("tfplugin6.ListResource.Request")).toEqual({
      typeName: 1,
      config: 2,
      includeResourceObject: 3,
      limit: 4,
    });
    expect(fields("tfplugin6.ListResource.Event")).toEqual({
      identity: 1,
      displayName: 2,
      resourceObject: 3,
      diagnostic: 4,
    });
    expect(fields("tfplugin6.ReadResource.Response")).toEqual({
      newState: 1,
      diagnostics: 2,
      private: 3,
      deferred: 4,
      newIdentity: 5,
    });
    expect(fields("tfplugin6.ImportResourceState.Request")).toEqual({
      typeName: 1,
      id: 2,
      clientCapabilities: 3,
      identity: 4,
    });
    expect(fields("tfplugin6.ResourceIdentitySchema.IdentityAttribute")).toEqual({
      name: 1,
      type: 2,
      requiredForImport: 3,
      optionalForImport: 4,
      description: 5,
    });
  });
});
