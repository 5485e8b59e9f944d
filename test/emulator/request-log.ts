/** One API request as the console's recent-requests page shows it. */
export interface LoggedRequest {
  /** When the answer went out, on the emulator clock (the clock every timestamp it writes uses). */
  at: string;
  method: string;
  /** `METHOD pattern`, the key of the request counts (`GET (no route)` when nothing matched). */
  route: string;
  /** The path as sent, without its query: a query can carry a share key. */
  path: string;
  /** null when a fault dropped the connection after the write committed: no answer was sent. */
  status: number | null;
  durationMs: number;
}

/** A path longer than this is cut, so that the log's memory stays bounded whatever clients send. */
const MAX_PATH = 300;

/**
 * The last `capacity` API requests, oldest overwritten first. An `up` of a large stack sends
 * thousands of requests; a ring keeps the newest without growing.
 */
export class RequestLog {
  readonly capacity: number;
  readonly #entries: LoggedRequest[] = [];
  #next = 0;

  constructor(capacity = 200) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity: must be a positive integer, got ${capacity}`);
    this.capacity = capacity;
  }

  add(entry: LoggedRequest): void {
    const stored = entry.path.length > MAX_PATH ? { ...entry, path: `${entry.path.slice(0, MAX_PATH)}…` } : entry;
    if (this.#entries.length < this.capacity) this.#entries.push(stored);
    else this.#entries[this.#next] = stored;
    this.#next = (this.#next + 1) % this.capacity;
  }

  oldestFirst(): LoggedRequest[] {
    return this.#entries.length < this.capacity ? [...this.#entries] : [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)];
  }

  newestFirst(): LoggedRequest[] {
    return this.oldestFirst().reverse();
  }

  /** Adds entries saved by an earlier run (oldest first), skipping anything that is not an entry. */
  restore(saved: unknown): void {
    if (!Array.isArray(saved)) return;
    for (const entry of saved) if (isLoggedRequest(entry)) this.add(entry);
  }

  get size(): number {
    return this.#entries.length;
  }

  clear(): void {
    this.#entries.length = 0;
    this.#next = 0;
  }
}

function isLoggedRequest(value: unknown): value is LoggedRequest {
  const entry = value as Partial<LoggedRequest> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.at === "string" &&
    typeof entry.method === "string" &&
    typeof entry.route === "string" &&
    typeof entry.path === "string" &&
    (entry.status === null || typeof entry.status === "number") &&
    typeof entry.durationMs === "number"
  );
}
