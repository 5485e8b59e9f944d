import { abortReason } from "./abort";

/**
 * A counting semaphore: at most `limit` tasks hold a slot at once; waiters are served first come,
 * first served. One per client, so every resource of the provider process shares the budget.
 */
export class Limiter {
  readonly limit: number;
  #active = 0;
  readonly #waiters: Array<() => void> = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`maxConcurrentRequests must be an integer >= 1, got ${limit}`);
    }
    this.limit = limit;
  }

  /** Tasks holding a slot now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot now. */
  get pending(): number {
    return this.#waiters.length;
  }

  /**
   * Runs `task` once a slot is free and releases the slot when it settles. Rejects with the
   * signal's reason, without running `task`, if `signal` aborts while waiting.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (this.#active < this.limit) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const index = this.#waiters.indexOf(grant);
        if (index !== -1) this.#waiters.splice(index, 1);
        // Only an abort of `signal` calls this: it is set.
        reject(abortReason(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(grant);
    });
  }

  #release(): void {
    const next = this.#waiters.shift();
    // The slot passes straight to the next waiter, so `active` never dips and lets a newcomer
    // jump the queue.
    if (next !== undefined) next();
    else this.#active--;
  }
}
