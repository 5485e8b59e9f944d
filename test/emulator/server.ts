import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "./auth.ts";
import { handleConsole, isConsolePath } from "./console/serve.ts";
import { Context } from "./context.ts";
import { handleControl } from "./control.ts";
import { bodyLeftUnread, ClientGone, readBody } from "./body.ts";
import { ApiError, errorBody } from "./errors.ts";
import { isLoopbackHost, loopbackHostRule } from "./loopback.ts";
import { malformedSegment } from "./router.ts";
import type { EmulatorState } from "./state.ts";

function send(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  // A request answered before its body was read (401, 404, 413, a fault) must not keep its
  // connection: Node would go on reading the rest of the body, however large, to reuse it.
  const headers = bodyLeftUnread(res.req) ? { ...extraHeaders, connection: "close" } : extraHeaders;
  if (status === 204 || status === 205 || body === undefined) {
    // A 205 carries no content; say so with a zero length (Node would otherwise send it chunked).
    res.writeHead(status, status === 205 ? { ...headers, "content-length": 0 } : headers);
    res.end();
    return;
  }
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  send(res, error.status, errorBody(error.status, error.message), error.headers);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The request pipeline: control surface, console, path, route match, faults, auth, body, handler in
 * a transaction.
 */
export function createHandler(state: EmulatorState) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const path = q === -1 ? raw : raw.slice(0, q);
    const method = req.method ?? "GET";
    let faultHeaders: Record<string, string> = {};
    let key = `${method} (no route)`;
    // Errors of the control surface reach the catch below too; only API requests go into the log.
    let api = false;
    const started = performance.now();
    // Every API answer, error or not, goes into the console's recent requests with its status.
    const answered = (status: number | null) => {
      // Only API requests count: a rejected control call is no API status.
      if (status !== null && api) countStatus(state, status);
      if (api) state.requestLog.add({ at: state.clock.iso(), method, route: key, path, status, durationMs: performance.now() - started });
    };
    try {
      if (path === "/_control" || path.startsWith("/_control/")) {
        const result = await handleControl(state, req, method, path);
        send(res, result.status, result.body);
        return;
      }
      // The console answers its own pages; they are not API requests, so they are neither counted nor logged.
      if (isConsolePath(path)) {
        handleConsole(state, req, res, method, path);
        return;
      }
      // The API's demo tokens are published: a web page that rebinds its own name to 127.0.0.1 must
      // not read the twin with them. Its requests carry its name in Host; this machine's carry loopback.
      if (!isLoopbackHost(req.headers.host, state.port)) {
        throw new ApiError(421, `Host: the API answers requests addressed to ${loopbackHostRule(state.port)} only, not ${JSON.stringify(req.headers.host ?? "")}`);
      }
      api = true;
      const malformed = malformedSegment(path);
      const match = malformed === undefined ? state.router.match(method, path) : undefined;
      if (match) key = `${method} ${match.route.pattern}`;
      state.counts.set(key, (state.counts.get(key) ?? 0) + 1);
      if (malformed !== undefined) throw new ApiError(400, `path: segment '${malformed}' is not valid percent-encoding`);

      const faulted = state.faults.active() && state.faults.matches(key);
      if (faulted) {
        const latency = state.faults.latency();
        if (latency > 0) await sleep(latency);
        const decision = state.faults.decide(state.clock.now());
        faultHeaders = decision.headers;
        if (decision.kind === "reject") throw new ApiError(decision.status, decision.message, decision.headers);
      }

      if (!match) {
        if (state.router.pathExists(path)) throw new ApiError(405, `${method} is not allowed on ${path}`);
        throw new ApiError(404, `no route for ${method} ${path}`);
      }
      // The token first: a client without one gets its 401 before any of its body is read.
      const user = authenticate(state.store, req.headers.authorization);
      const body = method === "GET" || method === "DELETE" ? undefined : await readBody(req);
      const ctx = new Context({
        route: match.route,
        params: match.params,
        query: new URLSearchParams(q === -1 ? "" : raw.slice(q + 1)),
        body,
        user,
        origin: state.origin,
        store: state.store,
        clock: state.clock,
        settings: state.settings,
      });
      const write = method !== "GET";
      const result = write ? state.store.tx(() => match.route.handler(ctx)) : match.route.handler(ctx);
      if (write && faulted && state.faults.dropAfterCommit()) {
        // The write is committed; the client only sees its connection die.
        answered(null);
        req.socket.destroy();
        return;
      }
      answered(result.status);
      send(res, result.status, result.body, faultHeaders);
    } catch (error) {
      if (error instanceof ApiError) {
        answered(error.status);
        // Rate-limit headers ride on every matched response, errors included.
        sendError(res, new ApiError(error.status, error.message, { ...faultHeaders, ...error.headers }));
        return;
      }
      // A client that went away mid-request (its body cut short) got no answer: nothing to count as
      // a 500, nothing unexpected to log.
      if (error instanceof ClientGone) {
        answered(null);
        return;
      }
      answered(500);
      console.error("emulator: unexpected error", error);
      sendError(res, new ApiError(500, `unexpected error: ${(error as Error).message}`));
    }
  };
}

function countStatus(state: EmulatorState, status: number): void {
  state.statuses.set(status, (state.statuses.get(status) ?? 0) + 1);
}
