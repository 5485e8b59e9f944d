/**
 * Terraform's objects and the core's, both ways, by a block of the schema (terraform/schema.ts):
 * - Terraform's: snake_case attribute names, every attribute of the block present, null when unset;
 * - the core's: the declarations' camelCase names, an unset field absent.
 * Nested attributes are converted at every depth (an object, each object of a list or set, each
 * value of a map). A `dynamic` attribute's value has no attributes of its own: its keys are the
 * API's, passed as they are. Keys the core has that the block lacks (`adopt`, a field the API
 * added) are dropped, and nothing the core lacks is invented. {@link UNKNOWN} passes unchanged
 * wherever it is.
 */
import { isUnknown } from "../adapter/unknowns";
import { type TfAttribute, type TfBlock, snakeCase } from "./schema";

type Attributes = readonly TfAttribute[];

/** The attribute's name in the core's objects. */
export function coreNameOf(attribute: TfAttribute): string {
  return attribute.coreName ?? attribute.name;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// ---- Terraform -> core --------------------------------------------------------------------------

function objectToCore(attributes: Attributes, value: Record<string, unknown>): Record<string, unknown> {
  const core: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const member = value[attribute.name];
    if (member === null || member === undefined) continue;
    core[coreNameOf(attribute)] = memberToCore(attribute, member);
  }
  return core;
}

/** A nested attribute's object, or an element of its collection, in the core's form. */
function nestedToCore(attributes: Attributes, value: unknown): unknown {
  return isRecord(value) && !isUnknown(value) ? objectToCore(attributes, value) : value;
}

function memberToCore(attribute: TfAttribute, value: unknown): unknown {
  const nested = attribute.nestedType;
  if (!nested || isUnknown(value)) return value;
  switch (nested.nesting) {
    case "single":
      return nestedToCore(nested.attributes, value);
    case "list":
    case "set":
      return Array.isArray(value) ? value.map((item) => nestedToCore(nested.attributes, item)) : value;
    case "map":
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, nestedToCore(nested.attributes, item)])) : value;
  }
}

/** A Terraform object of `block` (snake_case, nulls for unset) as the core's (camelCase, unset absent). */
export function toCore(block: TfBlock, value: Record<string, unknown>): Record<string, unknown> {
  return objectToCore(block.attributes, value);
}

// ---- core -> Terraform --------------------------------------------------------------------------

function objectFromCore(attributes: Attributes, value: Record<string, unknown>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const member = value[coreNameOf(attribute)];
    object[attribute.name] = member === null || member === undefined ? null : memberFromCore(attribute, member);
  }
  return object;
}

function nestedFromCore(attributes: Attributes, value: unknown): unknown {
  if (value === undefined) return null;
  return isRecord(value) && !isUnknown(value) ? objectFromCore(attributes, value) : value;
}

function memberFromCore(attribute: TfAttribute, value: unknown): unknown {
  const nested = attribute.nestedType;
  if (!nested || isUnknown(value)) return value;
  switch (nested.nesting) {
    case "single":
      return nestedFromCore(nested.attributes, value);
    case "list":
    case "set":
      return Array.isArray(value) ? value.map((item) => nestedFromCore(nested.attributes, item)) : value;
    case "map":
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, nestedFromCore(nested.attributes, item)])) : value;
  }
}

/** A core object (camelCase, unset absent) as Terraform's object of `block` (snake_case, every attribute, null when unset). */
export function fromCore(block: TfBlock, value: Record<string, unknown>): Record<string, unknown> {
  return objectFromCore(block.attributes, value);
}

// ---- Paths --------------------------------------------------------------------------------------

/**
 * A core path (`["header", "links", "0", "to", "kind"]`) as Terraform's (`["header", "links", "0",
 * "to", "kind"]`, `["pageActions", "externalAI"]` as `["page_actions", "external_ai"]`): each
 * attribute by its snake_case name, an element's index or a map's key as it is. Past a `dynamic`
 * or a collection of plain values the steps are the value's own, unchanged; a name the block lacks
 * is given in snake_case, the best guess of where it would be.
 */
export function attributePath(block: TfBlock, corePath: readonly string[]): string[] {
  const path: string[] = [];
  let attributes: Attributes | undefined = block.attributes;
  let elementsOf: Attributes | undefined; // the next step is an index or key into a nested collection
  for (const raw of corePath) {
    const step = String(raw);
    if (elementsOf) {
      path.push(step);
      attributes = elementsOf;
      elementsOf = undefined;
      continue;
    }
    const attribute: TfAttribute | undefined = attributes?.find((candidate) => coreNameOf(candidate) === step);
    if (!attribute) {
      path.push(attributes ? snakeCase(step) : step);
      attributes = undefined;
      continue;
    }
    path.push(attribute.name);
    const nested: TfAttribute["nestedType"] = attribute.nestedType;
    attributes = nested?.nesting === "single" ? nested.attributes : undefined;
    elementsOf = nested && nested.nesting !== "single" ? nested.attributes : undefined;
  }
  return path;
}

/** One step of Terraform's `AttributePath` (tfplugin6 `AttributePath.Step`), for diagnostics and `requires_replace`. */
export type AttributePathStep = { attributeName: string } | { elementKeyString: string } | { elementKeyInt: number };

/**
 * A core path as tfplugin6's `AttributePath` steps: an attribute by its snake_case name, an
 * element of a list or set by its index (`elementKeyInt`), a map's value by its key
 * (`elementKeyString`). Inside a value of no fixed shape (`dynamic`), a step of digits is taken
 * as an index and any other as an attribute of an object.
 */
export function attributePathSteps(block: TfBlock, corePath: readonly (string | number)[]): AttributePathStep[] {
  const names = attributePath(block, corePath.map(String));
  const steps: AttributePathStep[] = [];
  let attributes: Attributes | undefined = block.attributes;
  let type: unknown; // the cty type of the value the next step enters, once past the nested attributes
  let elementsOf: { nesting: string; attributes: Attributes } | undefined;
  for (const name of names) {
    if (elementsOf) {
      steps.push(elementsOf.nesting === "map" ? { elementKeyString: name } : { elementKeyInt: Number(name) });
      attributes = elementsOf.attributes;
      elementsOf = undefined;
      continue;
    }
    if (attributes) {
      const attribute: TfAttribute | undefined = attributes.find((candidate) => candidate.name === name);
      steps.push({ attributeName: name });
      const nested: TfAttribute["nestedType"] = attribute?.nestedType;
      attributes = nested?.nesting === "single" ? nested.attributes : undefined;
      elementsOf = nested && nested.nesting !== "single" ? { nesting: nested.nesting, attributes: nested.attributes } : undefined;
      type = attribute && !nested ? attribute.type : undefined;
      continue;
    }
    // Inside a plain type: a list or set takes an index, a map a key, an object an attribute.
    const [collection, inner] = Array.isArray(type) ? (type as [string, unknown]) : [undefined, undefined];
    if (collection === "list" || collection === "set" || collection === "tuple") steps.push({ elementKeyInt: Number(name) });
    else if (collection === "map") steps.push({ elementKeyString: name });
    else if (collection === "object") steps.push({ attributeName: name });
    else steps.push(/^\d+$/.test(name) ? { elementKeyInt: Number(name) } : { attributeName: name });
    type = collection === "object" ? (inner as Record<string, unknown>)[name] : collection === "tuple" ? (inner as unknown[])[Number(name)] : collection ? inner : undefined;
  }
  return steps;
}
