import { badRequest } from "./errors.ts";

interface Common {
  required?: boolean;
  nullable?: boolean;
}

export type Rule =
  | (Common & {
      type: "string";
      min?: number;
      max?: number;
      pattern?: RegExp;
      enum?: readonly string[];
      uri?: boolean;
    })
  | (Common & { type: "boolean" })
  | (Common & { type: "number"; integer?: boolean; minimum?: number; maximum?: number })
  | (Common & { type: "object"; fields?: Shape; open?: boolean })
  | (Common & { type: "array"; items?: Rule; maxItems?: number })
  | (Common & { type: "any" });

export type Shape = Record<string, Rule>;

export type Body = Record<string, unknown>;

export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type Role = (typeof ROLES)[number];

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
export function length(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

function isObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkValue(value: unknown, rule: Rule, field: string): void {
  if (value === null) {
    if (rule.nullable) return;
    throw badRequest(`${field}: must not be null`);
  }
  switch (rule.type) {
    case "any":
      return;
    case "boolean":
      if (typeof value !== "boolean") throw badRequest(`${field}: must be a boolean`);
      return;
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) throw badRequest(`${field}: must be a number`);
      if (rule.integer && !Number.isInteger(value)) throw badRequest(`${field}: must be an integer`);
      if (rule.minimum !== undefined && value < rule.minimum) throw badRequest(`${field}: must be at least ${rule.minimum}`);
      if (rule.maximum !== undefined && value > rule.maximum) throw badRequest(`${field}: must be at most ${rule.maximum}`);
      return;
    case "string": {
      if (typeof value !== "string") throw badRequest(`${field}: must be a string`);
      // A lone UTF-16 surrogate is no text at all: the service (and the provider) refuse it.
      if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) throw badRequest(`${field}: must be well-formed Unicode text (it holds a lone UTF-16 surrogate)`);
      const n = length(value);
      if (rule.min !== undefined && n < rule.min) throw badRequest(`${field}: must be at least ${rule.min} characters`);
      if (rule.max !== undefined && n > rule.max) throw badRequest(`${field}: must be at most ${rule.max} characters`);
      if (rule.enum && !rule.enum.includes(value)) throw badRequest(`${field}: must be one of ${rule.enum.join(", ")}`);
      if (rule.pattern && !rule.pattern.test(value)) throw badRequest(`${field}: must match the pattern ${rule.pattern.source}`);
      if (rule.uri && !isHttpUrl(value)) throw badRequest(`${field}: must be an absolute http(s) URL`);
      return;
    }
    case "array":
      if (!Array.isArray(value)) throw badRequest(`${field}: must be an array`);
      if (rule.maxItems !== undefined && value.length > rule.maxItems) throw badRequest(`${field}: must have at most ${rule.maxItems} items`);
      if (rule.items) value.forEach((item, i) => checkValue(item, rule.items!, `${field}[${i}]`));
      return;
    case "object":
      if (!isObject(value)) throw badRequest(`${field}: must be an object`);
      if (rule.fields) checkShape(value, rule.fields, `${field}.`, rule.open ?? false);
      return;
  }
}

function checkShape(body: Body, shape: Shape, prefix: string, open: boolean): void {
  if (!open) {
    // Own properties only: `key in shape` is true for "constructor", "toString", "__proto__" and
    // every other member of Object.prototype, which would let them through to be stored.
    for (const key of Object.keys(body)) {
      if (!Object.hasOwn(shape, key)) throw badRequest(`${prefix}${key}: unknown field`);
    }
  }
  for (const [key, rule] of Object.entries(shape)) {
    const value = Object.hasOwn(body, key) ? body[key] : undefined;
    if (value === undefined) {
      if (rule.required) throw badRequest(`${prefix}${key}: is required`);
      continue;
    }
    checkValue(value, rule, `${prefix}${key}`);
  }
}

/** Validates a request body against `shape`; unknown fields are rejected so typos surface early. */
export function validate(body: unknown, shape: Shape): Body {
  if (body === undefined) body = {};
  if (!isObject(body)) throw badRequest("body: must be a JSON object");
  checkShape(body, shape, "", false);
  return body;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A boolean query parameter: absent gives `undefined`, anything but true/false is a 400. */
export function queryBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw badRequest(`${name}: must be true or false`);
}

export function queryEnum<T extends string>(query: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!(values as readonly string[]).includes(raw)) throw badRequest(`${name}: must be one of ${values.join(", ")}`);
  return raw as T;
}

export function queryString(query: URLSearchParams, name: string, max = 512): string | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (length(raw) > max) throw badRequest(`${name}: must be at most ${max} characters`);
  return raw;
}

export const roleRule = (extra: Common = {}): Rule => ({ type: "string", enum: ROLES, ...extra });

/** DESIGN.md 8: the five rule names of production's merge rules, each with `users` (ids). */
export const MERGE_RULE_NAMES = ["require_specific_reviewers", "require_one_of_specific_reviewers", "allow_bypass", "require_at_least_one_review", "custom"] as const;

const mergeRulesOf = (types: readonly string[]): Rule => ({
  type: "object",
  fields: {
    type: { type: "string", enum: types, required: true },
    rules: {
      type: "array",
      items: {
        type: "object",
        fields: {
          rule: { type: "string", enum: MERGE_RULE_NAMES, required: true },
          users: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
});

/** A space's merge rules: its own, none, or its organization's (`inherit`). */
export const mergeRulesRule: Rule = mergeRulesOf(["inherit", "none", "rules"]);

/** DESIGN.md 8: an organization's merge rules are `none` or `rules`; `inherit` is for spaces only (a 400). */
export const orgMergeRulesRule: Rule = mergeRulesOf(["none", "rules"]);

/**
 * A block of a Document (API.md 2.3). Its own `nodes` are recursive and hold the nodes API.md does
 * not describe (text, inline...), so they are taken as open objects; so are unlisted fields.
 */
const blockRule: Rule = {
  type: "object",
  open: true,
  fields: {
    object: { type: "string", enum: ["block"], required: true },
    type: { type: "string", min: 1, required: true },
    key: { type: "string" },
    nodes: { type: "array", items: { type: "object", open: true } },
    isVoid: { type: "boolean" },
    data: { type: "object", open: true },
  },
};

/** The Document schema version production stores when a request leaves it out (DESIGN.md 8). */
export const CURRENT_DOCUMENT_SCHEMA_VERSION = 1;

/**
 * A Document (API.md 2.3): `object`, `data` and an array of blocks. DESIGN.md 8: `data.schemaVersion`
 * is optional in every request that takes a Document; store it through {@link storedDocument}.
 */
export const documentRule: Rule = {
  type: "object",
  fields: {
    object: { type: "string", enum: ["document"], required: true },
    data: { type: "object", required: true, open: true, fields: { schemaVersion: { type: "number" } } },
    nodes: { type: "array", required: true, items: blockRule },
  },
};

/** A validated Document as production stores it: `data.schemaVersion` filled with the current version when left out. */
export function storedDocument(document: unknown): Body {
  const doc = document as Body & { data: Body };
  if (doc.data.schemaVersion !== undefined) return doc;
  return { ...doc, data: { ...doc.data, schemaVersion: CURRENT_DOCUMENT_SCHEMA_VERSION } };
}

/** The empty Document: what production answers where none was written. */
export function emptyDocument(): Body {
  return { object: "document", data: { schemaVersion: CURRENT_DOCUMENT_SCHEMA_VERSION }, nodes: [] };
}

export const SPACE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"] as const;
export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;
