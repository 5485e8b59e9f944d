/**
 * Resource identity (tfplugin6 6.9) in-process: every kind's identity is its import id form and
 * the organization (identity.ts), the door serves the schemas and answers each object's identity
 * on read, plan, apply and import, an import by identity reads what the import by id reads, and a
 * stored identity of another version is refused, naming it. What OpenTofu and Terraform do with
 * it is tofu-identity.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { byId } from "../../provider/adapter/import-ids.ts";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { decodeDynamicValue, encodeDynamicValue, blockType } from "../../provider/terraform/cty.ts";
import { terraformHandler } from "../../provider/terraform/door.ts";
import { identityOf, identityOfState, identityType, importOfIdentity } from "../../provider/terraform/identity.ts";
import type { TerraformOperations } from "../../provider/terraform/operations.ts";
import { serviceDefinition } from "../../provider/terraform/server.ts";
import { resourceTypeName, terraformSchema } from "../../provider/terraform/schema.ts";
import { fromCore } from "../../provider/terraform/values.ts";

const schema = terraformSchema();
const provider = serviceDefinition("tfplugin6.Provider");
const none = new Uint8Array();

/** Each kind's identity attributes, `?` after one an import may leave out. */
const EXPECTED: Record<string, string[]> = {
  OrganizationSettings: ["organization_id"],
  OrganizationMember: ["organization_id?", "id"],
  Team: ["organization_id?", "id"],
  TeamMember: ["organization_id?", "id"],
  SamlProvider: ["organization_id?", "id"],
  Collection: ["organization_id?", "id"],
  Space: ["organization_id?", "id"],
  Translation: ["organization_id?", "id"],
  AgentInstructions: ["organization_id"],
  Site: ["organization_id?", "id"],
  SiteSectionGroup: ["organization_id?", "site_id", "id"],
  SiteSection: ["organization_id?", "site_id", "id"],
  SiteSpace: ["organization_id?", "site_id", "id"],
  SiteStructure: ["organization_id?", "site_id"],
  SiteCustomization: ["organization_id?", "site_id"],
  SiteSpaceCustomization: ["organization_id?", "site_id", "id"],
  SiteAdaptiveSchema: ["organization_id?", "site_id"],
  OpenApiSpec: ["organization_id?", "slug"],
};

/** Operations that record the imports they are asked for and answer a state from them. */
function importingOperations(): { operations: TerraformOperations; imports: unknown[][] } {
  const imports: unknown[][] = [];
  const unused = () => Promise.reject(new Error("not used here"));
  const operations: TerraformOperations = {
    configure: () => Promise.resolve([]),
    validateResource: () => Promise.resolve([]),
    // A create's id is unknown in its plan; an update keeps it.
    planResource: (_kind, prior, proposed) =>
      Promise.resolve({
        planned: proposed && (prior ? proposed : { ...proposed, id: UNKNOWN }),
        requiresReplace: [],
        privateState: none,
        diagnostics: [],
      }),
    applyResource: (_kind, _prior, planned) =>
      Promise.resolve({ state: planned && { ...planned, id: "site-new" }, privateState: none, diagnostics: [] }),
    readResource: (_kind, state) => Promise.resolve({ state, privateState: none, diagnostics: [] }),
    importResource: (kind, importId, organizationId) => {
      imports.push([kind, importId, organizationId]);
      const [siteId, id] = importId.split("/");
      return Promise.resolve({
        state: { id, siteId, organizationId: organizationId ?? "org-provider", title: "Guides", spaceId: "spc-1" },
        privateState: none,
        diagnostics: [],
      });
    },
    readDataSource: unused,
    stop: async () => {},
  };
  return { operations, imports };
}

