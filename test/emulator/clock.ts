/**
 * The emulator's notion of "now". Tests advance it through the control surface so the 7-day
 * restore window and OpenAPI processing can be crossed without waiting.
 *
 * It stays between 1970 and the end of 9999: every instant in that range is a four-digit-year
 * ISO 8601 string, and a route's arithmetic on it (a restore window, a processing delay) stays
 * far inside the range a JavaScript Date can hold, so nothing downstream can throw a RangeError.
 */
export const EARLIEST_MS = 0;
/** 9999-12-31T23:59:59.999Z */
export const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export class ClockRangeError extends RangeError {}

export class Clock {
  #offsetMs = 0;
  readonly #source: () => number;

  constructor(source: () => number = Date.now) {
    this.#source = source;
  }

  now(): number {
    // Time goes on after a set to the latest instant: it stops there, or the next millisecond
    // would be year 10000 (seen under load, between the set and the control call's answer).
    return Math.min(LATEST_MS, this.#source() + this.#offsetMs);
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(ms: number): void {
    this.#offsetMs = this.#offsetTo(this.now() + ms, `advancing by ${ms} ms`);
  }

  /** Sets the clock to an absolute instant by adjusting the offset. */
  set(epochMs: number): void {
    this.#offsetMs = this.#offsetTo(epochMs, `setting it to ${epochMs} ms since 1970`);
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  #offsetTo(target: number, what: string): number {
    if (!Number.isFinite(target) || target < EARLIEST_MS || target > LATEST_MS) {
      throw new ClockRangeError(`the clock must stay between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z; ${what} would leave that range`);
    }
    return target - this.#source();
  }
}
