/**
 * The error every lookup fails with when it cannot answer: nothing matched, several things
 * matched, its arguments were invalid, or the API call behind it failed. Missing or malformed
 * provider configuration is a {@link ConfigurationError} instead (see config/provider-config.ts).
 */

const BRAND = Symbol.for("pulumi-docs-platform.lookups.LookupError");

export type LookupErrorCode =
  /** Nothing matched the criteria. */
  | "not_found"
  /** Several objects matched; `matches` holds their ids. */
  | "ambiguous"
  /** The arguments broke a rule; no request was sent. */
  | "invalid_arguments"
  /** The API call behind the lookup failed; `cause` is the client's error. */
  | "request_failed";

/**
 * A lookup that found nothing, several things, or could not ask. The message names the lookup and
 * its criteria, and never holds the API token.
 *
 * @example
 * try {
 *   await docs.getSpace({ title: "Guides" });
 * } catch (error) {
 *   if (docs.isLookupError(error) && error.code === "not_found") { ... }
 * }
 */
export class LookupError extends Error {
  /** The lookup that failed, e.g. `"getSpace"`. */
  readonly lookup: string;
  readonly code: LookupErrorCode;
  /** For `ambiguous`: the ids of every match. Empty otherwise. */
  readonly matches: readonly string[];

  constructor(lookup: string, code: LookupErrorCode, message: string, options: { matches?: readonly string[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LookupError";
    this.lookup = lookup;
    this.code = code;
    this.matches = options.matches ?? [];
    // A failed lookup reaches the user through Pulumi's program runner. Marked as the SDK's
    // RunError (it checks this field, so any copy of the SDK agrees), the runner prints the message
    // alone: no stack trace. And the SDK prefixes `error serializing property "<key>": ` to the
    // message of an error it meets in a resource input: the message already says which lookup
    // failed and why, so it keeps its own words (a write to it is ignored).
    Object.defineProperty(this, "__pulumiRunError", { value: true, enumerable: false });
    Object.defineProperty(this, "message", { get: () => message, set: () => {}, enumerable: false, configurable: true });
    // Whatever prints it, the same one line. The runner prints a RunError's message; the SDK, when
    // the lookup fed a resource's input, prints the error's stack; which comes first depends on
    // timing (both had printed for the same program: "error: LookupError: getSpace: ..." and
    // "error: getSpace: ..."). The stack of a lookup's failure is the SDK's and this package's
    // internals, nothing to act on, so the stack is the message alone.
    this.stack = message;
  }

  // Branded like the client's errors: a program and the package may hold two copies of this module.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isLookupError(value);
  }
}
Object.defineProperty(LookupError.prototype, BRAND, { value: true });

/** Whether `value` is a {@link LookupError}, from any copy of this package. */
export function isLookupError(value: unknown): value is LookupError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
