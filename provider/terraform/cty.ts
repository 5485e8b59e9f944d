/**
 * Terraform's values on the wire: a `DynamicValue`'s msgpack bytes, encoded and decoded by the cty
 * type the schema gives them, as go-cty's `cty/msgpack` (v1.18) writes and reads them:
 * - null is msgpack nil; an unknown value is an extension (go-cty writes type 0 with one zero
 *   byte, `d4 00 00`; a refined unknown is type 12 with a map of refinements): any extension is
 *   read as an unknown, here {@link UNKNOWN} (adapter/unknowns.ts), the core's own sentinel, and
 *   written back as `d4 00 00` (the refinements are hints this provider does not need);
 * - a number is the smallest integer that holds it, else a float64; one too large or too precise
 *   for either arrives as its decimal string (kept a string here when no JS number holds it
 *   exactly, so it is never silently rounded);
 * - lists, sets and tuples are arrays; maps and objects are maps, an object's attributes written
 *   in sorted order, every attribute present (null when unset);
 * - a `dynamic` value is a 2-array of its type as JSON (bytes) and its value of that type.
 *
 * A value may also arrive as go-cty's JSON (a stored state, UpgradeResourceState's raw state):
 * {@link decodeJsonValue}.
 *
 * The msgpack framing itself is @msgpack/msgpack's (a maintained, dependency-free codec): this
 * file only walks the cty type.
 */
import { decode, Encoder, ExtData } from "@msgpack/msgpack";
import { UNKNOWN, isUnknown } from "../adapter/unknowns";
import { type CtyType, type TfBlock, attributeType } from "./schema";

/** The extension go-cty writes for a value not known yet: type 0, one zero byte. */
const UNKNOWN_EXTENSION = new ExtData(0, new Uint8Array([0]));

/** The object type of a whole block: each attribute's implied type (Terraform's `Block.ImpliedType`). */
export function blockType(block: TfBlock): CtyType {
  return ["object", Object.fromEntries(block.attributes.map((attribute) => [attribute.name, attributeType(attribute)]))];
}

/** A value that does not fit its type, named by its path inside the value (`styling.primary_color`). */
export class CtyValueError extends Error {
  readonly path: readonly (string | number)[];
  constructor(path: readonly (string | number)[], reason: string) {
    super(`${path.length > 0 ? `${formatPath(path)}: ` : ""}${reason}`);
    this.name = "CtyValueError";
    this.path = path;
  }
}

function formatPath(path: readonly (string | number)[]): string {
  return path.map((step, index) => (typeof step === "number" ? `[${step}]` : index === 0 ? step : `.${step}`)).join("");
}

/** What a value is, for messages (never the value itself: it may be a secret). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Uint8Array) return "bytes";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

type Structural = { collection: "list" | "set" | "map"; element: CtyType } | { object: Record<string, CtyType> } | { tuple: CtyType[] };

/** The parts of a structural type (`["list", "string"]`, `["object", {...}, [...]]`); undefined for a primitive or `dynamic`. */
function structureOf(type: CtyType, path: readonly (string | number)[]): Structural | undefined {
  if (typeof type === "string") {
    if (type === "string" || type === "number" || type === "bool" || type === "dynamic") return undefined;
    throw new CtyValueError(path, `unsupported cty type ${JSON.stringify(type)}`);
  }
  const [name, inner] = type;
  switch (name) {
    case "list":
    case "set":
    case "map":
      return { collection: name, element: inner as CtyType };
    case "object":
      // The third member, the optional attributes, only matters to a configuration's conversion: values hold every attribute.
      return { object: (inner ?? {}) as Record<string, CtyType> };
    case "tuple":
      return { tuple: (inner ?? []) as CtyType[] };
    default:
      throw new CtyValueError(path, `unsupported cty type ${JSON.stringify(type)}`);
  }
}

// ---- Encoding -------------------------------------------------------------------------------------

