import { isApiError } from "../client";
import { type Said, SaidError, said, saidOf, term } from "../adapter/door-words";

/**
 * Thrown by a multi-step create when the object exists but a later step failed (publish, add
 * members, ...). The adapter turns it into the error shape the provider host records as a
 * partially created resource (ErrorResourceInitFailed): the object is kept in state with the
 * outputs given here, so nothing is orphaned and the next `pulumi up` finishes the job through
 * `update`. The outputs must describe the object as it really is now.
 *
 * The message says what to do next, from the cause: running `pulumi up` again helps only when
 * the cause is transient (a connection error, a timeout, 429, 5xx). An input the API rejected
 * (400) fails the same way on every `up` until it is changed, so the message names the field
 * instead of promising that another run finishes the job.
 */
export class PartialCreateError extends SaidError {
  readonly id: string;
  readonly outputs: Record<string, unknown>;
  readonly reasons: string[];

  constructor(id: string, outputs: Record<string, unknown>, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const step = nextStep(cause);
    super(said`created ${id} but could not finish: ${saidOf(cause)}.${String(step) === "" ? "" : said` ${step}`}`, { cause });
    this.name = "PartialCreateError";
    this.id = id;
    this.outputs = outputs;
    this.reasons = [reason];
  }
}

/** The field an API error names: its message starts with the field path (`path: must match ...`). */
export function fieldOf(apiMessage: string | undefined): string | undefined {
  return apiMessage?.match(/^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*):\s/)?.[1];
}

/** Statuses worth retrying as they are: the same request may succeed later. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** What the user should do about a partial create, given why the last step failed. */
export function nextStep(cause: unknown): Said {
  const again = said`Run ${term.apply()} again to finish.`;
  if (isApiError(cause)) {
    const status = cause.status;
    // No response at all (connection refused or reset, timeout): the next run may well get one.
    if (status === undefined || isTransientStatus(status)) return again;
    const field = fieldOf(cause.apiMessage);
    const named = field === undefined ? "" : said` \`${term.field(field)}\``;
    const then = said`then run ${term.apply()} to finish; running it again unchanged fails the same way.`;
    switch (status) {
      case 400:
      case 422:
        return said`The API rejected the input${field === undefined ? "s" : named}: fix ${field === undefined ? "them" : "it"} in the ${term.program()}, ${then}`;
      case 401:
      case 403:
        return said`The token is not allowed to do this: use a token with the needed role, ${then}`;
      case 404:
        return said`Something the inputs${field === undefined ? "" : said` (\`${term.field(field)}\`)`} refer to does not exist: fix the reference, ${then}`;
      case 409:
        return said`The input${named} conflicts with another object: change it in the ${term.program()} or free it, ${then}`;
      default:
        return said`Fix the cause above, ${then}`;
    }
  }
  // Not an API error: the resource's own message says what to do when it knows (processing
  // failures, timeouts of a wait); otherwise another run is the best advice there is.
  if (cause instanceof Error && cause.message.includes("pulumi up")) return said``;
  return again;
}