describe("every kind's identity", () => {
  it("is its import id's parts and the organization, in the registry's every kind", () => {
    const served = Object.fromEntries(
      KINDS.map((definition) => [
        definition.kind,
        identityOf(definition.kind).attributes.map(
          (attribute) => `${attribute.name}${attribute.requiredForImport ? "" : "?"}`,
        ),
      ]),
    );
    expect(served).toEqual(EXPECTED);
  });

  it("gives back the import id of the object it names, through the kind's own form, organization apart", () => {
    const state = { id: "obj-1", siteId: "site-1", organizationId: "org-acme" };
    for (const definition of KINDS) {
      const identity = identityOfState(definition.kind, state);
      expect(Object.values(identity), definition.kind).not.toContain(null);
      const { importId, organizationId } = importOfIdentity(definition.kind, identity);
      const id =
        definition.importId?.shape === "<siteId>"
          ? "site-1"
          : definition.importId?.shape === "<organizationId>"
            ? "org-acme"
            : "obj-1";
      expect(importId, definition.kind).toBe((definition.importId ?? byId).format(id, state));
      expect(organizationId).toBe("org-acme");
    }
    // The organization left out: the provider's (undefined here).
    expect(importOfIdentity("SiteSection", { site_id: "site-1", id: "sec-1" })).toEqual({
      importId: "site-1/sec-1",
      organizationId: undefined,
    });
  });

  it("refuses an import identity without a required attribute, naming it and the kind's identity", () => {
    expect(() => importOfIdentity("SiteSection", { id: "sec-1" })).toThrow(
      "the import's identity leaves out site_id; a SiteSection's identity is { organization_id (optional), site_id, id }",
    );
    expect(() => importOfIdentity("OrganizationSettings", { organization_id: "" })).toThrow(
      "leaves out organization_id",
    );
  });
});

