/**
 * An exported object's inputs through the plugin's import path: the kind's own `read`, as
 * `pulumi import docs-platform:index:<Kind> <name> <import id>` runs it (adapter/resource.ts
 * importObject), turned into the program's values. Every input the kind declares is written, in
 * the declaration's order, as the import reads it; an input whose field refers to another kind
 * (the declared `refersTo` fact, adapter/fields.ts) as a reference to that exported object. A
 * kind's exporter lists only its overrides, each its own decision: which inputs are secrets,
 * which value a new object gets anyway (`unless`: not written), which null is a value to declare,
 * how a value is spelled in a program (`as`: a document in reading order, people as the stack
 * config's members), and which inputs are never written (`never`, saying why). A value the import
 * leaves unset (absent, null, or an empty string) is not written either.
 */
import type { Json, Value } from "../values";
import { type Inputs, type ObjectKey, literal, ref } from "../values";

/** One object as `pulumi import` reads it. */
export interface ImportedObject {
  /** The inputs `pulumi import` gives it (adapter/resource.ts importObject). */
  inputs: Readonly<Record<string, unknown>>;
  /** Its kind's read, the inputs import leaves out included (a null it reads for an unset value, both namings of a member). */
  state: Readonly<Record<string, unknown>>;
  /** The kind each input naming another object refers to: its declaration's `refersTo` facts. */
  refersTo: Readonly<Record<string, string>>;
  /** Every input its kind declares, in the declaration's order (its input schema's keys). */
  declared: readonly string[];
}

/**
 * How one input is written when not as read: as a secret of its owner, left out when it is
 * `unless` (what a new object gets), as null when the read says null (`keepNull`: a null that
 * declares something, such as "guests"), as the member the state names by user id (`member`: the
 * stack config's `members` by email, or `memberIds` for one without an email), spelled by `as`
 * (undefined: not written), or `never` written (the reason says why).
 */
export type InputOverride = { unless: Json } | { secret: true } | { keepNull: true } | { member: true } | { as: (value: Json) => Value | undefined } | { never: string };

/** A kind's overrides, by input. */
export type InputOverrides = Readonly<Record<string, InputOverride>>;

/** Written by the export itself, never by a kind: the stack's organization, and `adopt: { id }` for the kinds that take it. */
const WRITTEN_BY_EXPORT = new Set(["organizationId", "adopt"]);

/** A member named by user id (`userId`, with the `email` the read gives beside it) as the stack config's person. */
function memberInput(state: ImportedObject["state"]): readonly [string, Value] | undefined {
  const userId = state.userId;
  if (typeof userId !== "string" || userId === "") return undefined;
  const email = typeof state.email === "string" && state.email !== "" ? state.email : undefined;
  // A member without an email (the API does not promise one) is named by user id, through the stack config's `memberIds`.
  return email ? ["email", { type: "member", userId, email, as: "email" }] : ["userId", { type: "member", userId, email: undefined, as: "id" }];
}

/** Every declared input of `imported` that has a value to write, in the declaration's order, as read unless `overrides` says otherwise. */
export function importedInputs(owner: ObjectKey, imported: ImportedObject, overrides: InputOverrides = {}): Inputs {
  const undeclared = Object.keys(overrides).filter((key) => !imported.declared.includes(key));
  if (undeclared.length > 0) throw new Error(`export: the ${owner.kind} exporter overrides ${undeclared.join(", ")}, which ${owner.kind} does not declare`);
  return imported.declared
    .filter((key) => !WRITTEN_BY_EXPORT.has(key))
    .flatMap((key): Inputs => {
      const entry = overrides[key];
      if (entry !== undefined && "never" in entry) return [];
      if (entry !== undefined && "member" in entry) return [memberInput(imported.state) ?? [key, undefined]];
      if (entry !== undefined && "keepNull" in entry && imported.state[key] === null) return [[key, literal(null)]];
      const value = imported.inputs[key];
      if (value === undefined || value === null || value === "") return [[key, undefined]];
      const refersTo = imported.refersTo[key];
      if (entry === undefined || "keepNull" in entry) return [[key, refersTo !== undefined ? ref(refersTo, textOf(value)) : literal(value as Json)]];
      if ("secret" in entry) return [[key, { type: "secret", owner, field: key, value: textOf(value) }]];
      if ("as" in entry) return [[key, entry.as(value as Json)]];
      return [[key, JSON.stringify(value) === JSON.stringify(entry.unless) ? undefined : literal(value as Json)]];
    })
    .filter(([, value]) => value !== undefined);
}

/** An id or a secret as the program writes it: a string as it is, any other value as JSON. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
