import type { IncomingMessage } from "node:http";
import { hasBody, readBody } from "./body.ts";
import { ApiError, badRequest, forbidden } from "./errors.ts";
import { checkFaults } from "./faults.ts";
import { checkFixture, describeFixture, loadFixture, type Fixture } from "./fixtures.ts";
import { isLoopback, isLoopbackHost, loopbackHostRule } from "./loopback.ts";
import type { TokenDoc, UserDoc } from "./model.ts";
import { decodeSegment, type Result } from "./router.ts";
import type { EmulatorState } from "./state.ts";
import { EARLIEST_MS, LATEST_MS } from "./clock.ts";
import { validate } from "./validate.ts";
import { snapshotOf } from "./snapshot/dump.ts";
import { checkSnapshot, SnapshotError, type Snapshot } from "./snapshot/format.ts";
import { seedFromSnapshot } from "./snapshot/seed.ts";

const DAY_MS = 86_400_000;
/** The most one `POST /_control/clock` may advance the clock by, in days (100 years). */
const MAX_ADVANCE_DAYS = 36_500;
/** A date, a time and an optional zone: what `set` takes (Date.parse alone also takes "1" or "May 5"). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/i;

/**
 * A web page can send a POST with a text/plain, form or empty body without asking first (a
 * "simple" cross-origin request); it cannot send application/json without a CORS preflight,
 * which the emulator never grants. So every POST and PUT, and any other request with a body,
 * must be application/json.
 */