describe("the door's identities", () => {
  const section = schema.resources.find((resource) => resource.kind === "SiteSection")!;
  const sectionIdentity = identityType("SiteSection");

  it("serves every resource type's identity schema as the protocol's message", async () => {
    const handler = terraformHandler(schema, importingOperations().operations);
    const answer = await handler.getResourceIdentitySchemas!();
    const decoded = provider.GetResourceIdentitySchemas.responseDeserialize(
      provider.GetResourceIdentitySchemas.responseSerialize(answer),
    ) as {
      identitySchemas: Record<
        string,
        {
          version: number;
          identityAttributes: { name: string; type: Buffer; requiredForImport: boolean; optionalForImport: boolean }[];
        }
      >;
    };
    expect(Object.keys(decoded.identitySchemas).sort()).toEqual(
      schema.resources.map((resource) => resource.typeName).sort(),
    );
    const served = decoded.identitySchemas[resourceTypeName("SiteSection")];
    expect(served.version).toBe(0);
    expect(
      served.identityAttributes.map(({ name, requiredForImport, optionalForImport }) => ({
        name,
        requiredForImport,
        optionalForImport,
      })),
    ).toEqual([
      { name: "organization_id", requiredForImport: false, optionalForImport: true },
      { name: "site_id", requiredForImport: true, optionalForImport: false },
      { name: "id", requiredForImport: true, optionalForImport: false },
    ]);
    expect(Buffer.from(served.identityAttributes[0].type).toString()).toBe('"string"');
  });

  it("imports by identity through the import id it names, and answers the identity with the state", async () => {
    const { operations, imports } = importingOperations();
    const handler = terraformHandler(schema, operations);
    const identity = {
      identityData: {
        msgpack: encodeDynamicValue({ organization_id: "org-other", site_id: "site-1", id: "sec-1" }, sectionIdentity),
      },
    };
    const answer = await handler.importResourceState({
      typeName: section.typeName,
      id: "",
      clientCapabilities: null,
      identity,
    });
    expect(answer.diagnostics).toEqual([]);
    expect(imports).toEqual([["SiteSection", "site-1/sec-1", "org-other"]]);
    const [imported] = answer.importedResources!;
    expect(decodeDynamicValue(imported.identity!.identityData!.msgpack!, sectionIdentity)).toEqual({
      organization_id: "org-other",
      site_id: "site-1",
      id: "sec-1",
    });
    expect(() => provider.ImportResourceState.responseSerialize(answer)).not.toThrow();

    // By id, with the provider's organization: the same identity shape, the organization the state's.
    const byImportId = await handler.importResourceState({
      typeName: section.typeName,
      id: "site-1/sec-2",
      clientCapabilities: null,
      identity: null,
    });
    expect(imports[1]).toEqual(["SiteSection", "site-1/sec-2", undefined]);
    expect(
      decodeDynamicValue(byImportId.importedResources![0].identity!.identityData!.msgpack!, sectionIdentity),
    ).toEqual({
      organization_id: "org-provider",
      site_id: "site-1",
      id: "sec-2",
    });

    const missing = await handler.importResourceState({
      typeName: section.typeName,
      id: "",
      clientCapabilities: null,
      identity: {
        identityData: {
          msgpack: encodeDynamicValue({ organization_id: null, site_id: null, id: "sec-1" }, sectionIdentity),
        },
      },
    });
    expect(missing.diagnostics?.[0]?.summary).toContain(
      "docsplatform_site_section: the import's identity leaves out site_id",
    );
  });

  it("answers the identity on read, plan (none while the new id is unknown) and apply", async () => {
    const handler = terraformHandler(schema, importingOperations().operations);
    const type = blockType(section.block);
    const state = {
      msgpack: encodeDynamicValue(
        fromCore(section.block, {
          id: "sec-1",
          siteId: "site-1",
          organizationId: "org-acme",
          title: "Guides",
          spaceId: "spc-1",
        }),
        type,
      ),
    };
    const read = await handler.readResource({
      typeName: section.typeName,
      currentState: state,
      private: none,
      clientCapabilities: null,
    });
    expect(decodeDynamicValue(read.newIdentity!.identityData!.msgpack!, sectionIdentity)).toEqual({
      organization_id: "org-acme",
      site_id: "site-1",
      id: "sec-1",
    });

    const proposed = {
      msgpack: encodeDynamicValue(
        fromCore(section.block, { siteId: "site-1", organizationId: "org-acme", title: "New", spaceId: "spc-1" }),
        type,
      ),
    };
    const plan = await handler.planResourceChange({
      typeName: section.typeName,
      priorState: null,
      proposedNewState: proposed,
      config: proposed,
      priorPrivate: none,
      clientCapabilities: null,
    });
    // OpenTofu 1.12 cannot write an identity with unknowns into its plan ("value is not known"): none until the apply.
    expect(plan.plannedIdentity).toBeUndefined();
    const update = await handler.planResourceChange({
      typeName: section.typeName,
      priorState: state,
      proposedNewState: state,
      config: state,
      priorPrivate: none,
      clientCapabilities: null,
    });
    expect(decodeDynamicValue(update.plannedIdentity!.identityData!.msgpack!, sectionIdentity)).toEqual({
      organization_id: "org-acme",
      site_id: "site-1",
      id: "sec-1",
    });
    const applied = await handler.applyResourceChange({
      typeName: section.typeName,
      priorState: null,
      plannedState: proposed,
      config: proposed,
      plannedPrivate: none,
    });
    expect(decodeDynamicValue(applied.newIdentity!.identityData!.msgpack!, sectionIdentity)).toEqual({
      organization_id: "org-acme",
      site_id: "site-1",
      id: "site-new",
    });
    // A destroy's plan has no identity to answer.
    const destroy = await handler.planResourceChange({
      typeName: section.typeName,
      priorState: state,
      proposedNewState: null,
      config: null,
      priorPrivate: none,
      clientCapabilities: null,
    });
    expect(destroy.plannedIdentity).toBeUndefined();
  });

  it("upgrades a stored identity of its own version, and refuses another version, naming it", async () => {
    const handler = terraformHandler(schema, importingOperations().operations);
    const json = new TextEncoder().encode(
      JSON.stringify({ organization_id: "org-acme", site_id: "site-1", id: "sec-1" }),
    );
    const current = await handler.upgradeResourceIdentity!({
      typeName: section.typeName,
      version: 0,
      rawIdentity: { json, flatmap: {} },
    });
    expect(decodeDynamicValue(current.upgradedIdentity!.identityData!.msgpack!, sectionIdentity)).toEqual({
      organization_id: "org-acme",
      site_id: "site-1",
      id: "sec-1",
    });
    expect(() => provider.UpgradeResourceIdentity.responseSerialize(current)).not.toThrow();
    const newer = await handler.upgradeResourceIdentity!({
      typeName: section.typeName,
      version: 2,
      rawIdentity: { json, flatmap: {} },
    });
    expect(newer.upgradedIdentity).toBeUndefined();
    expect(newer.diagnostics?.[0]?.summary).toBe(
      "docsplatform_site_section: the stored identity's version is 2, and this provider reads identity version 0 only (a newer version of this provider wrote it). " +
        "Nothing was read or changed: run the version of the provider that wrote this state (its required_providers version), or a newer one.",
    );
  });
});
