/**
 * Thrown by a multi-step create when the object exists but a later step failed (publish, add
 * members, ...). The adapter turns it into the error shape the provider host records as a
 * partially created resource (ErrorResourceInitFailed): the object is kept in state with the
 * outputs given here, so nothing is orphaned and the next `pulumi up` finishes the job through
 * `update`. The outputs must describe the object as it really is now.
 */
export class PartialCreateError extends Error {
  readonly id: string;
  readonly outputs: Record<string, unknown>;
  readonly reasons: string[];

  constructor(id: string, outputs: Record<string, unknown>, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`created ${id} but could not finish: ${reason}. Run \`pulumi up\` again to finish.`, { cause });
    this.name = "PartialCreateError";
    this.id = id;
    this.outputs = outputs;
    this.reasons = [reason];
  }
}
