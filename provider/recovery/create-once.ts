/**
 * Creates an object exactly once, whatever the network and the CLI do.
 *
 * A create request whose outcome is unknown (a 5xx, a connection lost after the request was sent,
 * a timeout) is never sent again blindly: the object it may have made is looked for first, by the
 * natural key or, for kinds without one, by a fingerprint of the create body. Found once, it is
 * taken over; not found, the request is sent again; found several times, the create fails and
 * names the candidates and the `adopt` input that takes one over.
 *
 * The create journal (create-journal.ts) carries the same question across a crash: a create that
 * an earlier, interrupted run started for the same resource is settled the same way before
 * anything is sent.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULTS, isApiError, isConflictError, isOutcomeUnknown, withAttempts } from "../client";
import type { ResourceContext } from "./context";
import type { JournalEntry } from "./create-journal";
import { type Said, SaidError, said, term } from "../adapter/door-words";

const RESEND_DELAY_MS = { base: 250, max: 4_000 };

/**
 * An object counts as possibly made by this create when the server says it was created no earlier
 * than this before the create started: room for the server's clock running behind this machine's.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 10 * 60_000;

export interface CreateOnce<T> {
  /** Resource kind, e.g. `Collection`. */
  kind: string;
  /** The object as a person names it in a message, e.g. `collection "Guides"`. */
  describe: string;
  /** How `find` matches, e.g. "title within its parent collection"; for messages. */
  matchedBy: string;
  /** Sends the create request once; the client must not re-send it (`idempotent: false`). */
  send(): Promise<T>;
  /** Every existing object that this create would have made (natural key or fingerprint). */
  find(): Promise<T[]>;
  /** Reads one object by id; undefined when it does not exist. */
  get(id: string): Promise<T | undefined>;
  idOf(object: T): string;
  /** The server's creation time of an object, when the API gives one. */
  createdAtOf?(object: T): string | undefined;
}

/** Several existing objects could be the one an interrupted create made. */
export class AmbiguousCreateError extends SaidError {
  readonly candidates: string[];
  constructor(message: Said, candidates: string[]) {
    super(message);
    this.name = "AmbiguousCreateError";
    this.candidates = candidates;
  }
}

function notBefore<T>(spec: CreateOnce<T>, objects: T[], startedAt: number): T[] {
  if (!spec.createdAtOf) return objects;
  const earliest = startedAt - CLOCK_SKEW_ALLOWANCE_MS;
  return objects.filter((object) => {
    const at = Date.parse(spec.createdAtOf!(object) ?? "");
    return Number.isNaN(at) || at >= earliest;
  });
}

function ambiguous<T>(spec: CreateOnce<T>, candidates: T[], why: string | Said): AmbiguousCreateError {
  const ids = candidates.map((candidate) => spec.idOf(candidate));
  return new AmbiguousCreateError(
    said`${why}, and ${ids.length} existing ${spec.kind} objects match it by ${spec.matchedBy} (${ids.join(", ")}), so this provider cannot tell which one, if any, it made. Nothing was created. Check them, delete the ones not wanted, and take over the right one ${term.takeOver(`with adopt: { id: "${ids[0]}" } (or its id)`, ids[0])}, then run ${term.apply()} again.`,
    ids,
  );
}

/**
 * Settles what `startedAt`'s create made: the one matching object, or undefined when there is
 * none. Throws when several match.
 */
async function settle<T>(spec: CreateOnce<T>, startedAt: number, why: string | Said): Promise<T | undefined> {
  const candidates = notBefore(spec, await spec.find(), startedAt);
  if (candidates.length > 1) throw ambiguous(spec, candidates, why);
  return candidates[0];
}

/** Finishes a create that an interrupted run started for the same resource, if there is one. */
async function recover<T>(spec: CreateOnce<T>, entry: JournalEntry): Promise<T | undefined> {
  if (entry.id !== undefined) return spec.get(entry.id);
  return settle(spec, entry.startedAt, said`An earlier ${term.apply()} was interrupted while creating this ${spec.describe}`);
}

/**
 * Sends `spec`'s create exactly once in effect; returns the object made or taken over.
 * `ctx.createKey` names the resource in the create journal; without it (a direct call in a test)
 * only the in-call recovery applies.
 */
export async function createOnce<T>(ctx: ResourceContext, spec: CreateOnce<T>): Promise<T> {
  const journal = ctx.createKey === undefined ? undefined : ctx.journal;
  const earlier = journal?.lookup(ctx.createKey!);
  if (earlier) {
    const recovered = await recover(spec, earlier);
    if (recovered !== undefined) {
      journal!.created(earlier, spec.idOf(recovered));
      return recovered;
    }
    journal!.abandon(earlier);
  }

  const entry = journal?.begin(ctx.createKey!, spec.kind);
  const startedAt = entry?.startedAt ?? Date.now();
  const done = (object: T): T => {
    if (entry) journal!.created(entry, spec.idOf(object));
    return object;
  };
  // The create is sent again, after its effect was looked for and not found, until the deadline:
  // a fixed count fails one create in a few thousand under a flaky service, and with it the `up`.
  const began = Date.now();
  const { maxRetries, deadlineMs } = ctx.api.retryPolicy ?? DEFAULTS;
  let unknownOutcome: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      return done(await spec.send());
    } catch (error) {
      if (unknownOutcome !== undefined && isConflictError(error)) {
        // The object this create would make exists now: an earlier attempt made it after all.
        const made = await settle(spec, startedAt, `Creating this ${spec.describe} answered ${describeError(unknownOutcome)}`);
        if (made !== undefined) return done(made);
      }
      if (!isOutcomeUnknown(error)) {
        if (entry) journal!.abandon(entry);
        throw error;
      }
      unknownOutcome = error;
      const made = await settle(spec, startedAt, `Creating this ${spec.describe} answered ${describeError(error)}`);
      if (made !== undefined) return done(made);
      // Nothing was made: the request may be sent again.
      const ceiling = Math.min(RESEND_DELAY_MS.max, RESEND_DELAY_MS.base * 2 ** (attempt - 1));
      const delay = Math.floor(Math.random() * ceiling);
      if (maxRetries === 0 || Date.now() + delay - began >= deadlineMs) {
        if (entry) journal!.abandon(entry);
        throw maxRetries === 0 ? error : gaveUp(spec, error, attempt, began, deadlineMs);
      }
      await sleep(delay);
    }
  }
}

/**
 * The last answer of a create that ran out of its deadline, saying how many times it was sent
 * (each time after looking for what the one before may have made, and finding nothing) and that
 * nothing was made, so the next `pulumi up` simply creates it.
 */
function gaveUp<T>(spec: CreateOnce<T>, error: unknown, attempts: number, began: number, deadlineMs: number): unknown {
  if (!isApiError(error)) return error;
  const seconds = Math.round((Date.now() - began) / 1000);
  return withAttempts(
    error,
    `${error.message}; gave up creating this ${spec.describe} after ${attempts} attempts over ${seconds} s ` +
      `(the operation's deadline, deadlineMs ${deadlineMs}, ran out), each followed by a search by ${spec.matchedBy} that found nothing made`,
    attempts,
  );
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `"${message}"`;
}
