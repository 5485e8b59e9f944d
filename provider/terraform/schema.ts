/**
 * The Terraform provider schema of the tfplugin6 door, from the declarations alone: every kind of
 * the registry (resources/kinds.ts) a resource `docsplatform_<snake_kind>`, every lookup
 * (lookups/registry.ts) a data source `docsplatform_<snake name without get>`, and the provider's
 * configuration block from the configuration keys (config/provider-config.ts). It names no kind:
 * a new kind or lookup appears here without a line written for it.
 *
 * Each attribute's type, description and limits come from the same walk over the zod schemas as
 * the Pulumi package schema's (adapter/json-schema.ts, adapter/fields.ts). How the declarations
 * read as Terraform's attribute flags:
 * - an input the schema requires is `required`; any other input `optional`;
 * - an optional input that falls back to the provider's configuration key of the same name
 *   (`organizationId`), has a declared default (a site's `type`) or is also one of the kind's
 *   declared outputs (a team's `members`, what the API says when not given) is also `computed`:
 *   the state holds the value the provider settled on although the configuration left it out, and
 *   a plan leaves it unknown until then (operations.ts reads these as {@link computedInputKeys});
 * - what the definition's `outputs` declares beyond the inputs, and `id`, are `computed` only;
 * - a secret input (`FieldFacts.secret`) is `sensitive`;
 * - an object is a nested attribute (nesting "single"), an array of objects one of nesting "list"
 *   ("set" when the field is set-valued), a record of objects one of nesting "map"; what has no
 *   fixed shape (a union of different types, an open object, a value of any type, a key that is
 *   no attribute name) is `dynamic`, and its keys stay as the API spells them.
 *
 * `adopt` is left out: Terraform takes over an existing object with `import` (by the kinds' id
 * forms), and `true | { id }` has no type but `dynamic`.
 */
import { z } from "zod";
import { PROVIDER_SOURCE, PROVIDER_TYPE_NAME } from "./protocol";
import { factsOf } from "../adapter/fields";
import { fieldDescription, jsonSchemaOf, type JsonSchema, unionMembers } from "../adapter/json-schema";
import { CONFIG_KEYS } from "../config/provider-config";
import { type AnyLookup, LOOKUPS } from "../lookups/registry";
import { listResultKey } from "../plugin/invoke";
import { type AnyDefinition, KINDS, definitionOf } from "../resources/kinds";

/** cty's type as JSON: `"string"`, `["list","string"]`, `["object",{...}]`, `["object",{...},["optional_attr"]]`. */
export type CtyType = string | [string, unknown] | [string, unknown, unknown];

export interface TfAttribute {
  name: string;
  type?: CtyType;
  nestedType?: { nesting: "single" | "list" | "set" | "map"; attributes: TfAttribute[] };
  description: string;
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  /** The field's name in the core's objects (camelCase, as declared); `name` is its snake_case. */
  coreName?: string;
}

export interface TfBlock {
  attributes: TfAttribute[];
  description: string;
}

export interface TfResourceType {
  typeName: string;
  kind: string;
  version: number;
  block: TfBlock;
}

export interface TfDataSourceType {
  typeName: string;
  lookup: string;
  block: TfBlock;
}

export interface TfProviderSchema {
  provider: TfBlock;
  resources: TfResourceType[];
  dataSources: TfDataSourceType[];
}

// The provider's type name (the prefix of every resource and data source) and source address are
// the transport's: protocol.ts, which the handshake and debug mode read without loading any kind.
export { PROVIDER_SOURCE, PROVIDER_TYPE_NAME };

/** `organizationId` -> `organization_id`, `ssoURL` -> `sso_url`, `SiteSpaceCustomization` -> `site_space_customization`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/** A name Terraform takes as an attribute name (HCL identifiers, lower case as the registry's providers write them). */
const ATTRIBUTE_NAME = /^[a-z_][a-z0-9_]*$/;

/** `Team` -> `docsplatform_team`. */
export function resourceTypeName(kind: string): string {
  return `${PROVIDER_TYPE_NAME}_${snakeCase(kind)}`;
}

/** `getMember` -> `docsplatform_member`. */
export function dataSourceTypeName(lookup: string): string {
  return `${PROVIDER_TYPE_NAME}_${snakeCase(lookup.replace(/^get/, ""))}`;
}

/** The input every kind has but this door leaves out (see the file's comment). */
const LEFT_OUT_INPUTS = new Set(["adopt"]);

