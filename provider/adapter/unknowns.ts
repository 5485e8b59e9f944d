/**
 * During a preview, inputs that depend on resources not yet created arrive as this sentinel
 * string (the engine's "unknown" value). Validation and diffs must treat it as "any value".
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/**
 * The members of a JSON-like value, as [key, member] pairs; none for scalars. The walks below use
 * an explicit stack, not recursion: inputs come from users, and an input nested thousands of levels
 * deep must give a validation failure, not a RangeError. `seen` cuts cycles (only possible when a
 * provider method is called directly, never through the engine).
 */
function membersOf(value: unknown, seen: WeakSet<object>): [string | number, unknown][] {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

/** True when the value is unknown or holds an unknown anywhere inside it. */
export function containsUnknown(value: unknown): boolean {
  const seen = new WeakSet<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (isUnknown(next)) return true;
    for (const [, member] of membersOf(next, seen)) stack.push(member);
  }
  return false;
}

/** Paths (as arrays of keys) of every unknown value inside `value`. */
export function unknownPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  // Each entry links to its parent's, so a path is built only for the unknowns found.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry): (string | number)[] => {
    const keys: (string | number)[] = [];
    for (let at: Entry | undefined = entry; at?.parent !== undefined; at = at.parent) keys.push(at.key!);
    return [...path, ...keys.reverse()];
  };
  const seen = new WeakSet<object>();
  const found: (string | number)[][] = [];
  const stack: Entry[] = [{ value }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (isUnknown(entry.value)) {
      found.push(pathOf(entry));
      continue;
    }
    // Pushed in reverse so the paths come out in document order.
    for (const [key, member] of membersOf(entry.value, seen).reverse()) stack.push({ value: member, key, parent: entry });
  }
  return found;
}
