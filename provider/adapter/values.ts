import { type Said, SaidError } from "./door-words";

type Bag = Record<string, unknown>;

/**
 * Deep structural equality of JSON values (key order of objects does not matter). Iterative, like
 * every walk over user inputs here: a value nested thousands of levels deep must not overflow the
 * call stack.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  while (pending.length > 0) {
    const [x, y] = pending.pop()!;
    if (x === y) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      x.forEach((item, index) => pending.push([item, y[index]]));
      continue;
    }
    const xKeys = Object.keys(x).filter((key) => (x as Bag)[key] !== undefined);
    const yKeys = Object.keys(y).filter((key) => (y as Bag)[key] !== undefined);
    if (xKeys.length !== yKeys.length) return false;
    for (const key of xKeys) pending.push([(x as Bag)[key], (y as Bag)[key]]);
  }
  return true;
}

/**
 * Removes `undefined` members, recursively. The provider host cannot encode `undefined` inside
 * returned outputs ("Unexpected struct type"), so every object handed back to Pulumi goes through
 * this. Iterative (see {@link jsonEqual}); a cycle is kept as a cycle in the copy.
 */
export function compact<T>(value: T): T {
  const copies = new Map<object, unknown>();
  const copyOf = (item: unknown, fill: [object, object][]): unknown => {
    if (item === null || typeof item !== "object") return item;
    const known = copies.get(item);
    if (known !== undefined) return known;
    const copy = Array.isArray(item) ? [] : {};
    copies.set(item, copy);
    fill.push([item, copy]);
    return copy;
  };
  const fill: [object, object][] = [];
  const result = copyOf(value, fill);
  while (fill.length > 0) {
    const [source, copy] = fill.pop()!;
    if (Array.isArray(source)) {
      for (const item of source) (copy as unknown[]).push(copyOf(item, fill));
      continue;
    }
    for (const [key, item] of Object.entries(source)) {
      if (item !== undefined) (copy as Bag)[key] = copyOf(item, fill);
    }
  }
  return result as T;
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
export function stateStrings<K extends string>(bag: Record<string, unknown>, keys: readonly K[], message: string | Said): Record<K, string> {
  const result = {} as Record<K, string>;
  for (const key of keys) {
    const value = bag[key];
    if (typeof value !== "string" || value === "") throw typeof message === "string" ? new Error(message) : new SaidError(message);
    result[key] = value;
  }
  return result;
}
