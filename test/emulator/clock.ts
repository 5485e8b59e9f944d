/**
 * The emulator's notion of "now". Tests advance it through the control surface so the 7-day
 * restore window and OpenAPI processing can be crossed without waiting.
 */
export class Clock {
  #offsetMs = 0;
  readonly #source: () => number;

  constructor(source: () => number = Date.now) {
    this.#source = source;
  }

  now(): number {
    return this.#source() + this.#offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  /** Sets the clock to an absolute instant by adjusting the offset. */
  set(epochMs: number): void {
    this.#offsetMs = epochMs - this.#source();
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