/** A plain object without a prototype, so an attribute named `__proto__` is an attribute like any other. */
function bare(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** The cty type JSON implies for a JS value inside a `dynamic` attribute (go-cty's `json.ImpliedType`). */
export function impliedType(value: unknown, path: readonly (string | number)[] = []): CtyType {
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "bool";
  if (Array.isArray(value)) return ["tuple", value.map((item, index) => impliedType(item, [...path, index]))];
  if (value !== null && typeof value === "object") {
    return ["object", Object.fromEntries(Object.entries(value).map(([key, member]) => [key, impliedType(member, [...path, key])]))];
  }
  // A null or unknown member has no type of its own: dynamic (null and unknown encode the same in every type).
  if (value === null || value === undefined || isUnknown(value)) return "dynamic";
  throw new CtyValueError(path, `${kindOf(value)} has no cty type`);
}

/** `value` as the tree @msgpack/msgpack encodes: unknowns as extensions, objects with their attributes sorted. */
function toWire(value: unknown, type: CtyType, path: (string | number)[]): unknown {
  if (isUnknown(value)) return UNKNOWN_EXTENSION;
  if (value === null || value === undefined) return null;
  if (type === "dynamic") {
    const actual = impliedType(value, path);
    return [new TextEncoder().encode(JSON.stringify(actual)), toWire(value, actual, path)];
  }
  switch (type) {
    case "string":
      if (typeof value !== "string") throw new CtyValueError(path, `expected a string, got ${kindOf(value)}`);
      return value;
    case "bool":
      if (typeof value !== "boolean") throw new CtyValueError(path, `expected a bool, got ${kindOf(value)}`);
      return value;
    case "number":
      // A decimal string is how cty carries a number no float64 holds exactly; go-cty parses it back.
      if (typeof value === "number" || (typeof value === "string" && isDecimal(value))) return value;
      if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      throw new CtyValueError(path, `expected a number, got ${kindOf(value)}`);
  }
  const structure = structureOf(type, path)!;
  if ("collection" in structure) {
    if (structure.collection === "map") {
      if (typeof value !== "object" || Array.isArray(value)) throw new CtyValueError(path, `expected a map, got ${kindOf(value)}`);
      const map = bare();
      for (const key of Object.keys(value).sort()) map[key] = toWire((value as Record<string, unknown>)[key], structure.element, [...path, key]);
      return map;
    }
    if (!Array.isArray(value)) throw new CtyValueError(path, `expected a ${structure.collection}, got ${kindOf(value)}`);
    return value.map((item, index) => toWire(item, structure.element, [...path, index]));
  }
  if ("tuple" in structure) {
    if (!Array.isArray(value) || value.length !== structure.tuple.length) throw new CtyValueError(path, `expected a tuple of ${structure.tuple.length}, got ${kindOf(value)}`);
    return value.map((item, index) => toWire(item, structure.tuple[index], [...path, index]));
  }
  if (typeof value !== "object" || Array.isArray(value)) throw new CtyValueError(path, `expected an object, got ${kindOf(value)}`);
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !(key in structure.object));
  if (extra !== undefined) throw new CtyValueError([...path, extra], "is no attribute of the object's type");
  const object = bare();
  for (const name of Object.keys(structure.object).sort()) object[name] = toWire(record[name], structure.object[name], [...path, name]);
  return object;
}

function isDecimal(text: string): boolean {
  return /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text);
}

/**
 * `value` of cty type `type` as a `DynamicValue`'s msgpack bytes. {@link UNKNOWN} anywhere is an
 * unknown value; null and undefined are null; an object must hold no key its type lacks.
 */
export function encodeDynamicValue(value: unknown, type: CtyType): Uint8Array {
  // sortKeys: go-cty writes an object's attributes in sorted order; the trees built above are sorted already.
  return new Encoder({ sortKeys: true }).encode(toWire(value, type, []));
}

// ---- Decoding -------------------------------------------------------------------------------------

/** A cty number as JS: a number, or its decimal string when no JS number holds it exactly. */
function numberOf(raw: unknown, path: readonly (string | number)[]): number | string {
  if (typeof raw === "number") return raw;
  if (typeof raw === "bigint") return Number.isSafeInteger(Number(raw)) ? Number(raw) : raw.toString();
  if (typeof raw === "string" && isDecimal(raw)) {
    const parsed = Number(raw);
    // An integer beyond 2^53 would be rounded: kept as written.
    return /^-?\d+$/.test(raw) && !Number.isSafeInteger(parsed) ? raw : parsed;
  }
  throw new CtyValueError(path, `expected a number, got ${kindOf(raw)}`);
}

function fromWire(raw: unknown, type: CtyType, path: (string | number)[]): unknown {
  if (raw instanceof ExtData) return UNKNOWN;
  if (raw === null || raw === undefined) return null;
  if (type === "dynamic") {
    if (!Array.isArray(raw) || raw.length !== 2) throw new CtyValueError(path, "a dynamic value must be [type, value]");
    const [typeJson, inner] = raw as [unknown, unknown];
    const text = typeJson instanceof Uint8Array ? new TextDecoder().decode(typeJson) : typeof typeJson === "string" ? typeJson : undefined;
    if (text === undefined) throw new CtyValueError(path, "a dynamic value's type must be JSON bytes");
    return fromWire(inner, JSON.parse(text) as CtyType, path);
  }
  switch (type) {
    case "string":
      if (typeof raw !== "string") throw new CtyValueError(path, `expected a string, got ${kindOf(raw)}`);
      return raw;
    case "bool":
      if (typeof raw !== "boolean") throw new CtyValueError(path, `expected a bool, got ${kindOf(raw)}`);
      return raw;
    case "number":
      return numberOf(raw, path);
  }
  const structure = structureOf(type, path)!;
  if ("collection" in structure) {
    if (structure.collection === "map") {
      if (typeof raw !== "object" || Array.isArray(raw)) throw new CtyValueError(path, `expected a map, got ${kindOf(raw)}`);
      return Object.fromEntries(Object.entries(raw).map(([key, member]) => [key, fromWire(member, structure.element, [...path, key])]));
    }
    if (!Array.isArray(raw)) throw new CtyValueError(path, `expected a ${structure.collection}, got ${kindOf(raw)}`);
    return raw.map((item, index) => fromWire(item, structure.element, [...path, index]));
  }
  if ("tuple" in structure) {
    if (!Array.isArray(raw) || raw.length !== structure.tuple.length) throw new CtyValueError(path, `expected a tuple of ${structure.tuple.length}, got ${kindOf(raw)}`);
    return raw.map((item, index) => fromWire(item, structure.tuple[index], [...path, index]));
  }
  if (typeof raw !== "object" || Array.isArray(raw)) throw new CtyValueError(path, `expected an object, got ${kindOf(raw)}`);
  const record = raw as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !(key in structure.object));
  if (extra !== undefined) throw new CtyValueError([...path, extra], "is no attribute of the object's type");
  // Every attribute of the type, null when the bytes leave it out (an empty object, a value written without its optional attributes).
  return Object.fromEntries(Object.entries(structure.object).map(([name, attributeTypeOf]) => [name, fromWire(record[name], attributeTypeOf, [...path, name])]));
}

