/**
 * Valid inputs of every kind, generated from its declaration (issue 38, item 1): the source of the
 * kind contract's values (contract.test.ts), of the per-field round trips (declared-fields.test.ts)
 * and of the OpenTofu door's operations (test/terraform/operations.test.ts, through examples.ts).
 *
 * Each kind's zod schema is read (types, enums, limits, nested objects, unions) and turned into a
 * fast-check arbitrary; the values drawn are validated by the kind's own schema, beside the other
 * inputs, so a rule across fields the schema states is kept too. Everything is drawn with a fixed
 * seed (named by the kind, the door and the field): a failure reproduces.
 *
 * What the declaration cannot say (ids of objects made first, the fixture's people, values a rule
 * across resources needs) comes from the kind's setup in examples.ts, given to these functions as
 * `given`.
 */
import { createRequire } from "node:module";
import fc from "fast-check";

const require = createRequire(import.meta.url);
export type Bag = Record<string, any>;
/** A zod v4 schema as far as this file reads it: its definition and its own validation. */
export interface Zod {
  _zod: { def: Bag };
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[] }[] } };
}
export type ImportIdForm = { format(id: string, state: Bag): string };
/** A kind's definition (provider/adapter/resource.ts ResourceDefinition), as far as the tests read it. */
export type Definition = {
  kind: string;
  replaceKeys: readonly string[];
  uncomparedInputKeys?: readonly string[];
  exclusiveInputKeys?: readonly (readonly string[])[];
  schema: Zod & { shape: Record<string, Zod> };
  outputs?: Zod & { shape: Record<string, Zod> };
  importId?: ImportIdForm;
};
// The compiled package, as both doors load it.
const { factsOf } = require("../../provider/dist/adapter/fields.js") as { factsOf: (field: unknown) => { refersTo?: string } };

// ---- which inputs are generated ---------------------------------------------------------------

/** Inputs of every kind never generated: not a value of the object, or the fixture's. */
const LEFT_OUT: Record<string, string> = {
  adopt: "only read at creation (chooses the object, holds no value of it)",
  organizationId: "the organization of the emulator's fixture, given by the kind's setup",
};

/**
 * Inputs holding ids of other objects or people without a `refersTo` fact (those with one are left
 * out by it): only the kind's setup (examples.ts) can make the objects or name the fixture's people.
 */
const IDS_OF_OTHERS: Record<string, string> = {
  "OrganizationMember.userId": "a user's id (the fixture's people, given by the setup)",
  "OrganizationMember.email": "a user's email (the fixture's people, given by the setup)",
  "Team.members": "user ids and emails of the fixture's people (given by the setup)",
  "TeamMember.userId": "a user's id (the fixture's people, given by the setup)",
  "TeamMember.email": "a user's email (the fixture's people, given by the setup)",
  "Translation.source": "holds the id of a space of the fixture (given by the setup)",
  "SiteStructure.root": "ids of the site's sections, made by the setup",
  "SiteStructure.groups": "ids of the site's section groups and their items (no setup makes groups: not set)",
  "SiteStructure.sections": "ids of the site's sections and site spaces (no setup makes them: not set)",
  "OrganizationSettings.defaultContent": "holds the id of a site (no setup makes one: not set)",
};

/**
 * Why `Kind.field` is not generated (its value, if any, comes from the kind's setup), or undefined
 * when it is generated from its declaration.
 */
export function notGenerated(definition: Definition, field: string): string | undefined {
  const refersTo = factsOf(definition.schema.shape[field]).refersTo;
  return LEFT_OUT[field] ?? IDS_OF_OTHERS[`${definition.kind}.${field}`] ?? (refersTo ? `the id of a ${refersTo} (given by the setup where the kind needs one)` : undefined);
}

// ---- values from the declaration ----------------------------------------------------------------

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
/** Letters and spaces, starting and ending with a letter (no value the API could trim). */
const words = (min: number, max: number): fc.Arbitrary<string> => {
  const low = Math.max(min, 1);
  const high = Math.max(low, Math.min(max, 24));
  return fc
    .array(fc.constantFrom(...LETTERS, ...LETTERS, " "), { minLength: low, maxLength: high })
    .map((chars) => chars.join(""))
    .filter((value) => /^[A-Za-z](.*[A-Za-z])?$/.test(value));
};
const lowerWord = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz".split("")), { minLength: min, maxLength: max }).map((chars) => chars.join(""));

/** A document of the platform (the document fields' nodes are a refinement no generator reads). */
export const documentOf = (text: string) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }],
});

