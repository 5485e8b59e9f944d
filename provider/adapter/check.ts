import { z } from "zod";
import { containsUnknown, unknownPaths } from "./unknowns";
import { type Said, said, term } from "./door-words";

export interface CheckFailure {
  property: string;
  reason: string;
  /**
   * The reason as data (door-words.ts), when it names an input or says what only a door says;
   * `reason` is its Pulumi text. Not enumerable ({@link withSaid}): the doors that send failures
   * as they are, and the tests that compare them, see `property` and `reason` only.
   */
  readonly said?: Said;
}

/** `failure` carrying its reason as data, as a property a copy or a comparison of plain objects does not see. */
export function withSaid<T extends CheckFailure>(failure: T, reason: Said | undefined): T {
  if (reason !== undefined) Object.defineProperty(failure, "said", { value: reason, enumerable: false });
  return failure;
}

/** A failure of the input at `property` (a core path, "" for none): the reason names it first. */
export function inputFailure(property: string, message: string | Said): CheckFailure {
  const reason = property ? said`${term.field(property)}: ${message}` : typeof message === "string" ? said`${message}` : message;
  return withSaid({ property, reason: String(reason) }, reason);
}

export type CheckOutcome<T> = { ok: true; inputs: T } | { ok: false; failures: CheckFailure[] };

/**
 * The deepest nesting an input may have (`mergeRules.rules.0.users.0` is 5 levels). Far above any
 * resource's inputs, far below what would exhaust a call stack anywhere after check.
 */
export const MAX_INPUT_DEPTH = 32;

/** Characters as the API counts them: code points, so an emoji is one character, not two UTF-16 units. */
export function characters(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * A string whose length the API limits. The API counts code points (an emoji is one character),
 * zod's own `.min`/`.max` count UTF-16 units, which would reject 30 emoji as a 30-character label.
 * Give only the limits the API gives: where it states only a maximum, "" is valid.
 */
export function text(limits: { min?: number; max?: number } = {}): z.ZodString {
  let schema = z.string();
  const { min, max } = limits;
  // `abort`: a string of the wrong length gets that one failure, not also its pattern's.
  if (min !== undefined) {
    const message = min === 1 ? "must not be empty" : `must be at least ${min} characters`;
    schema = schema.refine((value) => characters(value) >= min, { message, abort: true });
  }
  if (max !== undefined) schema = schema.refine((value) => characters(value) <= max, { message: `must be at most ${max} characters`, abort: true });
  // The limits as data too, JSON Schema's own words (which count characters, as these checks do):
  // every door's description states them from here (adapter/json-schema.ts limitsOf).
  return schema.meta({ ...(min !== undefined ? { minLength: min } : {}), ...(max !== undefined ? { maxLength: max } : {}) });
}

/**
 * The id of an object of the API, often a segment of a request path: not empty, not `.` or `..`,
 * which the client refuses because they would address another path, and without `/`, `?` or `#`,
 * which no id of the API holds.
 */
export function identifier(): z.ZodString {
  return z
    .string()
    .min(1, "must not be empty")
    .refine((value) => value !== "." && value !== "..", 'must not be "." or "..": ids are segments of the API\'s request paths')
    .refine((value) => !/[/?#]/.test(value), 'must not contain "/", "?" or "#": no id of this API holds them (ids are segments of its request paths)');
}

/**
 * The id of a resource as Pulumi holds it (what `adopt: { id }` takes): one API id, or several
 * joined by `/` (a team membership's `<teamId>/<userId>`). Not empty, not `.` or `..`, and without
 * `?` or `#`, which no id of the API holds.
 */
export function resourceId(): z.ZodString {
  return z
    .string()
    .min(1, "must not be empty")
    .refine((value) => value !== "." && value !== "..", 'must not be "." or "..": ids are segments of the API\'s request paths')
    .refine((value) => !/[?#]/.test(value), 'must not contain "?" or "#": no id of this API holds them');
}

/** Whitespace (any, newlines included) and control characters (`\p{Cc}`: U+0000-U+001F and U+007F-U+009F, NUL, DEL, ...): never part of a URI. */
const NOT_IN_URI = /[\s\p{Cc}]/u;

/**
 * An absolute http(s) URL as the API's `uri` fields take it, counted in characters like every limit
 * of the API. The WHATWG parser behind `new URL` (and zod's `z.url()`) silently drops surrounding
 * spaces, tabs and newlines and accepts any scheme, so the server could store a different string
 * than the one declared, and the next refresh would show a diff that never goes away.
 */
export function httpUrl(limits: { max: number }): z.ZodString {
  return z
    .string()
    .refine((value) => !NOT_IN_URI.test(value), {
      message: "must not contain whitespace, newlines or control characters such as NUL (percent-encode them, e.g. %20)",
      abort: true,
    })
    .refine((value) => characters(value) <= limits.max, `must be at most ${limits.max} characters`)
    .refine(isHttpUrl, "must be an absolute http(s) URL, e.g. https://example.com/path")
    .meta({ maxLength: limits.max });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A lone (unpaired) UTF-16 surrogate: the string is not well-formed Unicode and has no UTF-8 form. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Lone surrogates written out as `\uD800`, so a message about them is itself well-formed. */
function shown(text: string): string {
  return text.replace(new RegExp(LONE_SURROGATE.source, "g"), (unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

function propertyOf(path: readonly PropertyKey[]): string {
  return shown(path.map(String).join("."));
}

function startsWith(path: readonly PropertyKey[], prefix: readonly PropertyKey[]): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => String(path[index]) === String(key));
}

interface Shape {
  /** Paths of strings (keys or values) holding a lone surrogate. */
  malformed: (string | number)[][];
  /** Top-level keys whose value is nested deeper than {@link MAX_INPUT_DEPTH}. */
  tooDeep: string[];
}

/**
 * What zod does not see: lone surrogates anywhere (in keys too) and the nesting depth. Iterative,
 * so it is safe on any input.
 */
function inspect(inputs: Record<string, unknown>): Shape {
  const shape: Shape = { malformed: [], tooDeep: [] };
  const seen = new WeakSet<object>();
  const stack: { value: unknown; path: (string | number)[] }[] = Object.entries(inputs).map(([key, value]) => ({ value, path: [key] }));
  for (const key of Object.keys(inputs)) if (LONE_SURROGATE.test(key)) shape.malformed.push([key]);
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_INPUT_DEPTH) {
      const top = String(path[0]);
      if (!shape.tooDeep.includes(top)) shape.tooDeep.push(top);
      continue;
    }
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) shape.malformed.push(path);
      continue;
    }
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    const members: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, member] of members) {
      if (typeof key === "string" && LONE_SURROGATE.test(key)) shape.malformed.push([...path, key]);
      stack.push({ value: member, path: [...path, key] });
    }
  }
  return shape;
}

/** The reason of an unknown input, after its path. */
export const UNKNOWN_PROPERTY = "unknown property; check the spelling against the resource's documented inputs";

/** A required input left out: zod says it expected a value and received undefined. */
function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && / received undefined$/.test(issue.message);
}

