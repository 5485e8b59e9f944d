import type { IncomingMessage } from "node:http";
import { ApiError } from "./errors.ts";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The parsed JSON body, or undefined when the request has none. */
export function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, "body: larger than 5 MiB"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (size === 0) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new ApiError(400, "body: not valid JSON"));
      }
    });
    req.on("error", reject);
  });
}
