/**
 * The error an aborted signal's work rejects with: the signal's reason. `abort()` without an
 * argument gives a DOMException named AbortError, an Error like any reason the provider passes;
 * a reason that is not an Error (`abort("why")` by a caller) is wrapped, so every rejection
 * carries a stack and a message.
 */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(`aborted: ${String(reason)}`);
}