/** Inputs that fall back to the provider's configuration key of the same name. */
const CONFIGURED_KEYS = new Set(CONFIG_KEYS.map((spec) => spec.key));

// ---- Descriptions in Terraform's terms -------------------------------------------------------------

/**
 * A declaration's description as a Terraform user reads it: the TypeScript examples the Pulumi
 * doors show left out (the pages have HCL examples), the stack's configuration keys
 * (`docs-platform:organizationId`) as the provider's (`organization_id`), and a field named in
 * backticks (`userId`) by its attribute's name (`user_id`) where the block has that attribute.
 */
function inTerraformTerms(text: string, names: ReadonlyMap<string, string>): string {
  return text
    .replace(/(\s*Example:)?\s*```(?:ts|typescript|js|javascript)\n[\s\S]*?\n```/g, "")
    .replace(/(?:the stack's )?`docs-platform:(\w+)`/g, (_all, key: string) => `the provider's \`${snakeCase(key)}\``)
    .replace(/`([A-Za-z][A-Za-z0-9]*)`/g, (whole, name: string) => (names.has(name) ? `\`${names.get(name)}\`` : whole))
    .trim();
}

/** Each core (camelCase) name of `block`'s attributes, at every depth, that its attribute spells otherwise. */
function attributeNames(block: TfBlock): Map<string, string> {
  const names = new Map<string, string>();
  const collect = (attributes: readonly TfAttribute[]) => {
    for (const attribute of attributes) {
      if (attribute.coreName && attribute.coreName !== attribute.name) names.set(attribute.coreName, attribute.name);
      if (attribute.nestedType) collect(attribute.nestedType.attributes);
    }
  };
  collect(block.attributes);
  return names;
}

/**
 * A text about `block` (a kind's long description, from its Markdown file, which only the
 * generators read) in Terraform's terms, as the block's own descriptions are.
 */
export function describedInTerraformTerms(block: TfBlock, text: string): string {
  return inTerraformTerms(text, attributeNames(block));
}

/** `block` with every description, its own and its attributes' at every depth, in Terraform's terms. */
function inTerraformBlock(block: TfBlock): TfBlock {
  const names = attributeNames(block);
  const rewrite = (attributes: readonly TfAttribute[]): TfAttribute[] =>
    attributes.map((attribute) => ({
      ...attribute,
      description: inTerraformTerms(attribute.description, names),
      ...(attribute.nestedType ? { nestedType: { ...attribute.nestedType, attributes: rewrite(attribute.nestedType.attributes) } } : {}),
    }));
  return { attributes: rewrite(block.attributes), description: inTerraformTerms(block.description, names) };
}

// ---- JSON Schema (zod) to attribute shapes ------------------------------------------------------

/** What an attribute holds: a cty type, or nested attributes. */
type Shape = { type: CtyType } | { nestedType: NonNullable<TfAttribute["nestedType"]> };

const DYNAMIC: Shape = { type: "dynamic" };

/** A JSON Schema's `type`, without `null` (`["string","null"]` is a nullable string). */
function typeKeyword(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) {
    const present = type.filter((entry) => entry !== "null");
    return present.length === 1 ? String(present[0]) : undefined;
  }
  return typeof type === "string" ? type : undefined;
}

function isDynamic(shape: Shape): boolean {
  return "type" in shape && shape.type === "dynamic";
}

/** The cty type of a shape: a nested attribute's object type (optional attributes stripped, as Terraform's values hold them). */
function ctyTypeOf(shape: Shape): CtyType {
  if ("type" in shape) return shape.type;
  const object: CtyType = ["object", Object.fromEntries(shape.nestedType.attributes.map((attribute) => [attribute.name, attributeType(attribute)]))];
  return shape.nestedType.nesting === "single" ? object : [shape.nestedType.nesting, object];
}

/** The cty type of an attribute's value (a nested attribute's implied type). */
export function attributeType(attribute: TfAttribute): CtyType {
  return ctyTypeOf(attribute.nestedType ? { nestedType: attribute.nestedType } : { type: attribute.type ?? "dynamic" });
}

