/**
 * Builds clients for the tests with an instant, recording sleep, so retry tests take
 * milliseconds and can assert the exact waits the client chose.
 */
import { inspect } from "node:util";
import { afterEach } from "vitest";
import { ApiClient, type ApiError, type ClientOptions } from "../../provider/client/index.ts";
import type { ClientInternals } from "../../provider/client/options.ts";
import type { HostileServer } from "./hostile-server.ts";

export const TOKEN = "tok_live_3f9a8b7c6d5e4f3a2b1c";

export interface TestClient {
  client: ApiClient;
  /** Every wait the client asked for, in ms, in order. */
  sleeps: number[];
  /** Lines the client logged. */
  logs: string[];
}

const open: Array<{ close(): Promise<void> }> = [];

// Every client and server made by a test is closed after it, passing or failing. In creation
// order, so servers (usually made first) go first: their sockets are destroyed, in-flight
// requests fail, and a client's graceful close has nothing left to wait for.
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

/** Registers a server (or anything closable) to be closed after the current test. */
export function track<T extends { close(): Promise<void> }>(item: T): T {
  open.push(item);
  return item;
}

export function testClient(target: HostileServer | string, options: Partial<ClientOptions> = {}, internals: ClientInternals = {}): TestClient {
  const sleeps: number[] = [];
  const logs: string[] = [];
  const client = new ApiClient(
    {
      baseUrl: typeof target === "string" ? target : target.baseUrl,
      token: TOKEN,
      log: (line) => logs.push(line),
      ...options,
    },
    {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      // Middle of the jitter range, so backoff waits are exact and non-zero.
      random: () => 0.5,
      ...internals,
    },
  );
  track(client);
  return { client, sleeps, logs };
}

/** The error a call that must fail rejects with. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

/** Every way an error gets turned into text by a program, a logger or Pulumi. */
export function renderings(error: unknown): string[] {
  return [
    String(error),
    (error as Error).message,
    (error as Error).stack ?? "",
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(Object.entries(error as object)),
  ];
}
