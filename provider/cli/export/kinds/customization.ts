/**
 * What SiteCustomization and SiteSpaceCustomization share: the difference between a customization
 * and what it would be without one, and content references as references.
 */
import type { z } from "zod";
import { jsonEqual } from "../../../adapter/values";
import type { JsonObject } from "../reader";
import { type Json, type Value, literal, object, ref } from "../values";
import type { ReadNotes } from "./kind";

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The leaves of `actual` that differ from `base`, as an object of the same shape; undefined when
 * nothing differs. Objects are compared key by key; anything else (a string, a boolean, an array
 * of links) is a leaf taken whole. A leaf `base` does not have is a difference, except an empty
 * object, which declares nothing.
 */
export function differences(actual: Json | undefined, base: Json | undefined): Json | undefined {
  if (actual === undefined) return undefined;
  if (isObject(actual)) {
    const result: JsonObject = {};
    for (const [key, member] of Object.entries(actual)) {
      const difference = differences(member, isObject(base) ? base[key] : undefined);
      // Defined, not assigned: `result.__proto__ = ...` would set the prototype, and the key would be lost.
      if (difference !== undefined) Object.defineProperty(result, key, { value: difference, enumerable: true, writable: true, configurable: true });
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }
  return base !== undefined && jsonEqual(actual, base) ? undefined : actual;
}

/** Content reference kinds (the API's reference, plus `url`), and the fields each one has. */
const REFERENCE_FIELDS: Record<string, readonly string[]> = { page: ["page", "space"], file: ["file"], openapi: ["spec"], url: ["url"] };

function isReference(value: JsonObject): boolean {
  const fields = typeof value.kind === "string" ? REFERENCE_FIELDS[value.kind] : undefined;
  return fields !== undefined && Object.keys(value).every((key) => key === "kind" || fields.includes(key));
}

/**
 * A customization value as program values: a page's space is the Space's variable and an OpenAPI
 * spec the OpenApiSpec's slug; page and file ids (content, which no resource declares) go to the
 * stack config.
 */
export function customizationValue(value: Json): Value {
  if (Array.isArray(value)) return { type: "array", items: value.map(customizationValue) };
  if (!isObject(value)) return literal(value);
  if (isReference(value)) {
    const at = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : undefined);
    switch (value.kind) {
      case "page":
        return object([
          ["kind", literal("page")],
          ["page", at("page") === undefined ? undefined : { type: "external", what: "page", id: at("page")! }],
          ["space", at("space") === undefined ? undefined : ref("Space", at("space")!)],
        ]);
      case "file":
        return object([["kind", literal("file")], ["file", at("file") === undefined ? undefined : { type: "external", what: "file", id: at("file")! }]]);
      case "openapi":
        return object([["kind", literal("openapi")], ["spec", at("spec") === undefined ? undefined : ref("OpenApiSpec", at("spec")!, "slug")]]);
    }
  }
  return object(Object.entries(value).map(([key, member]) => [key, customizationValue(member)] as const));
}

/**
 * The top-level fields of `declared` that the resource's input schema takes, as inputs. A field it
 * refuses (a value the provider's checks do not accept, or a field it does not manage) is left out
 * and reported: the program must pass the provider's check.
 */
export function customizationInputs(
  declared: JsonObject,
  fields: Record<string, z.ZodType>,
  notes: ReadNotes,
  describe: string,
): (readonly [string, Value])[] {
  const inputs: (readonly [string, Value])[] = [];
  for (const [field, value] of Object.entries(declared)) {
    const schema = fields[field];
    if (!schema) {
      notes.warn(`${describe}: "${field}" is not a field the resource manages; it is not exported`);
      continue;
    }
    const checked = schema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      notes.warn(`${describe}: "${[field, ...(issue?.path ?? [])].join(".")}" ${issue?.message ?? "is not valid"}; the field is not exported`);
      continue;
    }
    inputs.push([field, customizationValue(value)]);
  }
  return inputs;
}
