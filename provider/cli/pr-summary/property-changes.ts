/**
 * The changes between a resource's inputs before and after, as a reviewer reads them: nested
 * objects as changed paths (`styling.corners`), set-valued inputs (a team's members) as members
 * added and removed rather than index by index, secrets masked.
 */

export type PropertyChange =
  | { path: string; change: "set"; value: unknown }
  | { path: string; change: "removed"; value: unknown }
  | { path: string; change: "changed"; before: unknown; after: unknown }
  | { path: string; change: "members"; added: unknown[]; removed: unknown[] };

/** How the engine prints a secret in `--json` output, and its wire encoding. */
const SECRET_TEXT = "[secret]";
const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";
/**
 * Names of inputs masked whatever their value, at any depth (`auth.token`): a program may pass a
 * secret as plain text, and other packages' resources have inputs this package knows nothing of.
 */
const SECRET_KEY = /token|secret|password|passphrase|private.?key|certificate|api.?key|access.?key|authori[sz]ation|bearer|credential|cookie|session.?id/i;

export const MASK = "[secret]";

export function isSecret(value: unknown): boolean {
  return value === SECRET_TEXT || (typeof value === "object" && value !== null && SECRET_SIGNATURE in value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isSecret(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * @param setValued top-level input keys whose arrays are sets (order and duplicates mean nothing)
 * @param reported paths reported as changed (a preview's top-level keys, a plan's paths at any
 *   depth, compared in clear): a secret whose masked value looks the same on both sides is still
 *   shown as changed when they say so
 * @param secretKeys top-level inputs the resource's kind treats as secrets
 */
export function propertyChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  setValued: ReadonlySet<string> = new Set(),
  reported: readonly string[] = [],
  secretKeys: ReadonlySet<string> = new Set(),
): PropertyChange[] {
  const changes: PropertyChange[] = [];
  const walk = (path: string, top: string, old: unknown, now: unknown) => {
    const masked = secretKeys.has(top) || path.split(".").some((segment) => SECRET_KEY.test(segment)) || isSecret(old) || isSecret(now);
    if (masked) {
      const oldMask = old === undefined ? undefined : MASK;
      const nowMask = now === undefined ? undefined : MASK;
      if (old === undefined && now !== undefined) changes.push({ path, change: "set", value: MASK });
      else if (old !== undefined && now === undefined) changes.push({ path, change: "removed", value: MASK });
      else if (!same(old, now) || reported.includes(path)) changes.push({ path, change: "changed", before: oldMask, after: nowMask });
      return;
    }
    // Alike as shown, but a path inside was reported: a masked secret in it changed.
    if (same(old, now) && !reported.some((changed) => changed.startsWith(`${path}.`))) return;
    if (path === top && setValued.has(top) && (Array.isArray(old) || Array.isArray(now))) {
      const was = new Set((Array.isArray(old) ? old : []).map((v) => JSON.stringify(v)));
      const is = new Set((Array.isArray(now) ? now : []).map((v) => JSON.stringify(v)));
      changes.push({
        path,
        change: "members",
        added: [...is].filter((v) => !was.has(v)).map((v): unknown => JSON.parse(v)),
        removed: [...was].filter((v) => !is.has(v)).map((v): unknown => JSON.parse(v)),
      });
      return;
    }
    if (isPlainObject(old) && isPlainObject(now)) {
      for (const key of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) walk(`${path}.${key}`, top, old[key], now[key]);
      return;
    }
    if (old === undefined) changes.push({ path, change: "set", value: now });
    else if (now === undefined) changes.push({ path, change: "removed", value: old });
    else changes.push({ path, change: "changed", before: old, after: now });
  };
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) walk(key, key, before[key], after[key]);
  return changes;
}

/** The top-level input keys a list of changes touches. */
export function changedKeys(changes: readonly PropertyChange[]): string[] {
  return [...new Set(changes.map((change) => change.path.split(".")[0]))];
}
