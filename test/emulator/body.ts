import type { IncomingMessage } from "node:http";
import { ApiError } from "./errors.ts";

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const tooLarge = () => new ApiError(413, "body: larger than 5 MiB");

/** Whether the request carries a body (a length above 0, or a chunked one), read or not. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Whether part of the request's body has not arrived or been read yet. */
export function bodyLeftUnread(req: IncomingMessage): boolean {
  return hasBody(req) && !req.complete;
}

/**
 * The parsed JSON body, or undefined when the request has none. Call it only once the caller is
 * authenticated: it buffers up to 5 MiB.
 *
 * A body over the limit is a 413, never a reset connection: a declared length over the limit is
 * refused before reading, a longer stream stops being kept at the limit and the rest is discarded.
 * Either way the request is not complete when the answer goes out, and the server closes the
 * connection after it (see `send` in server.ts), so the client gets the 413 and the socket does
 * not wait for the rest.
 */
/** The client went away before its body ended: there is no one to answer. */
export class ClientGone extends Error {
  constructor() {
    super("the client closed the connection before its request body ended");
  }
}

export function readBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on("end", () => {
      ended = true;
      if (over) return;
      if (size === 0) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new ApiError(400, "body: not valid JSON"));
      }
    });
    req.on("error", () => reject(new ClientGone()));
    req.on("close", () => {
      if (!ended && !over) reject(new ClientGone());
    });
  });
}
