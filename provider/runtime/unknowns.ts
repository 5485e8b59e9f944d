/**
 * During a preview, inputs that depend on resources not yet created arrive as this sentinel
 * string (the engine's "unknown" value). Validation and diffs must treat it as "any value".
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value is unknown or holds an unknown anywhere inside it. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** Paths (as arrays of keys) of every unknown value inside `value`. */
export function unknownPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (isUnknown(value)) return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => unknownPaths(item, [...path, index]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => unknownPaths(item, [...path, key]));
  }
  return [];
}
