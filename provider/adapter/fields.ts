/**
 * Facts of an input field, declared once on the field's zod schema with zod's own metadata
 * (`.meta({ replaces: true })`), and the definition's key lists derived from them
 * ({@link declaredKeyLists}): a kind states that `siteId` replaces where `siteId` is declared, and
 * nowhere else.
 */
import { z } from "zod";
import { type ExampleLanguage, type ExampleValue, TYPESCRIPT, withExample } from "./example-values";

/** What the provider must know of an input beyond its type and limits. */
export interface FieldFacts {
  /** The API cannot change it in place: a change replaces the object. */
  readonly replaces?: boolean;
  /** Kept encrypted in the state whatever the program passes; masked in the pull-request summary. */
  readonly secret?: boolean;
  /** An array whose order and duplicates carry no meaning (normalized sorted). */
  readonly setValued?: boolean;
  /**
   * The field's documentation, with its limits: the source of the `<Kind>Args` doc comment, of
   * schema.json's description and of the reference pages (zod's own `description`). Its example
   * is `example`, never in this text: each door writes it in its own language.
   */
  readonly description?: string;
  /**
   * A value the field may hold, as data (adapter/example-values.ts): every door's description
   * ends with it, in TypeScript for the Pulumi doors, in HCL for the OpenTofu/Terraform door.
   */
  readonly example?: ExampleValue;
  /** The kind whose id the field holds (`Collection.parent` names a `Collection`), e.g. `"Site"`. */
  readonly refersTo?: string;
  /**
   * The name of an object field's type in schema.json (and so in every SDK) when it is not the
   * kind's name and the field's (`OrganizationUrls`, not `OrganizationSettingsUrls`).
   */
  readonly typeName?: string;
  /**
   * Where the API object holds the field, as a dotted path, when not under the input's own name
   * (`"organization"`, `"defaultTeam.id"`): the state reads it there (wire.ts).
   */
  readonly readFrom?: string;
  /**
   * The body field a create or an update sends the input as, a dotted path, when not the input's
   * own name; `false` when no body carries it (it is in the request's path, e.g. `organizationId`,
   * or only the provider reads it).
   */
  readonly sendAs?: string | false;
  /**
   * An update sends it by a request of its own (a move, a transfer), never in the PATCH body;
   * a create may still send it (a collection's `parent`).
   */
  readonly updatedApart?: boolean;
  /** A nullable input the API leaves out when unset: the state reads the absent field as null (unset). */
  readonly nullWhenAbsent?: boolean;
  /** Removing the input from the program clears it: the PATCH sends null (otherwise nothing is sent, and the server keeps its value). */
  readonly clearedWithNull?: boolean;
  /**
   * Only the provider reads it (what destroy does, when to run): never sent and never in the API's
   * object, so no read or import finds it, and left out it is its default, never what it was.
   */
  readonly providerOnly?: boolean;
}

// zod's metadata is one registry for every schema; declaring the facts there types `.meta(...)`.
declare module "zod/v4/core" {
  interface GlobalMeta extends FieldFacts {}
}

/** A zod schema as its definition reaches the wrappers that hold another schema. */
interface Inspectable {
  readonly _zod: { readonly def: { readonly type: string; readonly innerType?: unknown; readonly in?: unknown } };
}

/**
 * The facts of one field: the metadata of its schema and of every schema it wraps (`optional`,
 * `nullable`, `default`, a transform's input, ...), so a fact holds wherever in the chain it was
 * written (`identifier().meta({ replaces: true }).optional()` and `....optional().meta(...)` alike).
 */
export function factsOf(field: unknown): FieldFacts {
  const layers: FieldFacts[] = [];
  let current = field as Inspectable | undefined;
  while (current?._zod) {
    const meta = current instanceof z.core.$ZodType ? z.globalRegistry.get(current) : undefined;
    if (meta) layers.push(meta);
    const def = current._zod.def;
    current = (def.innerType ?? (def.type === "pipe" ? def.in : undefined)) as Inspectable | undefined;
  }
  // The outermost declaration wins.
  return Object.assign({}, ...layers.reverse()) as FieldFacts;
}

/** A field's documentation with its example, written in `language` (the Pulumi doors' TypeScript unless told). */
export function documentationOf(facts: FieldFacts, language: ExampleLanguage = TYPESCRIPT): string | undefined {
  return withExample(facts.description, facts.example, language);
}

/** The facts that hold or not of a field (the others are text). */
type BooleanFact = "replaces" | "secret" | "setValued" | "updatedApart" | "nullWhenAbsent" | "clearedWithNull" | "providerOnly";

/** The keys of an object schema's fields for which `fact` holds, in the schema's order. */
export function keysWith(schema: { readonly shape: Readonly<Record<string, unknown>> }, fact: BooleanFact): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => factsOf(field)[fact] === true)
    .map(([key]) => key);
}

/** A definition's key lists, derived from its schema's field facts; spread into the definition. */
export function declaredKeyLists(schema: { readonly shape: Readonly<Record<string, unknown>> }): {
  replaceKeys: readonly string[];
  secretInputKeys: readonly string[];
  setValuedInputKeys: readonly string[];
} {
  return {
    replaceKeys: keysWith(schema, "replaces"),
    secretInputKeys: keysWith(schema, "secret"),
    setValuedInputKeys: keysWith(schema, "setValued"),
  };
}

/** Each field of an object schema that names an object of another kind, with that kind (`refersTo`). */
export function referencesOf(schema: { readonly shape: Readonly<Record<string, unknown>> }): Readonly<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(schema.shape).flatMap(([key, field]) => {
      const kind = factsOf(field).refersTo;
      return kind === undefined ? [] : [[key, kind]];
    }),
  );
}