/**
 * Strings whose rule is a refinement (`text()`, `httpUrl()`, `identifier()`, ...): zod keeps no
 * readable limits for those, so each shape below is tried in turn, and the first whose values the
 * field's own schema accepts is the field's. Letters and spaces first.
 */
const STRING_SHAPES: readonly fc.Arbitrary<string>[] = [
  words(1, 12),
  lowerWord(3, 10).map((word) => `https://example.com/${word}`),
  lowerWord(3, 10).map((word) => `${word}.example.com`),
  lowerWord(3, 10).map((word) => `${word}@example.com`),
  fc.constantFrom("fr", "de", "es", "ja", "it", "pt"),
];

/** Values for what no declaration can say, by `Kind.field` or by a field's own name anywhere. */
const OVERRIDES: Record<string, fc.Arbitrary<unknown>> = {
  instructions: words(1, 30).map(documentOf),
  // `false`: `true` or a timeout waits for the processing (a minute in the contract's emulator).
  "OpenApiSpec.waitForProcessing": fc.constant(false),
};

/** Whether a field may be left out (optional, or with a default) and whether it takes `null`, through its wrappers. */
function optionality(schema: Zod): { optional: boolean; nullable: boolean } {
  let optional = false;
  let nullable = false;
  let def = schema._zod.def;
  for (;;) {
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    else if (def.type === "nullable") nullable = true;
    else if (def.type !== "readonly") break;
    def = (def.innerType as Zod)._zod.def;
  }
  return { optional, nullable };
}

function checksOf(def: Bag): Bag[] {
  return ((def.checks ?? []) as { _zod: { def: Bag } }[]).map((check) => check._zod.def);
}

/**
 * The arbitraries made, by schema and name: a field's arbitrary is read once per run, not once per
 * value drawn (a string's shape is found by drawing samples, which a customization does hundreds of times).
 */
const arbitraries = new WeakMap<Zod, Map<string, fc.Arbitrary<unknown>>>();

/** A fast-check arbitrary of valid values of `schema`, read from its zod definition; `name` is `Kind.field` (and its path). */
export function arbitraryOf(schema: Zod, name: string): fc.Arbitrary<unknown> {
  const made = arbitraries.get(schema) ?? new Map<string, fc.Arbitrary<unknown>>();
  arbitraries.set(schema, made);
  let arbitrary = made.get(name);
  if (!arbitrary) made.set(name, (arbitrary = readArbitrary(schema, name)));
  return arbitrary;
}

function readArbitrary(schema: Zod, name: string): fc.Arbitrary<unknown> {
  const override = OVERRIDES[name.split(".").pop()!] ?? OVERRIDES[name];
  if (override) return override;
  const def = schema._zod.def;
  const checks = checksOf(def);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "prefault":
      // The value itself: absent, null or the default prove nothing of the field.
      return arbitraryOf(def.innerType, name);
    case "pipe":
      return arbitraryOf(def.in, name);
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "number": {
      const integer = checks.some((check) => check.check === "number_format" && /int/.test(check.format));
      let min = -1000;
      let max = 1000;
      for (const check of checks) {
        if (check.check === "greater_than") min = check.inclusive ? check.value : check.value + (integer ? 1 : 1e-6);
        if (check.check === "less_than") max = check.inclusive ? check.value : check.value - (integer ? 1 : 1e-6);
      }
      return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case "string": {
      const pattern = checks.find((check) => check.check === "string_format" && check.format === "regex")?.pattern as RegExp | undefined;
      let min = 1;
      let max = 24;
      for (const check of checks) {
        if (check.check === "min_length") min = Math.max(min, check.minimum);
        if (check.check === "max_length") max = Math.min(max, check.maximum);
        if (check.check === "length_equals") min = max = check.length;
      }
      const valid = (value: string) => schema.safeParse(value).success;
      if (pattern) return fc.stringMatching(pattern).filter((value) => value.length >= min && value.length <= max && valid(value));
      const shapes = [words(min, max), ...STRING_SHAPES.slice(1)];
      const shape = shapes.find((candidate) => fc.sample(candidate, { numRuns: 20, seed: 1 }).some(valid));
      if (!shape) throw new Error(`${name}: no string shape this file knows is valid; give it an entry in OVERRIDES`);
      return shape.filter(valid);
    }
    case "array": {
      let minLength = 1;
      let maxLength = 3;
      for (const check of checks) {
        if (check.check === "min_length") minLength = Math.max(minLength, check.minimum);
        if (check.check === "max_length") maxLength = Math.min(maxLength, check.maximum);
      }
      return fc.array(arbitraryOf(def.element, `${name}[]`), { minLength, maxLength });
    }
    case "object": {
      // Every declared key, nested ones included: a nested field the kind drops is found too. An
      // optional key is sometimes absent and a nullable one sometimes null (a nested `null`
      // removes a value, an absent one leaves it to the API): both must round-trip too.
      const shape = def.shape as Record<string, Zod>;
      const members = Object.entries(shape).map(([key, field]) => {
        const { optional, nullable } = optionality(field);
        const value = arbitraryOf(field, `${name}.${key}`);
        return { key, optional, arbitrary: nullable ? fc.oneof({ arbitrary: value, weight: 3 }, { arbitrary: fc.constant(null), weight: 1 }) : value };
      });
      const required = members.filter((member) => !member.optional).map((member) => member.key);
      return fc.record(Object.fromEntries(members.map((member) => [member.key, member.arbitrary])), { requiredKeys: required });
    }
    case "union":
      return fc.oneof(...(def.options as Zod[]).map((option) => arbitraryOf(option, name)));
    case "record":
      return fc.dictionary(lowerWord(3, 8), arbitraryOf(def.valueType, `${name}{}`), { minKeys: 1, maxKeys: 2 });
    default:
      throw new Error(`${name}: no generator for a zod ${def.type}; give it an entry in OVERRIDES`);
  }
}