/** How an attribute inside a nested object is flagged: `computed` all the way down under an attribute only the provider sets. */
interface Flags {
  readOnly: boolean;
  /**
   * A leaf the configuration leaves out keeps the value it has (a kind whose read tracks only the
   * declared paths: `declarationOf`): optional and computed, so OpenTofu plans the prior value for
   * it (objchange.ProposedNew), and an import holding what the configuration does not declare plans
   * no change. Not a list, set or map, nor inside one: they are managed whole (a structure's
   * lists, a header's links).
   */
  keptWhenLeftOut?: boolean;
}

function shapeOf(schema: JsonSchema, flags: Flags): Shape {
  const members = unionMembers(schema);
  if (members) {
    // A union of object shapes (a content reference by its `kind`) is one object of every
    // variant's attributes: a member the configuration leaves out is none, never the prior's.
    const variants = ((schema.anyOf ?? schema.oneOf) as JsonSchema[]).filter((variant) => variant.type === "object" && variant.properties);
    if (variants.length > 1) flags = { ...flags, keptWhenLeftOut: false };
    if (members.length === 1) return shapeOf(members[0], flags);
    const shapes = members.map((member) => shapeOf(member, flags));
    const first = shapes[0];
    // A union of one primitive type (`"a" | "b"` written as two variants) is that type.
    const same = shapes.every((shape) => "type" in shape && typeof shape.type === "string" && "type" in first && shape.type === first.type);
    return same ? first : DYNAMIC;
  }
  if (schema.$ref !== undefined) return DYNAMIC; // a recursive shape: no fixed depth
  switch (typeKeyword(schema)) {
    case "string":
      return { type: "string" };
    case "integer":
    case "number":
      return { type: "number" };
    case "boolean":
      return { type: "bool" };
    case "array": {
      if (!schema.items || typeof schema.items !== "object" || Array.isArray(schema.items)) return DYNAMIC;
      const item = shapeOf(schema.items as JsonSchema, { ...flags, keptWhenLeftOut: false });
      // A list of values of any type is a tuple: its elements need not share one type.
      if (isDynamic(item)) return DYNAMIC;
      const nesting = schema.setValued === true ? "set" : "list";
      if ("nestedType" in item) {
        // Nested attributes hold objects, not collections of collections: a list of lists of objects has
        // no nested form, and as a plain type its keys would lose their core names. Dynamic keeps them.
        if (item.nestedType.nesting !== "single") return DYNAMIC;
        return { nestedType: { nesting, attributes: item.nestedType.attributes } };
      }
      return { type: [nesting, item.type] };
    }
    case "object": {
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      const additional = schema.additionalProperties;
      const open = additional !== undefined && additional !== false;
      if (properties && Object.keys(properties).length > 0) {
        // Fields beyond the declared ones, or a field that cannot be an attribute name: no fixed shape.
        if (open || Object.keys(properties).some((key) => !ATTRIBUTE_NAME.test(snakeCase(key)))) return DYNAMIC;
        return { nestedType: { nesting: "single", attributes: attributesOf(schema, flags) } };
      }
      if (!open || typeof additional !== "object") return DYNAMIC;
      const value = shapeOf(additional as JsonSchema, { ...flags, keptWhenLeftOut: false });
      if (isDynamic(value)) return DYNAMIC;
      if ("nestedType" in value) {
        if (value.nestedType.nesting !== "single") return DYNAMIC; // as a list of lists of objects, above
        return { nestedType: { nesting: "map", attributes: value.nestedType.attributes } };
      }
      return { type: ["map", value.type] };
    }
    default:
      return DYNAMIC;
  }
}

/** The attributes of an object schema's properties (inside a nested attribute). */
function attributesOf(schema: JsonSchema, flags: Flags): TfAttribute[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([key, property]) => {
    const shape = shapeOf(property, flags);
    const isRequired = !flags.readOnly && required.has(key) && property.default === undefined;
    return {
      name: snakeCase(key),
      ...shape,
      description: fieldDescription(property, property.description as string | undefined),
      required: isRequired,
      optional: !flags.readOnly && !isRequired,
      computed: flags.readOnly || property.default !== undefined || (flags.keptWhenLeftOut === true && !isRequired && !isCollection(shape)),
      sensitive: property.secret === true,
      coreName: key,
    };
  });
}

// ---- Resources ----------------------------------------------------------------------------------

/** A description that says where a configured input falls back to, unless it says so already. */
function withFallback(description: string, configuredKey: string | undefined): string {
  if (configuredKey === undefined || description.includes(`docs-platform:${configuredKey}`)) return description;
  return `${description} Defaults to the provider's \`${snakeCase(configuredKey)}\`.`.trim();
}

