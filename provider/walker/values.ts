/**
 * What an exported object declares, before it is written as TypeScript: the inputs of one resource
 * as a tree of values. Besides plain JSON, a value can be a reference to another exported object
 * (written as `site.id`), a member of the organization or one of its identifying settings (written
 * as a stack config read), or a secret (written as `config.requireSecret(...)`). The kind modules
 * (kinds/) build these; render.ts decides how each is spelled.
 */

import type { Document } from "../api/document";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** An exported object, as references name it: its kind and its id in the API. */
export interface ObjectKey {
  kind: string;
  id: string;
}

export type Value =
  | { type: "literal"; value: string | number | boolean | null }
  | { type: "array"; items: Value[] }
  | { type: "object"; entries: (readonly [string, Value])[] }
  /**
   * An output of another exported object (`property` of the resource, usually `id`). When that
   * object is not part of the export (its kind was skipped or left out with --only), the value
   * `fallback` goes to the stack config instead of a literal in the program.
   */
  | { type: "ref"; target: ObjectKey; property: string; fallback: string }
  /** A member of the organization, named by a key of the stack config's `members` (emails) or `memberIds` (user ids). */
  | { type: "member"; userId: string; email: string | undefined; as: "email" | "id" }
  /** A value that identifies the organization itself (title, email domains, hostname): stack config `organization`. */
  | { type: "organization"; field: string; value: Json }
  /** A secret of `owner` (e.g. a SAML certificate): `config.requireSecret("<owner><Field>")`, set with `pulumi config set --secret`. */
  | { type: "secret"; owner: ObjectKey; field: string; value: string }
  /** An id of something no resource kind declares (a page, a file): stack config, never a literal. */
  | { type: "external"; what: string; id: string };

/** A JSON value as a literal tree. */
export function literal(value: Json): Value {
  if (Array.isArray(value)) return { type: "array", items: value.map(literal) };
  if (value !== null && typeof value === "object") return { type: "object", entries: Object.entries(value).map(([key, member]) => [key, literal(member)] as const) };
  return { type: "literal", value };
}

/** Keys a rich-text node is read by: what it is first, its children last. */
const NODE_KEYS_FIRST = ["object", "type"];
const NODE_KEYS_LAST = ["nodes", "leaves"];

/**
 * A rich-text document as a literal tree, each node's keys in reading order (`object`
 * and `type` first, the node's children last, the others as the API gave them). The API may keep
 * them in any order (one written through Pulumi comes back sorted), and a person reads
 * `{ object: "block", type: "paragraph", nodes: [...] }` at a glance.
 */
export function documentLiteral(document: Json | Document): Value {
  // A Document as the API gives it is a JSON tree.
  const value = document as Json;
  if (Array.isArray(value)) return { type: "array", items: value.map(documentLiteral) };
  if (value === null || typeof value !== "object") return literal(value);
  const rank = (key: string) =>
    NODE_KEYS_FIRST.includes(key) ? NODE_KEYS_FIRST.indexOf(key) - NODE_KEYS_FIRST.length : NODE_KEYS_LAST.includes(key) ? 1 + NODE_KEYS_LAST.indexOf(key) : 0;
  // Array.prototype.sort is stable: keys of equal rank keep the API's order.
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b));
  return { type: "object", entries: keys.map((key) => [key, documentLiteral(value[key])] as const) };
}

export function ref(kind: string, id: string, property = "id", fallback: string = id): Value {
  return { type: "ref", target: { kind, id }, property, fallback };
}

export function object(entries: (readonly [string, Value | undefined])[]): Value {
  return { type: "object", entries: entries.filter((entry): entry is readonly [string, Value] => entry[1] !== undefined) };
}

/**
 * The inputs of a resource: `[key, value]` pairs in the order they are written. Undefined values
 * are inputs left out (unset, or equal to what the API gives a new object).
 */
export type Inputs = (readonly [string, Value | undefined])[];

export function keyOf(key: ObjectKey): string {
  return `${key.kind}\u0000${key.id}`;
}

/** Every value inside `value`, itself included (for finding references). */
export function* walk(value: Value): Generator<Value> {
  yield value;
  if (value.type === "array") for (const item of value.items) yield* walk(item);
  if (value.type === "object") for (const [, member] of value.entries) yield* walk(member);
}

/** A value as the provider sees it once the program runs: every reference resolved to what it names now. */
export function resolvedValue(value: Value): Json {
  switch (value.type) {
    case "literal":
      return value.value;
    case "array":
      return value.items.map(resolvedValue);
    case "object":
      return Object.fromEntries(value.entries.map(([key, member]) => [key, resolvedValue(member)]));
    case "ref":
      return value.fallback;
    case "member":
      return value.as === "email" ? (value.email ?? value.userId) : value.userId;
    case "organization":
    case "secret":
      return value.value;
    case "external":
      return value.id;
  }
}
