/**
 * What SiteCustomization and SiteSpaceCustomization share: content references as references, the
 * fields the import gives as inputs (the difference from what the object would be without one is
 * the kind's import, resources/site-customization.ts declarableFields, and
 * domain/customization-defaults.ts), and the report of the fields it cannot declare.
 */
import type { z } from "zod";
import type { JsonObject } from "../reader";
import { type Json, type Value, literal, object, ref } from "../values";
import type { ImportedObject, InputOverrides } from "./imported";
import type { ReadNotes } from "./kind";

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

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
    const at = (key: string) => (typeof value[key] === "string" ? value[key] : undefined);
    switch (value.kind) {
      case "page":
        return object([
          ["kind", literal("page")],
          ["page", at("page") === undefined ? undefined : { type: "external", what: "page", id: at("page")! }],
          ["space", at("space") === undefined ? undefined : ref("Space", at("space")!)],
        ]);
      case "file":
        return object([
          ["kind", literal("file")],
          ["file", at("file") === undefined ? undefined : { type: "external", what: "file", id: at("file")! }],
        ]);
      case "openapi":
        return object([
          ["kind", literal("openapi")],
          ["spec", at("spec") === undefined ? undefined : ref("OpenApiSpec", at("spec")!, "slug")],
        ]);
    }
  }
  return object(Object.entries(value).map(([key, member]) => [key, customizationValue(member)] as const));
}

/**
 * Reports the fields of `declared` (what differs from the object without one) that the resource's
 * input schema refuses: the import leaves them out (resources/site-customization.ts
 * declarableFields), and the export says so, since the program must pass the provider's check.
 * Returns how many fields the import declares.
 */
export function reportUndeclarable(declared: JsonObject | undefined, fields: Record<string, z.ZodType>, notes: ReadNotes, describe: string): number {
  let declarable = 0;
  for (const [field, value] of Object.entries(declared ?? {})) {
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
    declarable += 1;
  }
  return declarable;
}

/** Whether the import gives any customization field: a customization without one is not declared. */
export function declaresAny(imported: ImportedObject, fields: Record<string, z.ZodType>): boolean {
  return Object.keys(imported.inputs).some((field) => Object.hasOwn(fields, field));
}

/** Every customization field written as program values (references as references). */
export function customizationOverrides(fields: Record<string, z.ZodType>): InputOverrides {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, { as: customizationValue }]));
}
