// The client against the emulator's deletes (DESIGN.md 8): 205 when the object existed and was
// deleted, 204 when it did not exist. Both are success with no body, and neither leaves the
// connection unusable (one connection here, so a stalled one would hang the next call).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";

let emulator: Emulator;
let client: ApiClient;
let org: string;

/** Raw API access with the admin token, independent of the client under test. */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator.fixture.token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

async function made(method: string, path: string, body: unknown): Promise<any> {
  const reply = await api(method, path, body);
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  org = emulator.fixture.organization;
  client = new ApiClient({ baseUrl: emulator.url, token: emulator.fixture.token, maxRetries: 0, maxConcurrentRequests: 1 });
});
afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

const spaceOf = () => emulator.fixture.organizations[0].spaceIds[0];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

/** Each kind DESIGN.md 8 names: how to make one, and its path (segments below /v1). */
const kinds: Array<[string, () => Promise<string[]>]> = [
  ["team", async () => ["orgs", org, "teams", (await made("PUT", `/orgs/${org}/teams`, { title: unique("team") })).id]],
  ["site", async () => ["orgs", org, "sites", (await made("POST", `/orgs/${org}/sites`, { title: unique("site") })).id]],
  [
    "site section",
    async () => {
      const site = (await made("POST", `/orgs/${org}/sites`, { title: unique("site") })).id;
      const section = (await made("POST", `/orgs/${org}/sites/${site}/sections`, { spaceId: spaceOf() })).id;
      return ["orgs", org, "sites", site, "sections", section];
    },
  ],
  [
    "section group",
    async () => {
      const site = (await made("POST", `/orgs/${org}/sites`, { title: unique("site") })).id;
      const group = (await made("POST", `/orgs/${org}/sites/${site}/section-groups`, { title: unique("group") })).id;
      return ["orgs", org, "sites", site, "section-groups", group];
    },
  ],
  [
    "site space",
    async () => {
      const site = (await made("POST", `/orgs/${org}/sites`, { title: unique("site") })).id;
      const siteSpace = (await made("POST", `/orgs/${org}/sites/${site}/site-spaces`, { spaceId: spaceOf() })).id;
      return ["orgs", org, "sites", site, "site-spaces", siteSpace];
    },
  ],
  ["SAML provider", async () => ["orgs", org, "saml", (await made("POST", `/orgs/${org}/saml`, { label: unique("saml") })).id]],
  [
    "OpenAPI spec",
    async () => {
      const slug = unique("spec");
      await made("POST", `/orgs/${org}/openapi`, { slug, source: { url: "https://example.test/openapi.yaml" } });
      return ["orgs", org, "openapi", slug];
    },
  ],
  ["collection", async () => ["collections", (await made("POST", `/orgs/${org}/collections`, { title: unique("col") })).id]],
  [
    "translation",
    async () => ["orgs", org, "translations", (await made("POST", `/orgs/${org}/translations`, { language: "fr", source: { space: "spc-acme-guides", language: "en" } })).id],
  ],
];

describe("deletes through the client", () => {
  it.each(kinds)("%s: 205 (deleted) and 204 (did not exist) are both success with no body", async (_kind, make) => {
    // The premise: the emulator answers 205 for this kind when the object exists.
    const probe = await make();
    expect((await api("DELETE", `/${probe.join("/")}`)).status).toBe(205);

    const path = await make();
    await expect(client.request("DELETE", path)).resolves.toBeUndefined();
    await expect(client.request("DELETE", path)).resolves.toBeUndefined();
    // Gone: a third delete answers 204 (not every kind has a GET of one object).
    expect((await api("DELETE", `/${path.join("/")}`)).status).toBe(204);
    // The one connection is still usable after both answers.
    await expect(client.request("GET", ["orgs", org])).resolves.toMatchObject({ id: org });
  });
});