function describeExpected(expected: string): string {
  if (expected === "array") return "a list";
  if (expected === "object") return "an object";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function failuresOf(issues: readonly z.core.$ZodIssue[], skip: (path: readonly PropertyKey[]) => boolean): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    if (skip(issue.path)) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        // The whole path: a typo inside an object must say where it is, not only its name.
        const property = propertyOf([...issue.path, key]);
        failures.push(inputFailure(property, UNKNOWN_PROPERTY));
      }
      continue;
    }
    const property = propertyOf(issue.path);
    const message = isMissing(issue) ? `is required${issue.code === "invalid_type" && issue.expected ? ` (${describeExpected(issue.expected)})` : ""}` : issue.message;
    failures.push(inputFailure(property, message));
  }
  return failures;
}

/**
 * Validates inputs against a strict zod schema and maps every issue to a failure naming the
 * property path (`proxy`, `members.2`, `sso.enabled`) and the rule. Values that are still unknown
 * during a preview pass: they are checked again when known, and every known input is still
 * checked and normalized (defaults included), so a preview diffs what `up` will send.
 *
 * Never throws: whatever the inputs, the answer is an outcome.
 */
export function validate<T>(schema: z.ZodType<T>, inputs: Record<string, unknown>): CheckOutcome<T> {
  try {
    return validateInputs(schema, inputs);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, failures: [{ property: "", reason: `the inputs could not be validated: ${shown(reason)}` }] };
  }
}

function validateInputs<T>(schema: z.ZodType<T>, inputs: Record<string, unknown>): CheckOutcome<T> {
  const { malformed, tooDeep } = inspect(inputs);
  const unknown = unknownPaths(inputs);
  const underUnknown = (path: readonly PropertyKey[]) => unknown.some((prefix) => startsWith(path, prefix));
  const result = schema.safeParse(inputs);
  const failures = result.success ? [] : failuresOf(result.error.issues, underUnknown);
  for (const key of tooDeep) {
    if (failures.some((failure) => failure.property === key || failure.property.startsWith(`${key}.`))) continue;
    failures.push(inputFailure(shown(key), `nested more than ${MAX_INPUT_DEPTH} levels deep`));
  }
  for (const path of malformed) {
    const property = propertyOf(path);
    failures.push(inputFailure(property, "must be well-formed Unicode text, but holds a lone UTF-16 surrogate"));
  }
  if (failures.length > 0) return { ok: false, failures };
  if (result.success) return { ok: true, inputs: result.data };
  return { ok: true, inputs: withUnknowns(schema, inputs) };
}

/**
 * The inputs parsed with every top-level input that holds an unknown taken as it is: the known
 * ones get their defaults and normalizations, exactly as at `up`. Otherwise a preview would diff
 * the raw inputs (a `type` default missing shows as a change, and a replace that never happens).
 */
function withUnknowns<T>(schema: z.ZodType<T>, inputs: Record<string, unknown>): T {
  const shape = schema instanceof z.ZodObject ? schema.shape : undefined;
  if (shape === undefined) return inputs as T;
  const asIs: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(inputs)) if (key in shape && containsUnknown(value)) asIs[key] = z.unknown();
  const lenient = z.strictObject({ ...shape, ...asIs }).safeParse(inputs);
  if (lenient.success) return lenient.data as T;
  // Only unknowns fail the strict parse (anything else was reported above), so this is not
  // reached; if it were, the raw inputs are still the best preview.
  return inputs as T;
}
