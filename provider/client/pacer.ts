/**
 * Client-side request rate: spaces the starts of requests so a rate-limited service is not run
 * into its 429s (the retries after a 429 stay as the last line of defence).
 *
 * Two settings, either or both (the stricter wins at every step):
 * - `requestsPerSecond`: a fixed pace, at most one request start every 1/rps seconds;
 * - `rateLimitShare` (0..1]: at most that share of the service's advertised `X-RateLimit-Limit`
 *   per window. After every response carrying the headers, what this client may still send in the
 *   window is `share x limit - (limit - remaining)` (what others used counts too), spread evenly
 *   over the time left until `X-RateLimit-Reset`; with nothing left, the next request waits for
 *   the reset. While the limit is not known (before the first response, or once the window it
 *   describes has ended), one request at a time: the next waits for an answer to tell it.
 *
 * Requests take their turn in call order. The wait happens before a call's deadline starts (see
 * ApiClient.request): a long queue behind a slow pace is the user's choice, not the API's fault.
 */
import type { ResponseHeaders } from "./headers";
import { headerValue } from "./headers";

export interface PaceOptions {
  requestsPerSecond?: number;
  rateLimitShare?: number;
}

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

interface Advertised {
  limit: number;
  remaining: number;
  resetAtMs: number;
}

/** How long to wait for a response's headers before pacing blind (ms). */
const OBSERVATION_WAIT_MS = 10_000;

export class RequestPacer {
  readonly #minGapMs: number;
  readonly #share: number | undefined;
  readonly #clock: PacerClock;
  #queue: Promise<void> = Promise.resolve();
  #lastStartMs = Number.NEGATIVE_INFINITY;
  #advertised: Advertised | undefined;
  /** Requests started since the last observation: in flight, not yet counted in `remaining`. */
  #startedSinceObservation = 0;
  #nextObservation!: Promise<void>;
  #observed!: () => void;

  constructor(options: PaceOptions, clock: PacerClock) {
    this.#minGapMs = options.requestsPerSecond === undefined ? 0 : 1000 / options.requestsPerSecond;
    this.#share = options.rateLimitShare;
    this.#clock = clock;
    this.#renewObservation();
  }

  #renewObservation(): void {
    this.#nextObservation = new Promise((resolve) => (this.#observed = resolve));
  }

  /** Whether any pacing is configured; a client without it never calls the pacer. */
  static isConfigured(options: PaceOptions): boolean {
    return options.requestsPerSecond !== undefined || options.rateLimitShare !== undefined;
  }

  /** Resolves when the caller's request may start; turns are taken in call order. */
  turn(): Promise<void> {
    const mine = this.#queue.then(() => this.#waitForTurn());
    this.#queue = mine.catch(() => undefined);
    return mine;
  }

  /** Takes the rate-limit headers of a response (any status) into account. */
  observe(headers: ResponseHeaders): void {
    const limit = Number(headerValue(headers, "x-ratelimit-limit"));
    const remaining = Number(headerValue(headers, "x-ratelimit-remaining"));
    const reset = Number(headerValue(headers, "x-ratelimit-reset"));
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(reset) || limit <= 0) return;
    this.#advertised = { limit, remaining: Math.max(0, remaining), resetAtMs: reset * 1000 };
    this.#startedSinceObservation = 0;
    this.#observed();
    this.#renewObservation();
  }

  async #waitForTurn(): Promise<void> {
    if (this.#share !== undefined && this.#startedSinceObservation > 0 && !this.#knowsWindow(this.#clock.now())) {
      // The limit of this window is not known: wait for an answer to tell it, not forever.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.#nextObservation, new Promise<void>((resolve) => (timer = setTimeout(resolve, OBSERVATION_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const now = this.#clock.now();
    const startAt = Math.max(now, this.#earliestStart(now));
    if (startAt > now) await this.#clock.sleep(startAt - now);
    this.#lastStartMs = Math.max(startAt, this.#clock.now());
    this.#startedSinceObservation++;
  }

  #knowsWindow(now: number): boolean {
    return this.#advertised !== undefined && now < this.#advertised.resetAtMs;
  }

  #earliestStart(now: number): number {
    let earliest = this.#lastStartMs + this.#minGapMs;
    const advertised = this.#advertised;
    if (this.#share !== undefined && advertised !== undefined && now < advertised.resetAtMs) {
      const used = advertised.limit - advertised.remaining + this.#startedSinceObservation;
      const allowed = Math.floor(this.#share * advertised.limit) - used;
      const timeLeft = advertised.resetAtMs - now;
      earliest = Math.max(earliest, allowed <= 0 ? advertised.resetAtMs : this.#lastStartMs + timeLeft / allowed);
    }
    return earliest;
  }
}