function needsJson(req: IncomingMessage, method: string): boolean {
  return method === "POST" || method === "PUT" || hasBody(req);
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** Replaces all state with `fixture`. */
export function resetTo(state: EmulatorState, fixture: Fixture): void {
  state.store.tx(() => {
    state.store.clear();
    loadFixture(state.store, state.clock, fixture);
  });
  state.fixture = fixture;
  state.fixtureInfo = describeFixture(fixture);
  delete state.seed;
}

/** Replaces all state with a snapshot's organization; its admin keeps the token in use, so clients keep working. */
export function restoreSnapshot(state: EmulatorState, snapshot: Snapshot): void {
  const token = state.fixtureInfo.token;
  let fixture: Fixture | undefined;
  state.store.tx(() => {
    state.store.clear();
    fixture = seedFromSnapshot(state.store, state.clock, snapshot, token);
  });
  state.fixture = fixture!;
  state.fixtureInfo = describeFixture(fixture!);
  state.seed = snapshot;
}

/**
 * The control surface (outside /v1, loopback only, no token). See README "Control surface".
 */
export async function handleControl(state: EmulatorState, req: IncomingMessage, method: string, path: string): Promise<Result> {
  if (!isLoopback(req.socket.remoteAddress)) throw forbidden("the control surface answers loopback clients only");
  if (!isLoopbackHost(req.headers.host, state.port)) {
    throw forbidden(`Host: the control surface answers requests addressed to ${loopbackHostRule(state.port)} only`);
  }
  if (needsJson(req, method) && !isJson(req.headers["content-type"])) {
    throw new ApiError(415, "content-type: control requests that change state or carry a body must be sent as application/json");
  }
  const route = `${method} ${path}`;
  const tokenRoute = /^\/_control\/tokens\/([^/]+)$/.exec(path);
  if (tokenRoute) {
    const token = decodeSegment(tokenRoute[1]);
    if (token === undefined) throw badRequest(`path: segment '${tokenRoute[1]}' is not valid percent-encoding`);
    return controlToken(state, req, method, token);
  }
  switch (route) {
    case "GET /_control":
      return {
        status: 200,
        body: {
          endpoints: [
            "POST /_control/reset",
            "POST /_control/fixture",
            "GET|PUT|DELETE /_control/faults",
            "GET|DELETE /_control/requests",
            "GET|POST /_control/clock",
            "GET|PUT /_control/settings",
            "PUT|DELETE /_control/tokens/{token}",
            "GET|PUT /_control/snapshot",
          ],
        },
      };
    case "POST /_control/reset": {
      if (state.seed) restoreSnapshot(state, state.seed);
      else resetTo(state, state.fixture);
      state.faults.clear();
      state.counts.clear();
      state.statuses.clear();
      state.requestLog.clear();
      state.clock.set(Date.now());
      return { status: 200, body: { fixture: state.fixtureInfo } };
    }
    case "POST /_control/fixture": {
      let fixture: Fixture;
      try {
        fixture = checkFixture(await readBody(req));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw badRequest((error as Error).message);
      }
      resetTo(state, fixture);
      return { status: 200, body: { fixture: state.fixtureInfo } };
    }
    case "GET /_control/snapshot":
      return { status: 200, body: snapshotOf(state.store, state.fixtureInfo.organization, state.clock.iso()) };
    case "PUT /_control/snapshot": {
      let snapshot: Snapshot;
      try {
        snapshot = checkSnapshot(await readBody(req), "the request body");
      } catch (error) {
        if (error instanceof SnapshotError) throw badRequest(error.message);
        throw error;
      }
      restoreSnapshot(state, snapshot);
      return { status: 200, body: { organization: state.fixtureInfo.organization, token: state.fixtureInfo.token } };
    }
    case "GET /_control/faults":
      return { status: 200, body: state.faults.config };
    case "PUT /_control/faults":
      state.faults.set(checkFaults(await readBody(req)));
      return { status: 200, body: state.faults.config };
    case "DELETE /_control/faults":
      state.faults.clear();
      return { status: 204 };
    case "GET /_control/requests": {
      const counts = Object.fromEntries([...state.counts.entries()].sort());
      const total = [...state.counts.values()].reduce((a, b) => a + b, 0);
      const statuses = Object.fromEntries([...state.statuses.entries()].sort(([a], [b]) => a - b));
      return { status: 200, body: { total, counts, statuses } };
    }
    case "DELETE /_control/requests":
      state.counts.clear();
      state.statuses.clear();
      state.requestLog.clear();
      return { status: 204 };
    case "GET /_control/clock":
      return { status: 200, body: { now: state.clock.iso(), offsetMs: state.clock.offsetMs } };
    case "POST /_control/clock": {
      // Each step at most 100 years: enough to cross any window the API has, far from the
      // limits of a Date (1e12 days once made the next request throw).
      const body = validate(await readBody(req), {
        advanceMs: { type: "number", minimum: 0, maximum: MAX_ADVANCE_DAYS * DAY_MS },
        advanceSeconds: { type: "number", minimum: 0, maximum: MAX_ADVANCE_DAYS * 86_400 },
        advanceDays: { type: "number", minimum: 0, maximum: MAX_ADVANCE_DAYS },
        set: { type: "string", max: 64 },
      });
      let target = state.clock.now();
      if (typeof body.set === "string") {
        target = Date.parse(body.set);
        if (!ISO_DATE_TIME.test(body.set) || Number.isNaN(target)) throw badRequest("set: must be an ISO 8601 date-time, e.g. 2030-01-01T00:00:00Z");
        if (target < EARLIEST_MS || target > LATEST_MS) throw badRequest("set: must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z");
      }
      target +=
        ((body.advanceMs as number | undefined) ?? 0) + ((body.advanceSeconds as number | undefined) ?? 0) * 1000 + ((body.advanceDays as number | undefined) ?? 0) * DAY_MS;
      if (target > LATEST_MS) throw badRequest("advanceMs, advanceSeconds, advanceDays: the clock would pass 9999-12-31T23:59:59.999Z, the latest instant it holds");
      // Checked above, so the clock takes it; set once, so a refused request changes nothing.
      state.clock.set(target);
      return { status: 200, body: { now: state.clock.iso(), offsetMs: state.clock.offsetMs } };
    }
    case "GET /_control/settings":
      return { status: 200, body: state.settings };
    case "PUT /_control/settings": {
      const body = validate(await readBody(req), { openapiProcessingMs: { type: "number", minimum: 0, maximum: 600_000 } });
      if (body.openapiProcessingMs !== undefined) state.settings.openapiProcessingMs = body.openapiProcessingMs as number;
      return { status: 200, body: state.settings };
    }
    default:
      throw new ApiError(404, `no control endpoint ${route}`);
  }
}

/**
 * `PUT /_control/tokens/{token}` `{user}` issues another API token for a user (a rotation's new
 * token); `DELETE /_control/tokens/{token}` revokes one, which the API then refuses with 401.
 */
async function controlToken(state: EmulatorState, req: IncomingMessage, method: string, token: string): Promise<Result> {
  if (method === "PUT") {
    const body = validate(await readBody(req), { user: { type: "string", required: true } });
    const user = state.store.get<UserDoc>("user", body.user as string);
    if (!user) throw badRequest(`user: no user ${JSON.stringify(body.user)} in the fixture`);
    if (state.store.get<TokenDoc>("token", token)) throw new ApiError(409, "token: already issued");
    state.store.insert<TokenDoc>("token", "", { id: token, user: user.id });
    return { status: 201, body: { token, user: user.id } };
  }
  if (method === "DELETE") {
    const existed = state.store.get<TokenDoc>("token", token) !== undefined;
    if (existed) state.store.delete("token", token);
    return { status: existed ? 205 : 204 };
  }
  throw new ApiError(405, `${method} is not allowed on /_control/tokens/{token}`);
}
