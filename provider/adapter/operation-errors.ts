import { isApiError, isAuthenticationError, isDeadlineExceededError, isNotFoundError } from "../client";
import { type Said, SaidError, said, term } from "./door-words";

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
      const advice = term.tokenWithoutProgram(
        "token",
        "`pulumi refresh` uses the provider configuration the last update recorded, token included: after changing the token, run `pulumi refresh --run-program` (or `pulumi up`) so the new one is used.",
      );
      return withCause(said`${refused}. ${advice}`, error);
    }
    if (operation === "delete") {
      const advice = term.tokenWithoutProgram(
        "token",
        "`pulumi destroy` uses the provider configuration the last update recorded, token included: after changing the token, run `pulumi destroy --run-program` (or `pulumi up` first) so the new one is used.",
      );
      return withCause(said`${refused}. ${advice}`, error);
    }
    return withCause(said`${refused}. Set a valid one ${term.setSetting("token", "with `pulumi config set --secret docs-platform:token`")} (or DOCS_PLATFORM_TOKEN).`, error);
  }
  if (isNotFoundError(error) && operation === "update") {
    const advice = term.goneObject("run `pulumi refresh` to drop it from the state, or `pulumi up --refresh` to create it again");
    return withCause(said`${term.kind(kind)} ${id ?? ""} no longer exists in the API (deleted outside ${term.tool()}?): ${advice} (${error.message}).`, error);
  }
  if (isApiError(error) && (error.attempts !== undefined || isDeadlineExceededError(error))) {
    const what = said`${term.kind(kind)}${id === undefined ? "" : ` ${id}`}`;
    return withCause(said`${operationName[operation]} ${what} ran out of time: ${error.message}. ${afterDeadline[operation]}`, error);
  }
  return error;
}

const operationName: Record<Operation, string> = { check: "checking", create: "creating", read: "reading", update: "updating", delete: "deleting" };

/** What the state holds after an operation gave up at its deadline, and what the next run does. */
const afterDeadline: Record<Operation, Said> = {
  check: said`Nothing was changed; the next ${term.apply()} or ${term.plan()} checks again.`,
  create: said`The state does not hold it yet: the next ${term.apply()} first looks for an object this create may have made (the create journal remembers it), takes that one over if it finds it, and creates it only if it does not, so nothing is made twice.`,
  read: said`The state is unchanged; run ${term.refresh()} again.`,
  update: said`The state keeps the values it had before this update: the next ${term.apply()} compares them with the API's again and sends only what still differs.`,
  delete: said`The object stays in the state: the next ${term.destroy()} (or ${term.apply()} without it) deletes it again; if this delete did go through, that counts as done.`,
};

/** {@link afterDeadline} as the Pulumi doors say it. */
export const AFTER_DEADLINE = Object.fromEntries(Object.entries(afterDeadline).map(([operation, text]) => [operation, String(text)])) as Record<Operation, string>;

/**
 * An error the provider host prints on one line: the Node.js dynamic-provider host prints what a
 * method throws as `${error}: ${error.stack}`, so with a stack one sentence became dozens of
 * lines. `cause`, when given, keeps the error it explains for a program or a test to inspect.
 */
export function oneLineError(message: string | Said, cause?: Error): Error {
  const options = cause === undefined ? undefined : { cause };
  const error = typeof message === "string" ? new Error(message, options) : new SaidError(message, options);
  error.stack = "";
  return error;
}

const withCause = (message: Said, cause: Error): Error => oneLineError(message, cause);