/** The attributes of a kind's resource: its inputs, then what its state holds beyond them, then `id`. */
/** Whether an attribute's shape is a list, set or map (of values or of nested objects). */
function isCollection(shape: Shape): boolean {
  if ("nestedType" in shape) return shape.nestedType.nesting !== "single";
  return Array.isArray(shape.type) && ["list", "set", "map"].includes(shape.type[0]);
}

function resourceBlock(definition: AnyDefinition): TfBlock {
  const shape = definition.schema.shape;
  const inputSchema = jsonSchemaOf(definition.schema);
  const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((inputSchema.required as string[] | undefined) ?? []);
  const secret = new Set(definition.secretInputKeys ?? []);
  const outputShape = (definition.outputs?.shape ?? {}) as Record<string, unknown>;
  const outputProperties = (definition.outputs ? (jsonSchemaOf(definition.outputs).properties ?? {}) : {}) as Record<string, JsonSchema>;
  const keptWhenLeftOut = definition.declarationOf !== undefined;
  const attributes: TfAttribute[] = [];
  for (const [key, property] of Object.entries(properties)) {
    if (LEFT_OUT_INPUTS.has(key)) continue;
    const facts = factsOf(shape[key]);
    const configured = CONFIGURED_KEYS.has(key);
    const defaulted = property.default !== undefined;
    const isRequired = required.has(key) && !configured && !defaulted;
    // An input the state also describes is the API's when the configuration leaves it out.
    const describedByTheState = key in outputProperties;
    const attributeShape = shapeOf(facts.setValued ? { ...property, setValued: true } : property, { readOnly: false, keptWhenLeftOut });
    attributes.push({
      name: snakeCase(key),
      ...attributeShape,
      description: withFallback(fieldDescription(property, facts.description), configured ? key : undefined),
      required: isRequired,
      optional: !isRequired,
      // Terraform refuses an attribute both required and computed: a required input is the configuration's alone.
      computed: !isRequired && (configured || defaulted || describedByTheState || (keptWhenLeftOut && !isCollection(attributeShape))),
      sensitive: secret.has(key) || facts.secret === true,
      coreName: key,
    });
  }
  for (const [key, property] of Object.entries(outputProperties)) {
    if (key in properties) continue;
    attributes.push({
      name: snakeCase(key),
      ...shapeOf(property, { readOnly: true }),
      description: fieldDescription(property, factsOf(outputShape[key]).description),
      required: false,
      optional: false,
      computed: true,
      sensitive: false,
      coreName: key,
    });
  }
  if (!attributes.some((attribute) => attribute.name === "id")) {
    const form = definition.importId?.shape ?? "<id>";
    attributes.push({
      name: "id",
      type: "string",
      description: `The object's id, set by the provider. Its import id is \`${form}\`.`,
      required: false,
      optional: false,
      computed: true,
      sensitive: false,
      coreName: "id",
    });
  }
  return inTerraformBlock({ attributes, description: runtimeDescription(definition.kind) });
}

/**
 * A resource's description as the running provider serves it. The kind's long description is
 * Markdown beside its file (resources/<kebab-kind>.md), read by the generators only, so the
 * provider and its bundle need no file beside them; the reference pages
 * (scripts/generate-terraform-docs.mts) carry the long one.
 */
function runtimeDescription(kind: string): string {
  return `The ${kind} resource of the docs platform (docs/terraform/resources/${snakeCase(kind)}.md describes what it is and how it behaves).`;
}

/** The core paths (camelCase) of a kind's inputs whose change replaces the object: Terraform's `requires_replace`. */
export function replacesOnChange(kind: string): string[][] {
  const definition = definitionOf(kind);
  if (!definition) throw new Error(`docsplatform: ${JSON.stringify(kind)} is no kind of this provider`);
  return definition.replaceKeys.filter((key) => key in definition.schema.shape && !LEFT_OUT_INPUTS.has(key)).map((key) => [key]);
}

// ---- Data sources -------------------------------------------------------------------------------

/**
 * A lookup's data source: its arguments (an argument that falls back to the provider's
 * configuration, or that the result also holds, is optional and computed), then the result's
 * fields, computed; a list result is one attribute named as the plugin's invoke names it
 * (`getSpaces` -> `spaces`).
 */
