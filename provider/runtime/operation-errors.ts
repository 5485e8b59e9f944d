import { isAuthenticationError, isNotFoundError } from "../client";

/** The engine's operations, as the adapter serves them. */
export type Operation = "check" | "create" | "read" | "update" | "delete";

/**
 * An API error said in terms of what to do about it, in one line, for the operations where the
 * API's own words do not say it:
 *
 * - 401: the token was refused. `pulumi refresh` and `pulumi destroy` do not run the program, so
 *   they use the provider configuration the last update recorded, the token included: after a
 *   rotation they need `--run-program` (or an `up` first) to take the new one.
 * - 404 on a write: the object was deleted outside Pulumi; the state still holds it.
 *
 * Anything else is returned as it is.
 */
export function explainApiError(error: unknown, kind: string, operation: Operation, id?: string): unknown {
  if (isAuthenticationError(error)) {
    const refused = `the API refused the token (${error.message})`;
    if (operation === "read") {
      return withCause(`${refused}. \`pulumi refresh\` uses the provider configuration the last update recorded, token included: after changing the token, run \`pulumi refresh --run-program\` (or \`pulumi up\`) so the new one is used.`, error);
    }
    if (operation === "delete") {
      return withCause(`${refused}. \`pulumi destroy\` uses the provider configuration the last update recorded, token included: after changing the token, run \`pulumi destroy --run-program\` (or \`pulumi up\` first) so the new one is used.`, error);
    }
    return withCause(`${refused}. Set a valid one with \`pulumi config set --secret docs-platform:token\` (or DOCS_PLATFORM_TOKEN).`, error);
  }
  if (isNotFoundError(error) && operation === "update") {
    return withCause(`${kind} ${id ?? ""} no longer exists in the API (deleted outside Pulumi?): run \`pulumi refresh\` to drop it from the state, or \`pulumi up --refresh\` to create it again (${error.message}).`, error);
  }
  return error;
}

function withCause(message: string, cause: Error): Error {
  const error = new Error(message, { cause });
  // The dynamic provider host prints a failed read's or delete's `${error}: ${error.stack}`: one line.
  error.stack = "";
  return error;
}
