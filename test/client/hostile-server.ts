/**
 * A small scriptable HTTP server on loopback that misbehaves on purpose: rate limits, errors,
 * dropped connections, responses that never finish. It records every request, counts the TCP
 * connections it accepted and the most requests it had in flight at once.
 *
 * Bounded: a response left hanging is cut after `hangLimitMs`, and `close()` destroys every
 * socket, so a failing test can never leave the run waiting.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query as received, still percent-encoded. */
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface HandlerContext {
  /** 0 for the first request the server received, 1 for the next, ... */
  index: number;
  req: IncomingMessage;
  res: ServerResponse;
}

/** Answers one request. Resolve when the response is sent (or deliberately never will be). */
export type Handler = (request: RecordedRequest, context: HandlerContext) => void | Promise<void>;

export interface HostileServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** The most requests that were being handled at the same time. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Fixed port (for the connection-refused test). Default: any free port. */
  port?: number;
  /** A hanging response is destroyed after this long. Default: 5000. */
  hangLimitMs?: number;
}

export async function startServer(handler: Handler, options: ServerOptions = {}): Promise<HostileServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    const index = requests.length;
    requests.push(recorded);
    const limit = setTimeout(() => res.destroy(), options.hangLimitMs ?? 5000);
    timers.add(limit);
    res.on("close", () => {
      clearTimeout(limit);
      timers.delete(limit);
    });
    try {
      await handler(recorded, { index, req, res });
    } catch (error) {
      if (!res.headersSent) sendJson(res, 599, { error: { code: 599, message: String(error) } });
    }
  };
  // `answer` catches what the handler throws; nothing is left for the promise to carry.
  const server = createServer((req, res) => void answer(req, res));
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get connections() {
      return connections;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    ...(text === "" ? {} : { "content-type": "application/json" }),
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The API's error body for `status`. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code: status, message } }, headers);
}

/** Runs the handlers in turn, one per request; the last one answers every later request. */
export function inSequence(...handlers: Handler[]): Handler {
  return (request, context) => handlers[Math.min(context.index, handlers.length - 1)](request, context);
}

/** Drops the connection without a response. */
export const resetConnection: Handler = (_request, { req }) => {
  req.socket.destroy();
};

/** Never answers (until the server's hang limit). */
export const hang: Handler = () => {};

/** Resolves with a port that is free now, so a client can be pointed at a closed port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}