function dataSourceBlock(lookup: AnyLookup): TfBlock {
  const argsSchema = jsonSchemaOf(lookup.schema);
  const argShape: Record<string, unknown> = lookup.schema instanceof z.ZodObject ? lookup.schema.shape : {};
  const required = new Set((argsSchema.required as string[] | undefined) ?? []);
  const result = jsonSchemaOf(lookup.result, "output");
  const resultAttributes: TfAttribute[] =
    typeKeyword(result) === "array"
      ? [
          {
            name: snakeCase(listResultKey(lookup.name)),
            ...shapeOf(result, { readOnly: true }),
            description: fieldDescription(result, result.description as string | undefined),
            required: false,
            optional: false,
            computed: true,
            sensitive: false,
            coreName: listResultKey(lookup.name),
          },
        ]
      : attributesOf(result, { readOnly: true });
  const resultNames = new Set(resultAttributes.map((attribute) => attribute.coreName));
  const argAttributes = Object.entries((argsSchema.properties ?? {}) as Record<string, JsonSchema>).map(([key, property]): TfAttribute => {
    const configured = CONFIGURED_KEYS.has(key);
    const isRequired = required.has(key) && !configured && property.default === undefined;
    return {
      name: snakeCase(key),
      ...shapeOf(property, { readOnly: false }),
      description: withFallback(fieldDescription(property, factsOf(argShape[key]).description ?? (property.description as string | undefined)), configured ? key : undefined),
      required: isRequired,
      optional: !isRequired,
      // Terraform refuses an attribute both required and computed: a required argument is echoed as given.
      computed: !isRequired && (configured || resultNames.has(key) || property.default !== undefined),
      sensitive: property.secret === true,
      coreName: key,
    };
  });
  const argNames = new Set(argAttributes.map((attribute) => attribute.coreName));
  return inTerraformBlock({ attributes: [...argAttributes, ...resultAttributes.filter((attribute) => !argNames.has(attribute.coreName))], description: lookup.description });
}

// ---- The provider -------------------------------------------------------------------------------

/** The provider's configuration block: the plugin door's configuration keys in snake_case, each with its environment fallback. */
function providerBlock(): TfBlock {
  return {
    description: "The documentation platform's management API: where it is, the token, the default organization and the client's pace.",
    attributes: CONFIG_KEYS.map((spec) => ({
      name: snakeCase(spec.key),
      type: spec.type === "string" ? "string" : "number",
      description: spec.description + (spec.env ? ` Defaults to the environment variable \`${spec.env}\`.` : ""),
      required: false,
      optional: true,
      computed: false,
      sensitive: spec.secret === true,
      coreName: spec.key,
    })),
  };
}

let cached: TfProviderSchema | undefined;

/** The whole provider schema (built once: the declarations do not change while the provider runs). */
export function terraformSchema(): TfProviderSchema {
  cached ??= {
    provider: providerBlock(),
    resources: KINDS.map((definition) => ({ typeName: resourceTypeName(definition.kind), kind: definition.kind, version: 0, block: resourceBlock(definition) })),
    dataSources: LOOKUPS.map((lookup) => ({ typeName: dataSourceTypeName(lookup.name), lookup: lookup.name, block: dataSourceBlock(lookup) })),
  };
  return cached;
}

/** The resource type of a kind, or undefined. */
export function resourceTypeOf(kind: string): TfResourceType | undefined {
  return terraformSchema().resources.find((resource) => resource.kind === kind);
}

let computedInputsByKind: Map<string, string[]> | undefined;

/**
 * The inputs (core names) a kind's configuration may leave out and the provider then gives a
 * value: its resource's attributes that are optional and computed. The schema says it, so that
 * what Terraform is told (an unknown or settled value may come) and what a plan does
 * (operations.ts leaves them unknown) are one fact. Empty for a name that is no kind.
 */
export function computedInputKeys(kind: string): string[] {
  computedInputsByKind ??= new Map(
    terraformSchema().resources.map((resource) => [
      resource.kind,
      resource.block.attributes.filter((attribute) => attribute.optional && attribute.computed).map((attribute) => attribute.coreName ?? attribute.name),
    ]),
  );
  return computedInputsByKind.get(kind) ?? [];
}

/** The data source type of a lookup, or undefined. */
export function dataSourceTypeOf(lookup: string): TfDataSourceType | undefined {
  return terraformSchema().dataSources.find((dataSource) => dataSource.lookup === lookup);
}
