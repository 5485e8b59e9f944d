/**
 * A field's example as data (`FieldFacts.example`), written once beside the field and rendered by
 * each door in its own language: TypeScript for the Pulumi doors' descriptions (schema.json, the
 * SDKs, the reference pages, the classes' doc comments), HCL for the OpenTofu/Terraform door's
 * (terraform/schema.ts, docs/terraform/). A value is a JSON value (objects keyed by the
 * declarations' camelCase names), or one of the expressions below, which have no JSON form:
 * another object's attribute, a file's contents, a value of the configuration.
 */
import { type Door, forDoor } from "./doors";

/**
 * The expressions: plain objects tagged by `$expression` (a key no field of the API has), since
 * zod's JSON Schema copies the metadata as plain data and the doors read nested fields' examples
 * from there.
 */
/** An attribute of another object of the configuration: `site.id` in TypeScript, `docsplatform_site.site.id` in HCL. */
export interface ExampleReference {
  readonly $expression: "reference";
  /** The kind of the object (`"Site"`). */
  readonly kind: string;
  /** Its name in the example (`"site"`, `"siteSpace"`), camelCase as a TypeScript variable. */
  readonly name: string;
  /** Its attribute, as declared (`"id"`, `"siteSpaceId"`). */
  readonly attribute: string;
}

/** A text file's contents: `fs.readFileSync("okta.pem", "utf8")` in TypeScript, `file("okta.pem")` in HCL. */
export interface ExampleFileContents {
  readonly $expression: "file";
  readonly path: string;
}

/** A value of the program's own configuration: `config.require("releaseTag")` in TypeScript, `var.release_tag` in HCL. */
export interface ExampleSetting {
  readonly $expression: "setting";
  /** The setting's name, camelCase (`"releaseTag"`). */
  readonly key: string;
  /** A value it may hold (`"v2.4.0"`), shown beside it. */
  readonly sample: string;
}

export type ExampleExpression = ExampleReference | ExampleFileContents | ExampleSetting;

export type ExampleValue = string | number | boolean | null | ExampleExpression | ExampleList | ExampleRecord;
// A mutable array type: zod types `.meta()` through `$replace`, which keeps only mutable arrays as arrays.
export interface ExampleList extends Array<ExampleValue> {}
export interface ExampleRecord {
  readonly [key: string]: ExampleValue;
}

/** `ref("Site", "site")`: the id (or `attribute`) of the example's object `name` of `kind`. */
export function ref(kind: string, name: string, attribute = "id"): ExampleReference {
  return { $expression: "reference", kind, name, attribute };
}

/** `fileContents("okta.pem")`: the contents of a text file beside the program or configuration. */
export function fileContents(path: string): ExampleFileContents {
  return { $expression: "file", path };
}

/** `setting("releaseTag", "v2.4.0")`: a value the program or configuration is given. */
export function setting(key: string, sample: string): ExampleSetting {
  return { $expression: "setting", key, sample };
}

export function isExampleExpression(value: unknown): value is ExampleExpression {
  return value !== null && typeof value === "object" && "$expression" in value;
}

/**
 * How a door writes an example: the words of one language. `key` names an object's member,
 * given the path of keys from the field down to it (a door maps it to its attribute names).
 */
export interface ExampleLanguage {
  /** The door whose words these are: a description's text marked for the other door is left out (adapter/doors.ts). */
  door: Door;
  string(value: string): string;
  key(name: string, path: readonly string[]): string;
  /** `name: value` (TypeScript) or `name = value` (HCL). */
  member(key: string, value: string): string;
  expression(expression: ExampleExpression): string;
}

/** An example value in `language`, on one line. */
export function renderExample(value: ExampleValue, language: ExampleLanguage, path: readonly string[] = []): string {
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return language.string(value);
  if (isExampleExpression(value)) return language.expression(value);
  if (Array.isArray(value)) return `[${value.map((item) => renderExample(item, language, path)).join(", ")}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  return `{ ${entries.map(([key, member]) => language.member(language.key(key, [...path, key]), renderExample(member, language, [...path, key]))).join(", ")} }`;
}

/** What follows an example's code: the sample of a setting (`` (`"v2.4.0"`) ``), else nothing. */
function sampleOf(value: ExampleValue, language: ExampleLanguage): string {
  return isExampleExpression(value) && value.$expression === "setting" ? ` (\`${language.string(value.sample)}\`)` : "";
}

/** The sentence a description ends with: ``Example: `products.id`.`` */
export function exampleSentence(value: ExampleValue, language: ExampleLanguage): string {
  return `Example: \`${renderExample(value, language)}\`${sampleOf(value, language)}.`;
}

/** A field's documentation with its example, in `language`: the declared text as its door reads it, then the example's sentence. */
export function withExample(
  doc: string | undefined,
  example: ExampleValue | undefined,
  language: ExampleLanguage,
): string | undefined {
  const text = doc === undefined ? undefined : forDoor(doc, language.door);
  if (example === undefined) return text;
  return [text, exampleSentence(example, language)].filter(Boolean).join(" ");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The Pulumi doors' language: a TypeScript expression, as a program passes the value. */
export const TYPESCRIPT: ExampleLanguage = {
  door: "pulumi",
  string: (value) => JSON.stringify(value),
  key: (name) => (IDENTIFIER.test(name) ? name : JSON.stringify(name)),
  member: (key, value) => `${key}: ${value}`,
  expression(expression) {
    switch (expression.$expression) {
      case "reference":
        return `${expression.name}.${expression.attribute}`;
      case "file":
        return `fs.readFileSync(${JSON.stringify(expression.path)}, "utf8")`;
      case "setting":
        return `config.require(${JSON.stringify(expression.key)})`;
    }
  },
};
