/**
 * The Terraform door's provider schema (provider/terraform/schema.ts) says what the declarations
 * say: every kind a resource and every lookup a data source, named in snake_case, with the flags
 * Terraform reads (required, optional, computed, sensitive) and the inputs that replace.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../../provider/config/provider-config.ts";
import { LOOKUPS } from "../../provider/lookups/registry.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import {
  type TfAttribute,
  type TfBlock,
  attributeType,
  dataSourceTypeName,
  replacesOnChange,
  resourceTypeName,
  resourceTypeOf,
  snakeCase,
  terraformSchema,
} from "../../provider/terraform/schema.ts";

const lookupsDir = fileURLToPath(new URL("../../provider/lookups/", import.meta.url));

/** Every attribute of a block, nested ones included, with its path. */
function everyAttribute(block: { attributes: TfAttribute[] }, path: string[] = []): { path: string[]; attribute: TfAttribute }[] {
  return block.attributes.flatMap((attribute) => [
    { path: [...path, attribute.name], attribute },
    ...(attribute.nestedType ? everyAttribute(attribute.nestedType, [...path, attribute.name]) : []),
  ]);
}

function attribute(block: TfBlock, ...path: string[]): TfAttribute {
  let attributes = block.attributes;
  let found: TfAttribute | undefined;
  for (const name of path) {
    found = attributes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no attribute ${path.join(".")}`);
    attributes = found.nestedType?.attributes ?? [];
  }
  return found!;
}

function resourceBlock(kind: string): TfBlock {
  const resource = resourceTypeOf(kind);
  if (!resource) throw new Error(`no resource for ${kind}`);
  return resource.block;
}

describe("the Terraform provider schema", () => {
  const schema = terraformSchema();

  it("has a resource for every kind, docsplatform_<snake_kind>, and nothing else", () => {
    expect(schema.resources.map((resource) => resource.kind)).toEqual(KINDS.map((definition) => definition.kind));
    expect(schema.resources).toHaveLength(KINDS.length);
    expect(schema.resources.map((resource) => resource.typeName)).toContain("docsplatform_site_space_customization");
    expect(resourceTypeName("OpenApiSpec")).toBe("docsplatform_open_api_spec");
    for (const resource of schema.resources) {
      expect(resource.typeName).toMatch(/^docsplatform_[a-z]+(_[a-z]+)*$/);
      expect(resource.version).toBe(0);
      expect(resource.block.description.length, resource.kind).toBeGreaterThan(0);
    }
  });

  it("has a data source for every lookup the lookup files declare, named without get", async () => {
    const declared: string[] = [];
    for (const file of readdirSync(lookupsDir).filter((name) => name.endsWith(".ts"))) {
      const module = (await import(`${lookupsDir}${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) if (name.endsWith("Lookup") && value && typeof value === "object") declared.push((value as { name: string }).name);
    }
    expect(LOOKUPS.map((lookup) => lookup.name).sort()).toEqual(declared.sort());
    expect(schema.dataSources.map((dataSource) => dataSource.lookup)).toEqual(LOOKUPS.map((lookup) => lookup.name));
    expect(dataSourceTypeName("getMember")).toBe("docsplatform_member");
    expect(schema.dataSources.map((dataSource) => dataSource.typeName)).toEqual(
      expect.arrayContaining(["docsplatform_member", "docsplatform_members", "docsplatform_organization", "docsplatform_spaces", "docsplatform_team"]),
    );
  });

  it("names every attribute in snake_case, at every depth, once per object", () => {
    const blocks = [schema.provider, ...schema.resources.map((resource) => resource.block), ...schema.dataSources.map((dataSource) => dataSource.block)];
    for (const block of blocks) {
      for (const { path, attribute: found } of everyAttribute(block)) {
        expect(found.name, path.join(".")).toMatch(/^[a-z_][a-z0-9_]*$/);
        expect(found.name, path.join(".")).toBe(snakeCase(found.coreName ?? found.name));
        // Terraform's rules: exactly one of required/optional/computed-only, never required and computed.
        expect(found.required && (found.optional || found.computed), path.join(".")).toBe(false);
        expect(found.required || found.optional || found.computed, path.join(".")).toBe(true);
        expect(Boolean(found.type) !== Boolean(found.nestedType), path.join(".")).toBe(true);
      }
      const names = block.attributes.map((found) => found.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(snakeCase("ssoURL")).toBe("sso_url");
    expect(snakeCase("entityID")).toBe("entity_id");
    expect(snakeCase("externalAI")).toBe("external_ai");
  });

  it("reads required, optional and computed from the declarations", () => {
    const team = resourceBlock("Team");
    expect(attribute(team, "title")).toMatchObject({ required: true, optional: false, computed: false, type: "string", coreName: "title" });
    // organizationId falls back to the provider's organization_id: optional, and the state holds the one used.
    expect(attribute(team, "organization_id")).toMatchObject({ required: false, optional: true, computed: true });
    // An input the state also describes (a team's members, what the API says when not given): optional and computed.
    expect(attribute(team, "members")).toMatchObject({ required: false, optional: true, computed: true, type: ["set", "string"] });
    expect(attribute(resourceBlock("Site"), "spaces")).toMatchObject({ required: false, optional: true, computed: true });
    expect(attribute(team, "created_at")).toMatchObject({ required: false, optional: false, computed: true });
    expect(attribute(team, "id")).toMatchObject({ computed: true, type: "string" });
    expect(team.attributes.map((found) => found.name)).not.toContain("adopt");
    // A declared default: optional, and computed (the state holds the default).
    expect(attribute(resourceBlock("TeamMember"), "role")).toMatchObject({ optional: true, computed: true });
    expect(attribute(resourceBlock("Site"), "type")).toMatchObject({ optional: true, computed: true });
  });

  it("gives nested objects as nested attributes, at every depth", () => {
    const customization = resourceBlock("SiteCustomization");
    const styling = attribute(customization, "styling");
    expect(styling.nestedType?.nesting).toBe("single");
    expect(attribute(customization, "styling", "primary_color", "light")).toMatchObject({ type: "string", optional: true });
    expect(attribute(customization, "styling", "tint", "color", "dark")).toMatchObject({ required: true });
    expect(attribute(customization, "header", "links").nestedType?.nesting).toBe("list");
    expect(attribute(customization, "header", "links", "links", "to", "kind")).toMatchObject({ type: "string", required: true });
    expect(attribute(customization, "page_actions", "external_ai")).toMatchObject({ type: "bool", coreName: "externalAI" });
    expect(attribute(resourceBlock("SiteStructure"), "groups")).toMatchObject({ nestedType: { nesting: "list" } });
    // Computed outputs are computed all the way down.
    for (const { attribute: found } of everyAttribute(attribute(resourceBlock("Space"), "urls").nestedType!))
      expect(found).toMatchObject({ computed: true, optional: false, required: false });
    // What has no fixed shape is dynamic: a union of a bool and an object, a JSON Schema with `$schema` keys.
    expect(attribute(resourceBlock("OpenApiSpec"), "wait_for_processing").type).toBe("dynamic");
    expect(attribute(resourceBlock("SiteAdaptiveSchema"), "json_schema").type).toBe("dynamic");
    expect(attributeType(attribute(resourceBlock("SiteStructure"), "groups"))).toEqual(["list", ["object", { group_id: "string", items: ["list", "string"] }]]);
  });

  it("marks secret inputs sensitive, and nothing else in the resources", () => {
    const sensitive = schema.resources.flatMap((resource) =>
      everyAttribute(resource.block)
        .filter(({ attribute: found }) => found.sensitive)
        .map(({ path }) => `${resource.kind}.${path.join(".")}`),
    );
    const secrets = KINDS.flatMap((definition) => (definition.secretInputKeys ?? []).map((key) => `${definition.kind}.${snakeCase(key)}`));
    expect(secrets.length).toBeGreaterThan(0);
    expect(sensitive.sort()).toEqual(secrets.sort());
    expect(attribute(resourceBlock("SamlProvider"), "certificate").sensitive).toBe(true);
  });

  it("knows the inputs that replace, as core paths", () => {
    expect(replacesOnChange("Team")).toEqual([["organizationId"]]);
    expect(replacesOnChange("SiteSpace")).toEqual([["organizationId"], ["siteId"], ["sectionId"]]);
    for (const definition of KINDS) expect(replacesOnChange(definition.kind).map(([key]) => key)).toEqual(definition.replaceKeys.filter((key) => key !== "adopt"));
    expect(() => replacesOnChange("Nope")).toThrow(/"Nope" is no kind/);
  });

  it("has the configuration keys in the provider block, the token sensitive", () => {
    expect(schema.provider.attributes.map((found) => found.name)).toEqual(CONFIG_KEYS.map((spec) => snakeCase(spec.key)));
    expect(schema.provider.attributes.map((found) => found.name)).toEqual(expect.arrayContaining(["api_url", "token", "organization_id", "max_retries", "requests_per_second"]));
    expect(attribute(schema.provider, "token")).toMatchObject({ sensitive: true, optional: true, type: "string" });
    expect(attribute(schema.provider, "token").description).toContain("DOCS_PLATFORM_TOKEN");
    expect(attribute(schema.provider, "max_retries").type).toBe("number");
    for (const found of schema.provider.attributes) expect(found).toMatchObject({ optional: true, required: false, computed: false });
  });

  it("describes every input from its declaration, with its limits", () => {
    const team = resourceBlock("Team");
    expect(attribute(team, "title").description).toContain("Title of the team");
    for (const resource of schema.resources) {
      for (const found of resource.block.attributes.filter((candidate) => !candidate.computed || candidate.optional)) {
        expect(found.description.length, `${resource.kind}.${found.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("gives a data source its arguments and its result", () => {
    const member = schema.dataSources.find((dataSource) => dataSource.lookup === "getMember")!.block;
    expect(attribute(member, "email")).toMatchObject({ optional: true, computed: true });
    expect(attribute(member, "id")).toMatchObject({ computed: true, optional: false });
    const team = schema.dataSources.find((dataSource) => dataSource.lookup === "getTeam")!.block;
    expect(attribute(team, "title")).toMatchObject({ required: true, computed: false });
    expect(attribute(team, "member_count")).toMatchObject({ computed: true, type: "number" });
    const spaces = schema.dataSources.find((dataSource) => dataSource.lookup === "getSpaces")!.block;
    expect(attribute(spaces, "spaces")).toMatchObject({ computed: true, nestedType: { nesting: "list" } });
  });
});
