/**
 * The walk over a declaration's zod schema that every generated schema shares: zod's own JSON
 * Schema of it, the limits a field's schema states (for its description), and how a union of
 * shapes reads as one type. Both the Pulumi package schema (scripts/generate-schema.mts) and the
 * Terraform provider schema (terraform/schema.ts) are written from these, so a field reads the
 * same through every door.
 */
import { z } from "zod";
import { type ExampleLanguage, type ExampleValue, TYPESCRIPT, withExample } from "./example-values";

/** A JSON Schema node, as `z.toJSONSchema` writes it. */
export type JsonSchema = Record<string, unknown>;

/** zod's JSON Schema of a declaration: what a program passes (`input`) or what a result holds (`output`). */
export function jsonSchemaOf(zodSchema: unknown, io: "input" | "output" = "input"): JsonSchema {
  return z.toJSONSchema(zodSchema as Parameters<typeof z.toJSONSchema>[0], { io, unrepresentable: "any" });
}

/** Constraints a schema states that a type cannot, as words for the description. */
export function limitsOf(schema: JsonSchema): string[] {
  const words: string[] = [];
  if (Array.isArray(schema.enum)) words.push(`One of ${schema.enum.map((value) => `\`${String(value)}\``).join(", ")}.`);
  if (typeof schema.minLength === "number" && typeof schema.maxLength === "number") words.push(`${schema.minLength} to ${schema.maxLength} characters.`);
  else if (typeof schema.maxLength === "number") words.push(`At most ${schema.maxLength} characters.`);
  if (typeof schema.minimum === "number" && typeof schema.maximum === "number") words.push(`From ${schema.minimum} to ${schema.maximum}.`);
  if (typeof schema.maxItems === "number") words.push(`At most ${schema.maxItems} items.`);
  return words;
}

/**
 * A field's description: its declared documentation, its example (`FieldFacts.example`, which a
 * field's JSON Schema node carries too) written in `language`, then the limits its schema states
 * that the documentation does not already (a nullable field's limits are its non-null variant's).
 */
export function fieldDescription(
  schema: JsonSchema,
  doc: string | undefined,
  example: ExampleValue | undefined = schema.example as ExampleValue | undefined,
  language: ExampleLanguage = TYPESCRIPT,
): string {
  const limits = limitsOf(schema.anyOf ? ((schema.anyOf as JsonSchema[]).find((variant) => variant.type !== "null") ?? schema) : schema);
  return [withExample(doc, example, language), ...limits.filter((limit) => !statedIn(doc ?? "", limit))].filter(Boolean).join(" ");
}

/**
 * Whether a field's documentation states `limit` (one of {@link limitsOf}'s sentences) already,
 * in its words: `1 to 50 characters` as `1 to 50` or `1..50`, `At most 100 characters` as `at
 * most 100` or `up to 100`. A documentation that gives other numbers than its schema's is caught
 * by test/terraform/docs-words.test.ts.
 */
function statedIn(doc: string, limit: string): boolean {
  const range = /^(\d+) to (\d+) characters\.$/.exec(limit);
  if (range) return new RegExp(`\\b${range[1]}\\s*(?:to|\\.\\.)\\s*${range[2]}\\b`).test(doc);
  const most = /^At most (\d+) characters\.$/.exec(limit);
  if (most) return new RegExp(`\\b(?:at most|up to) ${most[1]}\\b`, "i").test(doc);
  return doc.includes(limit);
}

/**
 * One object holding every variant's properties, required where every variant requires them: a
 * union of object shapes (`{ kind: "url", url } | { kind: "page", page }`) as one type. A property
 * that tells the variants apart takes the values of every variant (`enum`). The provider's check
 * still tells the variants apart, with its own messages.
 */
export function mergeObjects(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) {
    for (const [key, spec] of Object.entries(variant.properties as Record<string, JsonSchema>)) {
      const seen = properties[key];
      if (!seen) {
        properties[key] = spec;
        continue;
      }
      // The values a discriminator takes, from each variant's `enum` or `const` (three variants or more too).
      const values = (s: JsonSchema): unknown[] | undefined => (Array.isArray(s.enum) ? s.enum : s.const !== undefined ? [s.const] : undefined);
      const before = values(seen);
      const added = values(spec);
      if (!before || !added) continue;
      const { const: _const, ...rest } = seen;
      properties[key] = Array.isArray(seen.enum) ? { ...rest, enum: [...new Set([...before, ...added])] } : { type: seen.type, enum: [...new Set([...before, ...added])] };
    }
  }
  const required = variants.map((variant) => new Set((variant.required as string[] | undefined) ?? [])).reduce((all, next) => new Set([...all].filter((key) => next.has(key))));
  return { type: "object", properties, required: [...required] };
}

/**
 * The types a union (`anyOf`/`oneOf`) may hold, as the generated schemas show them: without its
 * `null` variant (null is "unset" in every door), its object shapes merged into one
 * ({@link mergeObjects}, last); undefined when `schema` is no union. One member: the union is
 * that type.
 */
export function unionMembers(schema: JsonSchema): JsonSchema[] | undefined {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!variants) return undefined;
  const present = variants.filter((variant) => variant.type !== "null");
  if (present.length === 1) return present;
  const objects = present.filter((variant) => variant.type === "object" && variant.properties);
  const merged = objects.length > 1 ? mergeObjects(objects) : undefined;
  if (!merged) return present;
  return [...present.filter((variant) => !objects.includes(variant)), merged];
}
