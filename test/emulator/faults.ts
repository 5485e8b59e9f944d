import { badRequest } from "./errors.ts";
import { validate } from "./validate.ts";

/** Fault injection settings (PUT /_control/faults). Every random choice comes from `seed`. */
export interface FaultConfig {
  seed?: number;
  /** Only requests whose `METHOD /v1/pattern` contains this string are affected (all when absent). */
  match?: string;
  latencyMs?: number;
  /** Probability (0..1) that a request answers `errorStatus` (default 503) without running. */
  errorRate?: number;
  errorStatus?: number;
  /** A fixed-window rate limiter on the emulator clock; every matched response carries the headers. */
  rateLimit?: { limit: number; windowSeconds: number };
  /** The next `count` matched requests answer 429 with `Retry-After: retryAfterSeconds`. */
  burst429?: { count: number; retryAfterSeconds?: number };
  /** Writes (non-GET) that commit and then lose their connection: the next `count`, or with probability `rate`. */
  dropAfterCommit?: { count?: number; rate?: number };
}

export type FaultDecision = { kind: "none"; headers: Record<string, string> } | { kind: "reject"; status: number; message: string; headers: Record<string, string> };

/** mulberry32: small, fast and seedable, so a run with the same seed repeats exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function checkFaults(body: unknown): FaultConfig {
  return validate(body, {
    seed: { type: "number", integer: true },
    match: { type: "string" },
    latencyMs: { type: "number", minimum: 0, maximum: 60_000 },
    errorRate: { type: "number", minimum: 0, maximum: 1 },
    errorStatus: { type: "number", integer: true, minimum: 500, maximum: 599 },
    rateLimit: {
      type: "object",
      fields: {
        limit: { type: "number", integer: true, minimum: 0, required: true },
        windowSeconds: { type: "number", minimum: 1, required: true },
      },
    },
    burst429: {
      type: "object",
      fields: {
        count: { type: "number", integer: true, minimum: 0, required: true },
        retryAfterSeconds: { type: "number", integer: true, minimum: 0 },
      },
    },
    dropAfterCommit: {
      type: "object",
      fields: { count: { type: "number", integer: true, minimum: 0 }, rate: { type: "number", minimum: 0, maximum: 1 } },
    },
  });
}

export class Faults {
  config: FaultConfig = {};
  #random = prng(1);
  #burstLeft = 0;
  #dropLeft = 0;
  #window = { start: 0, used: 0 };

  set(config: FaultConfig): void {
    if (config.rateLimit && config.rateLimit.windowSeconds <= 0) throw badRequest("rateLimit.windowSeconds: must be positive");
    this.config = config;
    this.#random = prng(config.seed ?? 1);
    this.#burstLeft = config.burst429?.count ?? 0;
    this.#dropLeft = config.dropAfterCommit?.count ?? 0;
    this.#window = { start: 0, used: 0 };
  }

  clear(): void {
    this.set({});
  }

  active(): boolean {
    const c = this.config;
    return c.latencyMs !== undefined || c.errorRate !== undefined || c.rateLimit !== undefined || c.burst429 !== undefined || c.dropAfterCommit !== undefined;
  }

  matches(routeKey: string): boolean {
    return this.config.match === undefined || routeKey.includes(this.config.match);
  }

  latency(): number {
    return this.config.latencyMs ?? 0;
  }

  /** Decides, before the request runs, whether it is throttled or fails. */
  decide(nowMs: number): FaultDecision {
    const headers: Record<string, string> = {};
    const c = this.config;
    if (c.rateLimit) {
      const windowMs = c.rateLimit.windowSeconds * 1000;
      const start = Math.floor(nowMs / windowMs) * windowMs;
      if (start !== this.#window.start) this.#window = { start, used: 0 };
      this.#window.used++;
      const reset = Math.ceil((start + windowMs) / 1000);
      headers["x-ratelimit-limit"] = String(c.rateLimit.limit);
      headers["x-ratelimit-remaining"] = String(Math.max(0, c.rateLimit.limit - this.#window.used));
      headers["x-ratelimit-reset"] = String(reset);
      if (this.#window.used > c.rateLimit.limit) {
        headers["retry-after"] = String(Math.max(1, reset - Math.floor(nowMs / 1000)));
        return { kind: "reject", status: 429, message: "rate limit exceeded", headers };
      }
    }
    if (this.#burstLeft > 0) {
      this.#burstLeft--;
      const retryAfter = c.burst429?.retryAfterSeconds ?? 1;
      headers["x-ratelimit-limit"] ??= String(c.rateLimit?.limit ?? c.burst429!.count);
      headers["x-ratelimit-remaining"] = "0";
      headers["x-ratelimit-reset"] = String(Math.ceil(nowMs / 1000) + retryAfter);
      headers["retry-after"] = String(retryAfter);
      return { kind: "reject", status: 429, message: "rate limit exceeded (injected burst)", headers };
    }
    if (c.errorRate !== undefined && this.#random() < c.errorRate) {
      return { kind: "reject", status: c.errorStatus ?? 503, message: "injected server error", headers };
    }
    return { kind: "none", headers };
  }

  /** Whether a committed write should now lose its connection instead of answering. */
  dropAfterCommit(): boolean {
    const d = this.config.dropAfterCommit;
    if (!d) return false;
    if (this.#dropLeft > 0) {
      this.#dropLeft--;
      return true;
    }
    return d.rate !== undefined && this.#random() < d.rate;
  }
}