/**
 * A `DynamicValue`'s msgpack bytes as a JS value of cty type `type`: null for null,
 * {@link UNKNOWN} for an unknown, every attribute of an object present.
 */
export function decodeDynamicValue(bytes: Uint8Array, type: CtyType): unknown {
  // useBigInt64: a 64-bit integer arrives whole, then is a number only when one holds it exactly.
  return fromWire(decode(bytes, { useBigInt64: true }), type, []);
}

// ---- JSON (a state's raw form) ----------------------------------------------------------------------

/** How {@link decodeJsonValue} treats an attribute the type lacks. */
export interface JsonDecodeOptions {
  /**
   * Drop it instead of failing: a state written by an older schema that had the attribute
   * (UpgradeResourceState's raw state), as terraform-plugin-sdk does. Off: it fails, as go-cty does.
   */
  readonly dropUnknownAttributes?: boolean;
  /** With dropUnknownAttributes: where each dropped attribute was (its path), for a warning. */
  readonly dropped?: (string | number)[][];
}

function fromJson(raw: unknown, type: CtyType, path: (string | number)[], options: JsonDecodeOptions): unknown {
  if (raw === null || raw === undefined) return null;
  if (type === "dynamic") {
    // go-cty's JSON of a dynamic value: {"value": ..., "type": <type JSON>}.
    if (!isRecord(raw) || !("type" in raw)) throw new CtyValueError(path, 'a dynamic value must be {"value", "type"}');
    return fromJson(raw.value, raw.type as CtyType, path, options);
  }
  switch (type) {
    case "string":
      // go-cty takes a number or a bool where a string is wanted, as its text.
      if (typeof raw === "string") return raw;
      if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
      throw new CtyValueError(path, `expected a string, got ${kindOf(raw)}`);
    case "bool":
      if (typeof raw === "boolean") return raw;
      if (raw === "true" || raw === "false") return raw === "true";
      throw new CtyValueError(path, `expected a bool, got ${kindOf(raw)}`);
    case "number":
      return numberOf(raw, path);
  }
  const structure = structureOf(type, path)!;
  if ("collection" in structure) {
    if (structure.collection === "map") {
      if (!isRecord(raw)) throw new CtyValueError(path, `expected a map, got ${kindOf(raw)}`);
      return Object.fromEntries(Object.entries(raw).map(([key, member]) => [key, fromJson(member, structure.element, [...path, key], options)]));
    }
    if (!Array.isArray(raw)) throw new CtyValueError(path, `expected a ${structure.collection}, got ${kindOf(raw)}`);
    return raw.map((item, index) => fromJson(item, structure.element, [...path, index], options));
  }
  if ("tuple" in structure) {
    if (!Array.isArray(raw) || raw.length !== structure.tuple.length) throw new CtyValueError(path, `expected a tuple of ${structure.tuple.length}, got ${kindOf(raw)}`);
    return raw.map((item, index) => fromJson(item, structure.tuple[index], [...path, index], options));
  }
  if (!isRecord(raw)) throw new CtyValueError(path, `expected an object, got ${kindOf(raw)}`);
  const extras = Object.keys(raw).filter((key) => !(key in structure.object));
  if (extras.length > 0 && !options.dropUnknownAttributes) throw new CtyValueError([...path, extras[0]], "is no attribute of the object's type");
  for (const extra of extras) options.dropped?.push([...path, extra]);
  return Object.fromEntries(Object.entries(structure.object).map(([name, attributeTypeOf]) => [name, fromJson(raw[name], attributeTypeOf, [...path, name], options)]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A value of cty type `type` from go-cty's JSON form: what a `DynamicValue` may carry in its `json`
 * field and how a state is stored (UpgradeResourceState's `RawState.json`). Every attribute of an
 * object present (null when left out); a JSON state holds no unknowns.
 */
export function decodeJsonValue(json: string | Uint8Array, type: CtyType, options: JsonDecodeOptions = {}): unknown {
  const text = typeof json === "string" ? json : new TextDecoder().decode(json);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The text may hold a secret: the message says only that it is not JSON.
    throw new CtyValueError([], "the value is not valid JSON");
  }
  return fromJson(raw, type, [], options);
}