/** A fixed seed named by text (`Kind.field door`): the same text draws the same values in every run. */
export function seedOf(text: string): number {
  return [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 7);
}

/**
 * Candidates drawn per value, at most: a value the kind's schema refuses is skipped, another is
 * tried. Drawn a few first (most fields take the first), then the rest, with the same seed.
 */
const CANDIDATES = 200;
const FIRST_CANDIDATES = 8;

/**
 * `count` distinct values of `Kind.field` the kind's schema accepts beside `base` (the other
 * inputs), none equal to one of `unlike` once normalized, drawn with `seed`.
 */
export function generated(definition: Definition, field: string, base: Bag, count: number, seed: number, unlike: readonly unknown[] = []): unknown[] {
  const name = `${definition.kind}.${field}`;
  const arbitrary = arbitraryOf(definition.schema.shape[field], name);
  const found: unknown[] = [];
  const fieldSchema = definition.schema.shape[field];
  const normalizedOf = (value: unknown): string | undefined => {
    const parsed = definition.schema.safeParse({ ...base, [field]: value });
    if (parsed.success) return JSON.stringify((parsed.data as Bag)[field]);
    // While `base` still lacks inputs generated later (or given by a setup), the kind's schema
    // refuses them: the value is valid if no failure is the field's, and its own schema takes it.
    const failures = parsed.error?.issues ?? [];
    if (failures.some((failure) => failure.path.length === 0 || failure.path[0] === field)) return undefined;
    const alone = fieldSchema.safeParse(value);
    return alone.success ? JSON.stringify(alone.data) : undefined;
  };
  const seen = new Set(unlike.map((value) => JSON.stringify(value)));
  for (const each of unlike) {
    const normalized = normalizedOf(each);
    if (normalized !== undefined) seen.add(normalized);
  }
  // The same seed draws the same first values: the second batch's first ones are the first batch's.
  for (const [from, numRuns] of [
    [0, FIRST_CANDIDATES],
    [FIRST_CANDIDATES, CANDIDATES],
  ]) {
    for (const candidate of fc.sample(arbitrary, { numRuns, seed }).slice(from)) {
      const normalized = normalizedOf(candidate);
      if (normalized === undefined || seen.has(normalized)) continue;
      seen.add(normalized);
      found.push(candidate);
      if (found.length === count) return found;
    }
  }
  throw new Error(`${name}: ${found.length} of ${count} valid values among ${CANDIDATES} generated; the kind's schema refuses the others beside ${JSON.stringify(base)}`);
}

/** The other inputs of `field`'s exclusive group (a member by `userId` or by `email`), if any. */
function exclusiveWith(definition: Definition, field: string): readonly string[] {
  return (definition.exclusiveInputKeys?.find((group) => group.includes(field)) ?? []).filter((other) => other !== field);
}

/** What the kind's setup gives beside the generated values (examples.ts `Given`). */
export interface Given {
  /** Inputs the declaration cannot give: the fixture's organization, ids of objects made first, people. */
  inputs: Bag;
  /** Second values of such inputs that are in place (applied by update like the generated ones). */
  updates?: Bag;
  /** New values of such replace-on-change inputs, where a generated one would not do. */
  replacements?: Bag;
}

