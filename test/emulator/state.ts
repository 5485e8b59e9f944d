import type { Clock } from "./clock.ts";
import type { Settings } from "./context.ts";
import type { Faults } from "./faults.ts";
import type { Snapshot } from "./snapshot/format.ts";
import type { Fixture, FixtureInfo } from "./fixtures.ts";
import type { RequestLog } from "./request-log.ts";
import type { Router } from "./router.ts";
import type { Store } from "./storage.ts";

/** The running emulator's shared parts. */
export interface EmulatorState {
  store: Store;
  clock: Clock;
  router: Router;
  faults: Faults;
  settings: Settings;
  /** Requests per `METHOD /v1/pattern` since start or the last DELETE /_control/requests. */
  counts: Map<string, number>;
  /** Answers by HTTP status (API requests only, not the control surface), reset with `counts`. */
  statuses: Map<number, number>;
  /** The most recent API requests, for the console; cleared with `counts`. */
  requestLog: RequestLog;
  origin: string;
  /** The port the server listens on: a request's Host must name it (loopback.ts). */
  port: number;
  fixture: Fixture;
  /** The snapshot the emulator was seeded from (`--seed`, `PUT /_control/snapshot`): what a reset restores. */
  seed?: Snapshot;
  fixtureInfo: FixtureInfo;
}
