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
 * - an input the schema requires is `required`, unless it takes `null` (a guest's `role`: in HCL
 *   null is an argument left out, so it is optional, and left out it is null for the core); any
 *   other input `optional`;
 * - an optional input that falls back to the provider's configuration key of the same name
 *   (`organizationId`), has a declared default (a site's `type`) or is also one of the kind's
 *   declared outputs (a team's `members`, what the API says when not given) is also `computed`:
 *   the state holds the value the provider settled on although the configuration left it out, and
 *   a plan leaves it unknown until then (operations.ts reads these as {@link computedInputKeys});
 * - an optional input the API reports and whose removal changes nothing (`Removing it stops
 *   managing it`) is `computed` too, kept when left out ({@link keptWhenLeftOut}): a plan gives
 *   it the prior value, so an import followed by a configuration that leaves it out plans no
 *   change; at creation it is unknown, and the state then holds the API's value as an import
 *   would ({@link heldWhenLeftOutKeys}; a path inside a field of a kind that tracks declared
 *   paths, a customization's leaf, has none at creation);
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
import { type ExampleLanguage, type ExampleValue } from "../adapter/example-values";
import { forDoor } from "../adapter/doors";
import { factsOf } from "../adapter/fields";
import { fieldDescription, jsonSchemaOf, type JsonSchema, unionMembers } from "../adapter/json-schema";
import { CONFIG_KEYS } from "../config/provider-config";
import { type AnyLookup, LOOKUPS } from "../lookups/registry";
import { listResultKey } from "../door-layer/invoke";
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
  /**
   * What a configuration that leaves this optional and computed input out means: the state keeps
   * the value it has, as last read, and the core is not given it (the input is not managed).
   * At creation either is unknown, then the API's value ({@link heldWhenLeftOutKeys}). `computed`:
   * also one the kind's outputs describe (a team's members), which an update of a state without
   * it plans unknown; `kept`: an update never does. Absent for an input whose default, or the
   * provider's configuration, fills it in, and for any other attribute.
   */
  leftOut?: "kept" | "computed";
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

/** The Pulumi CLI's commands a declaration may name, and OpenTofu's that do the same. */
const COMMANDS: Readonly<Record<string, string>> = {
  "pulumi up": "tofu apply",
  up: "tofu apply",
  "pulumi destroy": "tofu destroy",
  destroy: "tofu destroy",
  "pulumi preview": "tofu plan",
  preview: "tofu plan",
  "pulumi refresh": "tofu apply -refresh-only",
  refresh: "tofu apply -refresh-only",
  "pulumi import": "tofu import",
};

/** Every kind's name (`SiteSection`), and every top-level field name of every kind and lookup, camelCase, with its attribute's name. */
let vocabulary: { kinds: ReadonlySet<string>; fields: ReadonlyMap<string, string> } | undefined;

function namesOfEveryDeclaration(): { kinds: ReadonlySet<string>; fields: ReadonlyMap<string, string> } {
  if (vocabulary) return vocabulary;
  const fields = new Map<string, string>();
  // Top-level fields only: a key deeper down may be inside a value of no fixed shape, which keeps the API's spelling.
  const collect = (schema: JsonSchema) => {
    for (const name of Object.keys(schema.properties ?? {})) if (ATTRIBUTE_NAME.test(snakeCase(name))) fields.set(name, snakeCase(name));
  };
  for (const definition of KINDS) {
    collect(jsonSchemaOf(definition.schema));
    if (definition.outputs) collect(jsonSchemaOf(definition.outputs));
  }
  for (const lookup of LOOKUPS) {
    collect(jsonSchemaOf(lookup.schema));
    collect(jsonSchemaOf(lookup.result, "output"));
  }
  vocabulary = { kinds: new Set(KINDS.map((definition) => definition.kind)), fields };
  return vocabulary;
}

/**
 * An import id's form (`<siteId>/<site space id>`, adapter/import-ids.ts) in Terraform's words:
 * each placeholder in snake_case (`<site_id>/<site_space_id>`).
 */
export function importIdInTerraformTerms(shape: string): string {
  return shape.replace(/<([^>]+)>/g, (_all, part: string) => `<${snakeCase(part.replace(/ id$/, "Id").replace(/ /g, "_"))}>`);
}

/**
 * One code span of a declaration's text as a Terraform user reads it: a field by its attribute's
 * name (`userId` -> `user_id`: the block's own, else any kind's), a kind by its resource type
 * (`SiteStructure` -> `docsplatform_site_structure`, `Team.members` -> `docsplatform_team`'s
 * `members`), a Pulumi CLI command by OpenTofu's. Anything else is left as it is.
 */
function codeSpanInTerraformTerms(code: string, names: ReadonlyMap<string, string>): string {
  if (COMMANDS[code]) return `\`${COMMANDS[code]}\``;
  const { kinds, fields } = namesOfEveryDeclaration();
  const [kind, field, ...rest] = code.split(".");
  if (kinds.has(kind) && rest.length === 0) {
    if (field === undefined) return `\`${resourceTypeName(kind)}\``;
    if (fields.has(field)) return `\`${resourceTypeName(kind)}\`'s \`${fields.get(field)}\``;
  }
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(code)) {
    const attribute = names.get(code) ?? fields.get(code);
    if (attribute) return `\`${attribute}\``;
    // A camelCase name that is no attribute is a key of a value of no fixed shape: as HCL quotes it.
    return /[a-z][A-Z]/.test(code) ? `\`${hclString(code)}\`` : `\`${code}\``;
  }
  if (/^(<[^>]+>)(\/<[^>]+>)*$/.test(code)) return `\`${importIdInTerraformTerms(code)}\``;
  return `\`${code}\``;
}

/**
 * A declaration's description as a Terraform user reads it: the TypeScript examples the Pulumi
 * doors show left out (the pages have HCL examples, a field's example is data written in HCL:
 * {@link hclExampleLanguage}), the stack's configuration keys (`docs-platform:organizationId`) as
 * the provider's (`organization_id`), and every other code span as
 * {@link codeSpanInTerraformTerms} says. This is the one place the door rewrites a declaration's
 * words; test/terraform/docs.test.ts fails on a Pulumi word, a camelCase name or a TypeScript
 * expression left on a page.
 */
function inTerraformTerms(text: string, names: ReadonlyMap<string, string>): string {
  return forDoor(text, "terraform")
    .replace(/(\s*Example:)?\s*```(?:ts|typescript|js|javascript)\n[\s\S]*?\n```/g, "")
    .replace(/(?:the stack's )?`docs-platform:(\w+)`/g, (_all, key: string) => `the provider's \`${snakeCase(key)}\``)
    .replace(/`([^`\n]+)`/g, (_whole, code: string) => codeSpanInTerraformTerms(code, names))
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

/** A string as an HCL literal: JSON's escapes, and `${`/`%{` kept literal. */
export function hclString(text: string): string {
  return JSON.stringify(text).replace(/\$\{/g, "$${").replace(/%\{/g, "%%{");
}

/**
 * The attribute a key of an example names, by the path of keys from the field down to it, when
 * the value has a fixed shape there; undefined inside a value of no fixed shape (`dynamic`), or
 * for a key of a map.
 */
function attributeAlong(shape: Shape, path: readonly string[]): TfAttribute | undefined {
  let nested = "nestedType" in shape ? shape.nestedType : undefined;
  let found: TfAttribute | undefined;
  for (let step = 0; step < path.length; step++) {
    if (!nested) return undefined;
    if (nested.nesting === "map") {
      if (step === path.length - 1) return undefined; // the map's own key
      step++;
    }
    found = nested.attributes.find((attribute) => (attribute.coreName ?? attribute.name) === path[step]);
    if (!found) return undefined;
    nested = found.nestedType;
  }
  return found;
}

/**
 * A field's example in HCL, the field's attribute of shape `shape`: attribute names in snake_case,
 * the keys of a value of no fixed shape quoted as the API spells them, another object's attribute
 * by its address (`docsplatform_site.site.id`), a file by `file()`, a setting by a variable.
 */
export function hclExampleLanguage(shape: Shape): ExampleLanguage {
  return {
    door: "terraform",
    string: hclString,
    key: (name, path) => attributeAlong(shape, path)?.name ?? hclString(name),
    member: (key, value) => `${key} = ${value}`,
    expression(expression) {
      switch (expression.$expression) {
        case "reference":
          return `${resourceTypeName(expression.kind)}.${snakeCase(expression.name)}.${snakeCase(expression.attribute)}`;
        case "file":
          return `file(${hclString(expression.path)})`;
        case "setting":
          return `var.${snakeCase(expression.key)}`;
      }
    },
  };
}

/** A field's description with its example in HCL (the door's {@link fieldDescription}). */
function describedField(property: JsonSchema, doc: string | undefined, example: ExampleValue | undefined, shape: Shape): string {
  return fieldDescription(property, doc, example, hclExampleLanguage(shape));
}

// ---- JSON Schema (zod) to attribute shapes ------------------------------------------------------

/** What an attribute holds: a cty type, or nested attributes. */
export type Shape = { type: CtyType } | { nestedType: NonNullable<TfAttribute["nestedType"]> };

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
   * no change. A list, set or map too (a structure's lists, a header's links), kept whole; not what
   * is inside one: a list's elements are the configuration's as written.
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
    const kept = !flags.readOnly && flags.keptWhenLeftOut === true && !isRequired && property.default === undefined;
    return {
      name: snakeCase(key),
      ...shape,
      description: describedField(property, property.description as string | undefined, property.example as ExampleValue | undefined, shape),
      required: isRequired,
      optional: !flags.readOnly && !isRequired,
      computed: flags.readOnly || property.default !== undefined || kept,
      sensitive: property.secret === true,
      coreName: key,
      ...(kept ? { leftOut: "kept" as const } : {}),
    };
  });
}

// ---- Resources ----------------------------------------------------------------------------------

/** A description that says where a configured input falls back to, unless it says so already. */
function withFallback(description: string, configuredKey: string | undefined): string {
  if (configuredKey === undefined || description.includes(`docs-platform:${configuredKey}`)) return description;
  return `${description} Defaults to the provider's \`${snakeCase(configuredKey)}\`.`.trim();
}

/** A description that says an argument left out is `null`, for an input that takes null but not leaving it out. */
function withLeftOutNull(description: string, takesNull: boolean): string {
  return takesNull ? `${description} Left out, it is \`null\`.` : description;
}

/**
 * Whether a field takes `null` but not leaving it out (a guest's `role: null`): in HCL, null is
 * what leaving an argument out means, so the attribute is optional and the door gives the core
 * null for it when the configuration leaves it out (operations.ts reads {@link nullWhenLeftOutKeys}).
 */
function takesNullForLeftOut(field: unknown): boolean {
  const schema = field as { safeParse?(value: unknown): { success: boolean } } | undefined;
  return schema?.safeParse !== undefined && !schema.safeParse(undefined).success && schema.safeParse(null).success;
}

/**
 * Whether an optional input the configuration leaves out keeps the value the state has: one the
 * API reports (an import reads it) and whose removal does nothing (`Removing it stops managing
 * it`), so a plan keeps the prior value (optional and computed), and a configuration that leaves it
 * out after an import plans no change instead of a removal that removes nothing. Not an input
 * whose removal clears it (`clearedWithNull`), replaces the object or moves it (`replaces`,
 * `updatedApart`: a site space's section, a collection's parent), one only the provider reads
 * (`providerOnly`: what destroy does), one only a create reads, nor one of a group
 * of which a configuration gives exactly one (`userId` or `email`: the prior's would join the
 * configuration's).
 */
function keptWhenLeftOut(definition: AnyDefinition, key: string): boolean {
  const field = definition.schema.shape[key] as { safeParse(value: unknown): { success: boolean } };
  const facts = factsOf(field);
  if (!field.safeParse(undefined).success || facts.clearedWithNull === true) return false;
  if (definition.declarationOf !== undefined) return true;
  // Removed, it replaces the object (a site space's section) or moves it (a collection to the top level).
  if (facts.replaces === true || facts.updatedApart === true) return false;
  if (facts.providerOnly === true) return false;
  if ((definition.uncomparedInputKeys ?? []).includes(key)) return false;
  return !(definition.exclusiveInputKeys ?? []).some((group) => group.includes(key));
}

/** The attributes of a kind's resource: its inputs, then what its state holds beyond them, then `id`. */
function resourceBlock(definition: AnyDefinition): TfBlock {
  const shape = definition.schema.shape;
  const inputSchema = jsonSchemaOf(definition.schema);
  const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((inputSchema.required as string[] | undefined) ?? []);
  const secret = new Set(definition.secretInputKeys ?? []);
  const outputShape = (definition.outputs?.shape ?? {}) as Record<string, unknown>;
  const outputProperties = (definition.outputs ? (jsonSchemaOf(definition.outputs).properties ?? {}) : {}) as Record<string, JsonSchema>;
  const declaredPaths = definition.declarationOf !== undefined;
  const attributes: TfAttribute[] = [];
  for (const [key, property] of Object.entries(properties)) {
    if (LEFT_OUT_INPUTS.has(key)) continue;
    const facts = factsOf(shape[key]);
    const configured = CONFIGURED_KEYS.has(key);
    const defaulted = property.default !== undefined;
    const isRequired = required.has(key) && !configured && !defaulted && !takesNullForLeftOut(shape[key]);
    // An input the state also describes is the API's when the configuration leaves it out.
    const describedByTheState = key in outputProperties;
    const kept = !isRequired && keptWhenLeftOut(definition, key);
    const settledByTheProvider = configured || defaulted || describedByTheState;
    const attributeShape = shapeOf(facts.setValued ? { ...property, setValued: true } : property, { readOnly: false, keptWhenLeftOut: declaredPaths });
    attributes.push({
      name: snakeCase(key),
      ...attributeShape,
      description: withLeftOutNull(
        withFallback(describedField(property, facts.description, facts.example, attributeShape), configured ? key : undefined),
        takesNullForLeftOut(shape[key]),
      ),
      required: isRequired,
      optional: !isRequired,
      // Terraform refuses an attribute both required and computed: a required input is the configuration's alone.
      computed: !isRequired && (settledByTheProvider || kept),
      sensitive: secret.has(key) || facts.secret === true,
      coreName: key,
      ...(configured || defaulted ? {} : describedByTheState ? { leftOut: "computed" as const } : kept ? { leftOut: "kept" as const } : {}),
    });
  }
  for (const [key, property] of Object.entries(outputProperties)) {
    if (key in properties) continue;
    const outputFacts = factsOf(outputShape[key]);
    const attributeShape = shapeOf(property, { readOnly: true });
    attributes.push({
      name: snakeCase(key),
      ...attributeShape,
      description: describedField(property, outputFacts.description, outputFacts.example, attributeShape),
      required: false,
      optional: false,
      computed: true,
      sensitive: false,
      coreName: key,
    });
  }
  if (!attributes.some((attribute) => attribute.name === "id")) {
    const form = importIdInTerraformTerms(definition.importId?.shape ?? "<id>");
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
            description: describedField(result, result.description as string | undefined, result.example as ExampleValue | undefined, shapeOf(result, { readOnly: true })),
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
    const facts = factsOf(argShape[key]);
    const attributeShape = shapeOf(property, { readOnly: false });
    return {
      name: snakeCase(key),
      ...attributeShape,
      description: withFallback(
        describedField(
          property,
          facts.description ?? (property.description as string | undefined),
          facts.example ?? (property.example as ExampleValue | undefined),
          attributeShape,
        ),
        configured ? key : undefined,
      ),
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
      resource.block.attributes
        .filter((attribute) => attribute.optional && attribute.computed && attribute.leftOut !== "kept")
        .map((attribute) => attribute.coreName ?? attribute.name),
    ]),
  );
  return computedInputsByKind.get(kind) ?? [];
}

let heldWhenLeftOutByKind: Map<string, string[]> | undefined;

/**
 * The inputs (core names) whose value the API settles when a configuration leaves them out and
 * the state then holds (an import holds them: a create and a refresh must too, or an import shows
 * them as added): the attributes a configuration may leave out and keep ({@link TfAttribute}
 * `leftOut: "kept"`), planned unknown at creation. Not a `computed` one, which the state holds as
 * an output already (tracked as an input too, a team's `members` would read as declared, and the
 * team as managing its membership against its TeamMembers). Not those of a kind whose state holds only the paths
 * its inputs declare (`declarationOf`: a customization's fields, a structure's containers), whose
 * read holds nothing a configuration leaves out. Empty for a name that is no kind.
 */
export function heldWhenLeftOutKeys(kind: string): string[] {
  heldWhenLeftOutByKind ??= new Map(
    terraformSchema().resources.map((resource) => [
      resource.kind,
      definitionOf(resource.kind)?.declarationOf !== undefined
        ? []
        : resource.block.attributes.filter((attribute) => attribute.leftOut === "kept").map((attribute) => attribute.coreName ?? attribute.name),
    ]),
  );
  return heldWhenLeftOutByKind.get(kind) ?? [];
}

/**
 * The inputs (core names) of a kind that take `null` but not leaving them out (a guest's `role`):
 * optional in the schema, and null for the core when the configuration leaves them out.
 */
export function nullWhenLeftOutKeys(kind: string): string[] {
  const definition = definitionOf(kind);
  if (!definition) return [];
  return Object.entries(definition.schema.shape)
    .filter(([key, field]) => !LEFT_OUT_INPUTS.has(key) && !CONFIGURED_KEYS.has(key) && takesNullForLeftOut(field))
    .map(([key]) => key);
}

/** The data source type of a lookup, or undefined. */
export function dataSourceTypeOf(lookup: string): TfDataSourceType | undefined {
  return terraformSchema().dataSources.find((dataSource) => dataSource.lookup === lookup);
}
