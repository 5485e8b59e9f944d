import { afterAll, beforeAll } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "../index.ts";

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export async function call(url: string, method: string, token: string | undefined, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** A small client bound to one token; paths are relative to `/v1`. */
export function client(emulator: Emulator, token: string | undefined) {
  const at = (path: string) => `${emulator.url}${path}`;
  return {
    get: (path: string) => call(at(path), "GET", token),
    post: (path: string, body?: unknown) => call(at(path), "POST", token, body),
    put: (path: string, body?: unknown) => call(at(path), "PUT", token, body),
    patch: (path: string, body?: unknown) => call(at(path), "PATCH", token, body),
    del: (path: string) => call(at(path), "DELETE", token),
  };
}

export type Client = ReturnType<typeof client>;

export function control(emulator: Emulator) {
  const at = (path: string) => `${emulator.controlUrl}${path}`;
  return {
    get: (path: string) => call(at(path), "GET", undefined),
    // POST and PUT are application/json even without a body: the control surface refuses
    // anything a web page could send without a CORS preflight.
    post: (path: string, body?: unknown) => call(at(path), "POST", undefined, body, { "content-type": "application/json" }),
    put: (path: string, body?: unknown) => call(at(path), "PUT", undefined, body, { "content-type": "application/json" }),
    del: (path: string) => call(at(path), "DELETE", undefined),
  };
}

/**
 * Starts one in-memory emulator for a test file, with clients for the first organization's
 * admin, editor and reader, and for the second organization's admin.
 */
export function useEmulator(options: EmulatorOptions = {}) {
  const env = {} as {
    emulator: Emulator;
    org: string;
    otherOrg: string;
    admin: Client;
    editor: Client;
    reader: Client;
    otherAdmin: Client;
    anonymous: Client;
    spaces: string[];
  };
  beforeAll(async () => {
    env.emulator = await startEmulator({ db: ":memory:", ...options });
    const [first, second] = env.emulator.fixture.organizations;
    env.org = first.id;
    env.otherOrg = second.id;
    env.admin = client(env.emulator, first.admin.token);
    env.editor = client(env.emulator, first.editor!.token);
    env.reader = client(env.emulator, first.reader!.token);
    env.otherAdmin = client(env.emulator, second.admin.token);
    env.anonymous = client(env.emulator, undefined);
    env.spaces = first.spaceIds;
  });
  afterAll(async () => {
    await env.emulator.close();
  });
  return env;
}

/** Every item of a list, following `next.page` until the end. */
export async function listAll(c: Client, path: string, limit = 2): Promise<Array<{ id: string }>> {
  const items: Array<{ id: string }> = [];
  let page: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const sep = path.includes("?") ? "&" : "?";
    const reply = await c.get(`${path}${sep}limit=${limit}${page ? `&page=${encodeURIComponent(page)}` : ""}`);
    if (reply.status !== 200) throw new Error(`list ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    items.push(...reply.body.items);
    page = reply.body.next?.page;
    if (!page) return items;
  }
  throw new Error("list did not end");
}

export function expectError(reply: Reply, status: number, mentions?: string): void {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  if (typeof reply.body?.error?.message !== "string" || reply.body.error.code !== status) {
    throw new Error(`expected an error body with code ${status}, got ${JSON.stringify(reply.body)}`);
  }
  if (mentions && !reply.body.error.message.includes(mentions)) {
    throw new Error(`expected the error message to name '${mentions}', got '${reply.body.error.message}'`);
  }
}

export const repeat = (n: number, ch = "a") => ch.repeat(n);
