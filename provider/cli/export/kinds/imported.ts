/**
 * An exported object's inputs through the plugin's import path: the kind's own `read`, as
 * `pulumi import docs-platform:index:<Kind> <name> <import id>` runs it (adapter/resource.ts
 * importObject), turned into the program's values. An input whose field refers to another kind
 * (the declared `refersTo` fact, adapter/fields.ts) is written as a reference to that exported
 * object. A kind's exporter then says only what is its own decision: the order its inputs are
 * written in, which are secrets, which value a new object gets anyway (`unless`: not written), which null is
 * a value to declare, and how a value is spelled in a program (`as`: a document in reading order,
 * people as the stack config's members). A value the import leaves unset (absent, null, or an
 * empty string) is not written either.
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
}

/**
 * One input: written as read (unless it is `unless`, what a new object gets; a reference when its
 * field refers to another kind), as a secret of its owner, as null when the read says null
 * (`keepNull`: a null that declares something, such as "guests"), as the member the state names by
 * user id (`member`: the stack config's `members` by email, or `memberIds` for one without an
 * email), or spelled by `as` (undefined: not written).
 */
export type ImportedInput =
  | string
  | { key: string; unless: Json }
  | { key: string; secret: true }
  | { key: string; keepNull: true }
  | { key: "userId"; member: true }
  | { key: string; as: (value: Json) => Value | undefined };

/** A member named by user id (`userId`, with the `email` the read gives beside it) as the stack config's person. */
function memberInput(state: ImportedObject["state"]): readonly [string, Value] | undefined {
  const userId = state.userId;
  if (typeof userId !== "string" || userId === "") return undefined;
  const email = typeof state.email === "string" && state.email !== "" ? state.email : undefined;
  // A member without an email (the API does not promise one) is named by user id, through the stack config's `memberIds`.
  return email ? ["email", { type: "member", userId, email, as: "email" }] : ["userId", { type: "member", userId, email: undefined, as: "id" }];
}

export function importedInputs(owner: ObjectKey, imported: ImportedObject, spec: readonly ImportedInput[]): Inputs {
  return spec.map((entry) => {
    const key = typeof entry === "string" ? entry : entry.key;
    if (typeof entry === "object" && "member" in entry) return memberInput(imported.state) ?? [key, undefined];
    if (typeof entry === "object" && "keepNull" in entry && imported.state[key] === null) return [key, literal(null)];
    const value = imported.inputs[key];
    if (value === undefined || value === null || value === "") return [key, undefined];
    const refersTo = imported.refersTo[key];
    if (refersTo !== undefined && (typeof entry === "string" || "keepNull" in entry)) return [key, ref(refersTo, String(value))];
    if (typeof entry === "string" || "keepNull" in entry) return [key, literal(value as Json)];
    if ("secret" in entry) return [key, { type: "secret", owner, field: key, value: String(value) }];
    if ("as" in entry) return [key, entry.as(value as Json)];
    return [key, JSON.stringify(value) === JSON.stringify(entry.unless) ? undefined : literal(value as Json)];
  });
}
