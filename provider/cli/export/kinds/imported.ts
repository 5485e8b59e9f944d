/**
 * An exported object's inputs through the plugin's import path: the kind's own `read`, as
 * `pulumi import docs-platform:index:<Kind> <name> <import id>` runs it (adapter/resource.ts
 * importObject), turned into the program's values. A kind's exporter then says only what is its
 * own decision: the order its inputs are written in, which of them name another exported object,
 * which are secrets, and which value a new object gets anyway (`unless`: not written). A value the
 * state leaves unset (absent, null, or an empty string) is not written either.
 */
import type { Json } from "../values";
import { type Inputs, type ObjectKey, literal, ref } from "../values";

/**
 * One input: written as read (unless it is `unless`, what a new object gets), as a reference to
 * an object of `ref`'s kind, or as a secret of its owner.
 */
export type ImportedInput = string | { key: string; unless: Json } | { key: string; ref: string } | { key: string; secret: true };

export function importedInputs(owner: ObjectKey, state: Readonly<Record<string, unknown>>, spec: readonly ImportedInput[]): Inputs {
  return spec.map((entry) => {
    const key = typeof entry === "string" ? entry : entry.key;
    const value = state[key];
    if (value === undefined || value === null || value === "") return [key, undefined];
    if (typeof entry === "string") return [key, literal(value as Json)];
    if ("ref" in entry) return [key, ref(entry.ref, String(value))];
    if ("secret" in entry) return [key, { type: "secret", owner, field: key, value: String(value) }];
    return [key, JSON.stringify(value) === JSON.stringify(entry.unless) ? undefined : literal(value as Json)];
  });
}