/** A kind's inputs and changes: generated from its declaration, beside the setup's. */
export interface GeneratedSample {
  /** The create inputs, before check (check normalizes them, as the engine runs it first). */
  inputs: Bag;
  /** A second valid value of every in-place input the inputs hold, applied one update each, in order. */
  updates: Bag;
  /** A new value for each of the kind's `replaceKeys` (for diff and plan only: never made). */
  replacements: Bag;
}

/**
 * Valid create inputs of `definition`: the setup's `given` inputs, then, in the schema's order, a
 * value generated for each other input (`every`) or each required one (`required`); of an
 * exclusive group only the first input set (given, or first in order) is.
 */
export function generatedInputs(definition: Definition, given: Bag, which: "every" | "required", seed: number): Bag {
  const inputs: Bag = { ...given };
  for (const [field, schema] of Object.entries(definition.schema.shape)) {
    if (Object.hasOwn(inputs, field) || notGenerated(definition, field)) continue;
    if (which === "required" && optionality(schema).optional) continue;
    if (exclusiveWith(definition, field).some((other) => Object.hasOwn(inputs, other))) continue;
    [inputs[field]] = generated(definition, field, inputs, 1, seedOf(`${definition.kind}.${field} ${seed}`));
  }
  return inputs;
}

/**
 * Every declared input generated (`every`; or only the required ones) beside the setup's, a second
 * value of each in-place one the inputs hold, and a new value of each replace-on-change one;
 * `label` (the door) names the seed.
 */
export function generatedSample(definition: Definition, given: Given, label: string, which: "every" | "required" = "every"): GeneratedSample {
  const seed = seedOf(`${definition.kind} ${label}`);
  const inputs = generatedInputs(definition, given.inputs, which, seed);
  const uncompared = new Set(["adopt", ...(definition.uncomparedInputKeys ?? [])]);
  const updates: Bag = {};
  for (const field of Object.keys(inputs)) {
    if (definition.replaceKeys.includes(field) || uncompared.has(field)) continue;
    if (given.updates && Object.hasOwn(given.updates, field)) updates[field] = given.updates[field];
    else if (!notGenerated(definition, field)) [updates[field]] = generated(definition, field, inputs, 1, seedOf(`${definition.kind}.${field} update ${seed}`), [inputs[field]]);
  }
  for (const [field, value] of Object.entries(given.updates ?? {})) if (!Object.hasOwn(updates, field)) updates[field] = value;
  const replacements: Bag = {};
  for (const field of definition.replaceKeys) {
    if (given.replacements && Object.hasOwn(given.replacements, field)) {
      replacements[field] = given.replacements[field];
      continue;
    }
    // Beside the other inputs but those of the field's exclusive group, which it replaces.
    const others = Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== field && !exclusiveWith(definition, field).includes(key)));
    [replacements[field]] = generated(definition, field, others, 1, seedOf(`${definition.kind}.${field} replacement ${seed}`), [inputs[field]]);
  }
  return { inputs, updates, replacements };
}

// ---- comparing what came back -------------------------------------------------------------------

/**
 * Kinds whose import and export give back only the leaves that differ from the object as it is
 * without a program (ResourceDefinition.declarationOf): a generated leaf equal to the API's default
 * is left out.
 */
export const DIFFERING_LEAVES_ONLY = new Set(["SiteCustomization", "SiteSpaceCustomization"]);

const isObject = (value: unknown): value is Bag => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `over` laid over `base` (objects merged key by key, anything else replaced): what a kind that
 * manages only the declared leaves holds after an update from `base` to `over`, where a leaf the
 * program stops declaring keeps its value (SiteCustomization: "declare only the fields you manage").
 */
export function overlaid(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const result: Bag = { ...base };
  for (const [key, value] of Object.entries(over)) result[key] = overlaid(base[key], value);
  return result;
}

/** JSON with every object's keys sorted: two values equal but for their keys' order give the same text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => (isObject(member) ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b))) : member));
}

/** Whether every leaf of `part` is in `whole`, equal (objects walked, anything else compared whole). */
export function leavesWithin(part: unknown, whole: unknown): boolean {
  if (part === undefined) return true;
  if (!isObject(part) || !isObject(whole)) return canonical(part) === canonical(whole);
  return Object.entries(part).every(([key, value]) => leavesWithin(value, whole[key]));
}
