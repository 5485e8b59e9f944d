/** Deep structural equality of JSON values (key order of objects does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * Removes `undefined` members, recursively. The provider host cannot encode `undefined` inside
 * returned outputs ("Unexpected struct type"), so every object handed back to Pulumi goes through
 * this.
 */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => compact(item)) as T;
  if (value !== null && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) result[key] = compact(item);
    }
    return result as T;
  }
  return value;
}

/** The members of `source` whose keys are in `keys` and defined. */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const result = {} as Pick<T, K>;
  for (const key of keys) {
    if (source[key] !== undefined) result[key] = source[key];
  }
  return result;
}

/**
 * The members `keys` of a resource's state, each a non-empty string, as a resource needs them to
 * address its object; throws an Error with `message` when one is missing.
 */
export function stateStrings<K extends string>(bag: Record<string, unknown>, keys: readonly K[], message: string): Record<K, string> {
  const result = {} as Record<K, string>;
  for (const key of keys) {
    const value = bag[key];
    if (typeof value !== "string" || value === "") throw new Error(message);
    result[key] = value;
  }
  return result;
}
