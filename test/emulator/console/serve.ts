import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyLeftUnread } from "../body.ts";
import { isLoopback, isLoopbackHost, loopbackHostRule } from "../loopback.ts";
import type { OrgDoc } from "../model.ts";
import type { EmulatorState } from "../state.ts";
import { homePage } from "./home-page.ts";
import { messagePage, renderDocument, REQUESTS_PATH, STYLESHEET_PATH, type Page } from "./layout.ts";
import { organizationPage } from "./organization-page.ts";
import { readContext } from "./read-context.ts";
import { requestsPage } from "./requests-page.ts";
import { sitePage } from "./site-page.ts";
import { STYLESHEET } from "./style.ts";

/**
 * The console's paths: `/`, its own pages under `/console/`, and `/sites/...`, where the API's
 * published URLs for sites point.
 */
export function isConsolePath(path: string): boolean {
  return path === "/" || path === "/console" || path.startsWith("/console/") || path.startsWith("/sites/");
}

/**
 * No script runs in the console, and nothing loads from elsewhere: styles come from the emulator
 * (the stylesheet) or from the one `<style>` element carrying this response's nonce. A value that
 * slipped through escaping still could not run.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    // The page's icon is an empty data: URL, so the browser asks for no /favicon.ico.
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "cross-origin-resource-policy": "same-origin",
};

function decodeSegments(path: string): string[] | undefined {
  try {
    return path
      .split("/")
      .slice(1)
      .map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

function route(state: EmulatorState, path: string): Page {
  const ctx = readContext(state);
  if (path === "/" || path === "/console" || path === "/console/") return homePage(state, ctx);
  if (path === REQUESTS_PATH) return requestsPage(state);
  const parts = decodeSegments(path.endsWith("/") ? path.slice(0, -1) : path);
  if (parts?.[0] === "console" && parts[1] === "orgs" && parts.length === 3 && parts[2]) return organizationPage(state, ctx, parts[2]);
  if (parts?.[0] === "sites" && parts[1]) return sitePage(state, ctx, parts[1], parts.slice(2));
  return messagePage(404, "Not found", `The console has no page at ${path}.`);
}

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string | number> = {}): void {
  // A request answered without reading its body must not keep its connection (see server.ts).
  const close = bodyLeftUnread(res.req) ? { connection: "close" } : {};
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, ...close, "content-type": contentType, "content-length": Buffer.byteLength(body) });
  // HEAD gets the same headers and no body; Node drops the body of a HEAD answer itself, this says so.
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/**
 * Serves one console request: loopback clients addressed by a loopback name only (as the control
 * surface), GET and HEAD only. The console reads the store; it never writes and never shows a token.
 */
export function handleConsole(state: EmulatorState, req: IncomingMessage, res: ServerResponse, method: string, path: string): void {
  const nonce = randomBytes(16).toString("base64");
  const page = (p: Page, orgs: OrgDoc[], headers: Record<string, string> = {}) =>
    send(res, p.status, "text/html; charset=utf-8", renderDocument(p, nonce, orgs).toString(), {
      ...headers,
      "content-security-policy": contentSecurityPolicy(nonce),
      "x-frame-options": "DENY",
    });
  if (!isLoopback(req.socket.remoteAddress)) {
    page(messagePage(403, "Forbidden", "The console answers clients on this machine only."), []);
    return;
  }
  if (!isLoopbackHost(req.headers.host, state.port)) {
    page(messagePage(403, "Forbidden", `The console answers requests addressed to ${loopbackHostRule(state.port)} only.`), []);
    return;
  }
  if (method !== "GET" && method !== "HEAD") {
    page(messagePage(405, "Method not allowed", "The console is read-only: it answers GET and HEAD only."), [], { allow: "GET, HEAD" });
    return;
  }
  if (path === STYLESHEET_PATH) {
    send(res, 200, "text/css; charset=utf-8", STYLESHEET);
    return;
  }
  const orgs = state.store.list<OrgDoc>("org", "");
  try {
    page(route(state, path), orgs);
  } catch (error) {
    console.error("emulator console: unexpected error", error);
    page(messagePage(500, "Console error", `The console failed to render this page: ${(error as Error).message}`), orgs);
  }
}
