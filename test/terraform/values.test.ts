/**
 * Terraform's objects and the core's (provider/terraform/values.ts), on real kinds' shapes: the
 * names at every depth, nulls for unset fields one way and absent fields the other, unknowns kept,
 * keys the block lacks dropped, and paths for diagnostics and requires_replace.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/adapter/unknowns.ts";
import { blockType, decodeDynamicValue, encodeDynamicValue } from "../../provider/terraform/cty.ts";
import { type TfBlock, replacesOnChange, resourceTypeOf, terraformSchema } from "../../provider/terraform/schema.ts";
import { attributePath, attributePathSteps, fromCore, toCore } from "../../provider/terraform/values.ts";

function blockOf(kind: string): TfBlock {
  return resourceTypeOf(kind)!.block;
}

describe("Terraform objects <-> core objects", () => {
  it("converts a Team both ways", () => {
    const team = blockOf("Team");
    const terraform = { organization_id: "org_1", title: "Writers", members: ["ada@example.com", "usr_2"], spaces: null, created_at: null, id: null };
    const core = toCore(team, terraform);
    expect(core).toEqual({ organizationId: "org_1", title: "Writers", members: ["ada@example.com", "usr_2"] });
    // The state the core returns: the server's fields too, and keys this door does not show.
    const state = { organizationId: "org_1", title: "Writers", members: ["usr_2"], spaces: 3, createdAt: "2026-01-01T00:00:00Z", id: "team_1", adopt: true, somethingNew: 1 };
    expect(fromCore(team, state)).toEqual({ organization_id: "org_1", title: "Writers", members: ["usr_2"], spaces: 3, created_at: "2026-01-01T00:00:00Z", id: "team_1" });
  });

  it("gives every attribute of the block, null when the core has not got it, and invents nothing", () => {
    const team = blockOf("Team");
    const terraform = fromCore(team, { title: "Writers" });
    expect(Object.keys(terraform).sort()).toEqual(team.attributes.map((attribute) => attribute.name).sort());
    expect(Object.values(terraform).filter((value) => value !== null)).toEqual(["Writers"]);
    expect(toCore(team, fromCore(team, {}))).toEqual({});
  });

  it("converts a SiteCustomization's nested objects and lists at every depth", () => {
    const block = blockOf("SiteCustomization");
    const core = {
      organizationId: "org_1",
      siteId: "site_1",
      styling: { theme: "clean", primaryColor: { light: "#346DDB" }, monospaceFont: "Fira Code" },
      header: {
        logo: { light: "https://acme.test/logo.svg" },
        links: [
          { title: "Status", to: { kind: "url", url: "https://status.acme.test" } },
          { title: "More", links: [{ title: "Blog", to: { kind: "page", page: "pg_1", space: "spc_1" } }] },
        ],
      },
      pageActions: { externalAI: true },
      id: "site_1",
    };
    const terraform = fromCore(block, core);
    const styling = terraform.styling as Record<string, unknown>;
    expect(styling.theme).toBe("clean");
    expect(styling.monospace_font).toBe("Fira Code");
    expect(styling.primary_color).toEqual({ light: "#346DDB", dark: null });
    expect(styling.tint).toBeNull();
    const header = terraform.header as { links: Record<string, unknown>[]; primary_link: unknown };
    expect(header.primary_link).toBeNull();
    expect(header.links[0]).toEqual({
      title: "Status",
      to: { kind: "url", url: "https://status.acme.test", page: null, space: null, file: null, spec: null },
      style: null,
      links: null,
      condition: null,
    });
    expect((header.links[1].links as Record<string, unknown>[])[0].to).toEqual({ kind: "page", url: null, page: "pg_1", space: "spc_1", file: null, spec: null });
    expect(terraform.page_actions).toEqual({ external_ai: true, markdown: null, mcp: null });
    expect(terraform.favicon).toBeNull();
    // And back: the same core object, nothing added.
    expect(toCore(block, terraform)).toEqual(core);
    // Through the wire too: the Terraform object fits the block's type exactly.
    const type = blockType(block);
    expect(toCore(block, decodeDynamicValue(encodeDynamicValue(terraform, type), type) as Record<string, unknown>)).toEqual(core);
  });

  it("keeps unknowns where they are, whole or inside", () => {
    const block = blockOf("SiteCustomization");
    const planned = {
      ...fromCore(block, { siteId: "site_1" }),
      organization_id: UNKNOWN,
      id: UNKNOWN,
      styling: UNKNOWN,
      header: { logo: null, primary_link: null, links: [{ title: UNKNOWN, to: null, style: null, links: null, condition: null }] },
    };
    const core = toCore(block, planned);
    expect(core).toEqual({ siteId: "site_1", organizationId: UNKNOWN, id: UNKNOWN, styling: UNKNOWN, header: { links: [{ title: UNKNOWN }] } });
    expect(fromCore(block, core)).toEqual(planned);
  });

  it("passes a dynamic attribute's value as it is, keys unconverted", () => {
    const block = blockOf("SiteAdaptiveSchema");
    const jsonSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { unsigned: { type: "object", properties: { isBeta: { type: "boolean" } } } },
    };
    const core = toCore(block, { ...fromCore(block, {}), site_id: "site_1", json_schema: jsonSchema });
    expect(core).toEqual({ siteId: "site_1", jsonSchema });
    expect(fromCore(block, core).json_schema).toBe(jsonSchema);
  });

  it("converts every block of the schema both ways without loss", () => {
    const schema = terraformSchema();
    for (const { block } of [...schema.resources, ...schema.dataSources, { block: schema.provider }]) {
      const empty = fromCore(block, {});
      expect(toCore(block, empty)).toEqual({});
      expect(fromCore(block, toCore(block, empty))).toEqual(empty);
    }
  });
});

describe("attributePath", () => {
  it("names each attribute in snake_case and keeps indices and keys", () => {
    const customization = blockOf("SiteCustomization");
    expect(attributePath(customization, ["organizationId"])).toEqual(["organization_id"]);
    expect(attributePath(customization, ["pageActions", "externalAI"])).toEqual(["page_actions", "external_ai"]);
    expect(attributePath(customization, ["header", "links", "0", "to", "kind"])).toEqual(["header", "links", "0", "to", "kind"]);
    expect(attributePath(customization, ["styling", "primaryColor", "light"])).toEqual(["styling", "primary_color", "light"]);
    expect(attributePath(blockOf("SiteStructure"), ["groups", "1", "groupId"])).toEqual(["groups", "1", "group_id"]);
    expect(attributePath(blockOf("Team"), ["members", "2"])).toEqual(["members", "2"]);
    // Inside a dynamic value the keys are the value's own.
    expect(attributePath(blockOf("SiteAdaptiveSchema"), ["jsonSchema", "properties", "isBeta"])).toEqual(["json_schema", "properties", "isBeta"]);
    // A name the block lacks: its snake_case, the rest as given.
    expect(attributePath(blockOf("Team"), ["someField", "innerKey"])).toEqual(["some_field", "innerKey"]);
  });

  it("gives every replacing input's Terraform path", () => {
    for (const resource of terraformSchema().resources) {
      for (const path of replacesOnChange(resource.kind)) {
        const [name] = attributePath(resource.block, path);
        expect(
          resource.block.attributes.map((attribute) => attribute.name),
          `${resource.kind}.${path.join(".")}`,
        ).toContain(name);
      }
    }
    expect(attributePath(blockOf("SamlProvider"), ["entityID"])).toEqual(["entity_id"]);
  });
});

describe("attributePathSteps", () => {
  it("gives tfplugin6's steps: attribute names, list indices as ints, map keys as strings", () => {
    const customization = blockOf("SiteCustomization");
    expect(attributePathSteps(customization, ["header", "links", 0, "to", "kind"])).toEqual([
      { attributeName: "header" },
      { attributeName: "links" },
      { elementKeyInt: 0 },
      { attributeName: "to" },
      { attributeName: "kind" },
    ]);
    expect(attributePathSteps(blockOf("Team"), ["members", "2"])).toEqual([{ attributeName: "members" }, { elementKeyInt: 2 }]);
    expect(attributePathSteps(blockOf("SiteAdaptiveSchema"), ["jsonSchema", "properties", "unsigned"])).toEqual([
      { attributeName: "json_schema" },
      { attributeName: "properties" },
      { attributeName: "unsigned" },
    ]);
    expect(attributePathSteps(blockOf("Team"), ["organizationId"])).toEqual([{ attributeName: "organization_id" }]);
  });
});
