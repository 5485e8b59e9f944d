/**
 * Property values as the engine sends them to a provider plugin that accepts secrets: plain JSON
 * (google.protobuf.Struct), where a secret is `{ <sig>: <secret sig>, value }` and an unknown value
 * (a preview's output not known yet) is a sentinel string. The resource core works on plain values
 * (it knows the unknown sentinel, the same the dynamic door receives): secrets are unwrapped on the
 * way in, remembering which top-level properties held one, and wrapped again on the way out.
 */
import type { Bag } from "../door-layer/properties";

export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is { value?: unknown } {
  return typeof value === "object" && value !== null && (value as Bag)[SIG_KEY] === SECRET_SIG;
}

function unwrap(value: unknown, found: { secret: boolean }): unknown {
  if (isSecret(value)) {
    found.secret = true;
    return unwrap(value.value, found);
  }
  if (Array.isArray(value)) return value.map((item) => unwrap(item, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrap(item, found)]));
  }
  return value;
}

/** The bag without secret wrappers, and the top-level keys that held a secret anywhere inside. */
export function unwrapSecrets(bag: Bag | undefined): { values: Bag; secretKeys: Set<string> } {
  const values: Bag = {};
  const secretKeys = new Set<string>();
  for (const [key, value] of Object.entries(bag ?? {})) {
    const found = { secret: false };
    values[key] = unwrap(value, found);
    if (found.secret) secretKeys.add(key);
  }
  return { values, secretKeys };
}

/** `bag` with the values of `secretKeys` marked secret. */
export function wrapSecrets(bag: Bag, secretKeys: Iterable<string>): Bag {
  const wrapped: Bag = { ...bag };
  for (const key of secretKeys) {
    if (wrapped[key] !== undefined && !isSecret(wrapped[key])) wrapped[key] = { [SIG_KEY]: SECRET_SIG, value: wrapped[key] };
  }
  return wrapped;
}
