import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Clock } from "./clock.ts";
import { Faults, type FaultConfig } from "./faults.ts";
import { checkFixture, describeFixture, loadFixture, readFixture, type Fixture, type FixtureInfo } from "./fixtures.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { memberTeamRoutes } from "./routes/members-teams.ts";
import { openapiRoutes } from "./routes/openapi.ts";
import { organizationRoutes } from "./routes/organizations.ts";
import { samlRoutes } from "./routes/saml.ts";
import { siteStructureRoutes } from "./routes/site-structure.ts";
import { siteRoutes } from "./routes/sites.ts";
import { customizationRoutes } from "./routes/customization.ts";
import { spaceRoutes } from "./routes/spaces.ts";
import { translationRoutes } from "./routes/translations.ts";
import { RequestLog } from "./request-log.ts";
import { Router } from "./router.ts";
import { createHandler } from "./server.ts";
import type { EmulatorState } from "./state.ts";
import { Store } from "./storage.ts";
import { snapshotOf } from "./snapshot/dump.ts";
import { checkSnapshot, readSnapshot, type Snapshot } from "./snapshot/format.ts";
import { fixtureFromStore, seedFromSnapshot } from "./snapshot/seed.ts";

export type { Snapshot } from "./snapshot/format.ts";
export { SnapshotError } from "./snapshot/format.ts";

/** The emulator serves loopback clients only: the host it listens on must be a loopback address. */
function listenHost(host: string | undefined): string {
  const chosen = host ?? "127.0.0.1";
  if (!["127.0.0.1", "localhost", "::1"].includes(chosen)) {
    throw new Error(`host ${JSON.stringify(chosen)}: the emulator listens on loopback only (127.0.0.1, localhost or ::1)`);
  }
  return chosen;
}

export type { FaultConfig } from "./faults.ts";
export type { Fixture, FixtureInfo, FixtureMember } from "./fixtures.ts";

export const DEMO_FIXTURE = fileURLToPath(new URL("./fixtures/demo.json", import.meta.url));
export const DEFAULT_OPENAPI_PROCESSING_MS = 200;
const REQUEST_LOG_KEY = "request-log";

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** SQLite file, or ":memory:" (the default here; the CLI defaults to a file). */
  db?: string;
  /** A fixture object or the path of a fixture file; default the demo fixture. */
  fixture?: Fixture | string;
  /** Duration of OpenAPI processing; see README. */
  openapiProcessingMs?: number;
  /**
   * Start from a snapshot of an organization (snapshot/format.ts; an object or a file path)
   * instead of the fixture, when the database is empty.
   */
  seed?: Snapshot | string;
  /** With `seed`: the token of the snapshot's first admin (default: a new random one). */
  token?: string;
  /** Host to listen on; loopback only (default 127.0.0.1). */
  host?: string;
  /** Base of the emulator clock (default Date.now); the control surface can still advance it. */
  now?: () => number;
}

export interface Emulator {
  /** `http://127.0.0.1:<port>/v1` (`http://[::1]:<port>/v1` when listening on ::1) */
  url: string;
  /** `http://127.0.0.1:<port>/_control` */
  controlUrl: string;
  origin: string;
  port: number;
  fixture: FixtureInfo;
  /** Whether the fixture was loaded now (false when a file db already held data). */
  loadedFixture: boolean;
  /** Programmatic shortcuts for the control surface. */
  advanceClock(ms: number): void;
  setFaults(config: FaultConfig): void;
  /** The first organization's configuration plane as a snapshot (what `GET /_control/snapshot` answers). */
  snapshot(): Snapshot;
  close(): Promise<void>;
}

export function buildRouter(): Router {
  const router = new Router();
  for (const routes of [
    organizationRoutes,
    memberTeamRoutes,
    samlRoutes,
    spaceRoutes,
    collectionRoutes,
    siteRoutes,
    siteStructureRoutes,
    customizationRoutes,
    openapiRoutes,
    translationRoutes,
  ]) {
    router.add(routes);
  }
  return router;
}

/** The recent requests an earlier run saved; nothing when there are none or they do not parse. */
function savedRequests(store: Store): unknown {
  try {
    return JSON.parse(store.getMeta(REQUEST_LOG_KEY) ?? "[]");
  } catch {
    return [];
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const seed = typeof options.seed === "string" ? readSnapshot(options.seed) : options.seed !== undefined ? checkSnapshot(options.seed) : undefined;
  let fixture = seed ? undefined : typeof options.fixture === "object" ? checkFixture(options.fixture) : readFixture(options.fixture ?? DEMO_FIXTURE);
  const store = new Store(options.db ?? ":memory:");
  const clock = new Clock(options.now);
  // A file that already holds data keeps it: the fixture (or the snapshot) only seeds an empty database.
  const loadedFixture = store.isEmpty();
  if (loadedFixture && seed) fixture = seedFromSnapshot(store, clock, seed, options.token);
  else if (loadedFixture) loadFixture(store, clock, fixture!);
  // A file seeded from a snapshot earlier: its users and tokens are in the store.
  fixture ??= fixtureFromStore(store);
  // The recent requests outlive a restart on a file, so the console still shows what the last
  // `npm start` sent after the quickstart has stopped its emulator.
  const requestLog = new RequestLog();
  requestLog.restore(savedRequests(store));
  const faults = new Faults();
  const state: EmulatorState = {
    store,
    clock,
    router: buildRouter(),
    faults,
    settings: { openapiProcessingMs: options.openapiProcessingMs ?? DEFAULT_OPENAPI_PROCESSING_MS },
    counts: new Map(),
    statuses: new Map(),
    requestLog,
    origin: "",
    port: 0,
    fixture,
    fixtureInfo: describeFixture(fixture),
    ...(seed ? { seed } : {}),
  };
  const handle = createHandler(state);
  // The handler answers every error itself (a 500 at worst): its promise never rejects.
  const server: Server = createServer({ keepAlive: true }, (req, res) => void handle(req, res));
  // Node closes an idle keep-alive socket after 5 s, and a client that sends on it at that moment
  // gets ECONNRESET (the race every keep-alive server has; clients keep a 1 s margin, which a busy
  // 2-core machine eats). A minute is longer than any pause between a test's requests.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, listenHost(options.host), () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  // The address actually bound (`localhost` may resolve to ::1): an IPv6 one needs brackets in a URL.
  state.origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  state.port = port;
  return {
    url: `${state.origin}/v1`,
    controlUrl: `${state.origin}/_control`,
    origin: state.origin,
    port,
    get fixture() {
      return state.fixtureInfo;
    },
    loadedFixture,
    advanceClock: (ms) => clock.advance(ms),
    setFaults: (config) => faults.set(config),
    snapshot: () => snapshotOf(store, state.fixtureInfo.organization, clock.iso()),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.setMeta(REQUEST_LOG_KEY, JSON.stringify(requestLog.oldestFirst()));
      store.close();
    },
  };
}
