import { isApiError, isAuthenticationError, isDeadlineExceededError, isNotFoundError } from "../client";

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
 * - A call that kept trying until its deadline and gave up (the client says how many attempts):
 *   what the state now holds and what the next run does about it, per operation.
 *
 * Anything else is returned as it is.
 */
export function explainApiError(error: unknown, kind: string, operation: Operation, id?: string): unknown {
  if (isAuthenticationError(error)) {
    const refused = `the API refused the token (${error.message})`;
    if (operation === "read") {
      return withCause(
        `${refused}. \`pulumi refresh\` uses the provider configuration the last update recorded, token included: after changing the token, run \`pulumi refresh --run-program\` (or \`pulumi up\`) so the new one is used.`,
        error,
      );
    }
    if (operation === "delete") {
      return withCause(
        `${refused}. \`pulumi destroy\` uses the provider configuration the last update recorded, token included: after changing the token, run \`pulumi destroy --run-program\` (or \`pulumi up\` first) so the new one is used.`,
        error,
      );
    }
    return withCause(`${refused}. Set a valid one with \`pulumi config set --secret docs-platform:token\` (or DOCS_PLATFORM_TOKEN).`, error);
  }
  if (isNotFoundError(error) && operation === "update") {
    return withCause(
      `${kind} ${id ?? ""} no longer exists in the API (deleted outside Pulumi?): run \`pulumi refresh\` to drop it from the state, or \`pulumi up --refresh\` to create it again (${error.message}).`,
      error,
    );
  }
  if (isApiError(error) && (error.attempts !== undefined || isDeadlineExceededError(error))) {
    const what = `${kind}${id === undefined ? "" : ` ${id}`}`;
    return withCause(`${operationName[operation]} ${what} ran out of time: ${error.message}. ${AFTER_DEADLINE[operation]}`, error);
  }
  return error;
}

const operationName: Record<Operation, string> = { check: "checking", create: "creating", read: "reading", update: "updating", delete: "deleting" };

/** What the state holds after an operation gave up at its deadline, and what the next run does. */
export const AFTER_DEADLINE: Record<Operation, string> = {
  check: "Nothing was changed; the next `pulumi up` or `pulumi preview` checks again.",
  create:
    "The state does not hold it yet: the next `pulumi up` first looks for an object this create may have made " +
    "(the create journal remembers it), takes that one over if it finds it, and creates it only if it does not, so nothing is made twice.",
  read: "The state is unchanged; run `pulumi refresh` again.",
  update: "The state keeps the values it had before this update: the next `pulumi up` compares them with the API's again and sends only what still differs.",
  delete: "The object stays in the state: the next `pulumi destroy` (or `pulumi up` without it) deletes it again; if this delete did go through, that counts as done.",
};

/**
 * An error the provider host prints on one line: the Node.js dynamic-provider host prints what a
 * method throws as `${error}: ${error.stack}`, so with a stack one sentence became dozens of
 * lines. `cause`, when given, keeps the error it explains for a program or a test to inspect.
 */
export function oneLineError(message: string, cause?: Error): Error {
  const error = cause === undefined ? new Error(message) : new Error(message, { cause });
  error.stack = "";
  return error;
}

const withCause = (message: string, cause: Error): Error => oneLineError(message, cause);
