// The lookups (provider/lookups/) against an in-process emulator, configured as a program is: the
// stack config (docs-platform:apiUrl, the secret docs-platform:token, docs-platform:organizationId)
// or the environment. Found, nothing found, several found, every page read, the explicit
// organization over the stack's, arguments refused before any request, and the token never shown.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as docs from "../../provider/index.ts";
import { ApiClient } from "../../provider/client/index.ts";
import type { ApiRequester } from "../../provider/api/requester.ts";
import { ConfigurationError } from "../../provider/config/provider-config.ts";
import { runLookup } from "../../provider/lookups/lookup.ts";
import { getCollectionLookup } from "../../provider/lookups/collections.ts";
import { getMemberLookup, getMembersLookup } from "../../provider/lookups/members.ts";
import { getOrganizationLookup } from "../../provider/lookups/organizations.ts";
import { getSiteLookup } from "../../provider/lookups/sites.ts";
import { getSpaceLookup, getSpacesLookup } from "../../provider/lookups/spaces.ts";
import { getTeamLookup } from "../../provider/lookups/teams.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import type { Fixture } from "../emulator/fixtures.ts";

/** More than one page of the largest page the API serves (1000). */
const MANY = 1003;
const BIG = "org-big";
/** Members apart from spaces: the emulator counts an organization's spaces for every member it lists. */
const CROWD = "org-crowd";
const pad = (n: number) => String(n).padStart(4, "0");

/**
 * The demo fixture, plus organizations with more spaces and collections (org-big) and members
 * (org-crowd) than one page holds, whose last ones are looked for. The demo admin (usr-acme-admin)
 * administers them.
 */
function fixture(): Fixture {
  const demo = JSON.parse(readFileSync(new URL("../emulator/fixtures/demo.json", import.meta.url), "utf8")) as Fixture;
  const crowd = Array.from({ length: MANY }, (_, i) => ({ id: `usr-big-${pad(i)}`, displayName: `Member ${i}`, email: `member${i}@big.test`, token: `tok-big-${pad(i)}` }));
  demo.users.push(...crowd);
  demo.organizations.push({
    id: BIG,
    title: "Big Docs",
    members: [{ user: "usr-acme-admin", role: "admin" }],
    collections: Array.from({ length: MANY }, (_, i) => ({ id: `col-big-${pad(i)}`, title: `Collection ${i}` })),
    spaces: Array.from({ length: MANY }, (_, i) => ({ id: `spc-big-${pad(i)}`, title: `Space ${i}` })),
  });
  demo.organizations.push({
    id: CROWD,
    title: "Crowd Docs",
    members: [{ user: "usr-acme-admin", role: "admin" }, ...crowd.map((user) => ({ user: user.id, role: "read" as const }))],
  });
  // A fourth organization of the demo admin, last in the list of its organizations.
  demo.organizations.push({ id: "org-tiny", title: "Tiny Docs", members: [{ user: "usr-acme-admin", role: "admin" }] });
  return demo;
}

let emulator: Emulator;
let token: string;
let org: string;
let api: (method: string, path: string, body?: unknown) => Promise<any>;

/** Sets the program's stack config, as `pulumi config set` would (the token as a secret). */
function stackConfig(values: Record<string, string>) {
  pulumi.runtime.setAllConfig(
    Object.fromEntries(Object.entries(values).map(([key, value]) => [`docs-platform:${key}`, value])),
    values.token === undefined ? [] : ["docs-platform:token"],
  );
}

async function requestTotal(): Promise<number> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  return ((await response.json()) as { total: number }).total;
}

/** The error a lookup fails with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<docs.LookupError> {
  return promise.then(
    () => expect.unreachable("the lookup should have failed"),
    (error: unknown) => error as docs.LookupError,
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", fixture: fixture() });
  const acme = emulator.fixture.organizations[0];
  org = acme.id;
  token = acme.admin.token;
  api = async (method, path, body) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text === "" ? undefined : JSON.parse(text);
  };
}, 60_000);
afterAll(async () => emulator?.close());
beforeEach(() => stackConfig({ apiUrl: emulator.url, token, organizationId: org }));
afterEach(() => {
  pulumi.runtime.setAllConfig({});
  for (const key of ["DOCS_PLATFORM_API_URL", "DOCS_PLATFORM_TOKEN", "DOCS_PLATFORM_ORGANIZATION_ID"]) delete process.env[key];
});

describe("getSpace and getSpaces", () => {
  it("finds a space by title in the stack's organization", async () => {
    const guides = await docs.getSpace({ title: "Guides" });
    expect(guides).toMatchObject({ id: "spc-acme-guides", title: "Guides", organizationId: org, emoji: "📘" });
    expect(guides.parent).toBeUndefined();
  });

  it("several spaces of one title: ambiguous, listing each with its collection; `parent` narrows", async () => {
    const collection = await api("POST", `/orgs/${org}/collections`, { title: "Legacy" });
    const second = await api("POST", `/orgs/${org}/spaces`, { title: "Changelog", parent: collection.id });
    const error = await failure(docs.getSpace({ title: "Changelog" }));
    expect(error).toBeInstanceOf(docs.LookupError);
    expect(error.code).toBe("ambiguous");
    expect([...error.matches].sort()).toEqual(["spc-acme-changelog", second.id].sort());
    expect(error.message).toBe(
      `getSpace: 2 spaces titled "Changelog" in organization ${org}: spc-acme-changelog "Changelog" at the top level, ` +
        `${second.id} "Changelog" in collection ${collection.id}. Give \`parent\` to search one collection, or use the space's id.`,
    );
    expect(await docs.getSpace({ title: "Changelog", parent: collection.id })).toMatchObject({ id: second.id, parent: collection.id });
  });

  it("nothing found: names the criteria, the count searched and a title differing only in case", async () => {
    const error = await failure(docs.getSpace({ title: "guides" }));
    expect(error.code).toBe("not_found");
    expect(error.lookup).toBe("getSpace");
    expect(error.message).toMatch(/^getSpace: no space titled "guides" in organization org-acme \(searched \d+ spaces\)\. Close: spc-acme-guides "Guides" at the top level\.$/);
    const inCollection = await failure(docs.getSpace({ title: "Guides", parent: "col-missing" }));
    expect(inCollection.message).toBe('getSpace: no space titled "Guides" in collection col-missing in organization org-acme (searched 0 spaces).');
  });

  it("reads every page: finds the last of more than 1000 spaces, in an explicit organization over the stack's", async () => {
    const last = `Space ${MANY - 1}`;
    expect(await docs.getSpace({ title: last, organizationId: BIG })).toMatchObject({ id: `spc-big-${pad(MANY - 1)}`, organizationId: BIG });
    await expect(docs.getSpace({ title: last })).rejects.toMatchObject({ code: "not_found" });
    const all = await docs.getSpaces({ organizationId: BIG });
    expect(all).toHaveLength(MANY);
    expect(new Set(all.map((space) => space.id)).size).toBe(MANY);
  });

  it("getSpaces lists one collection's spaces with `parent`, leaves deleted spaces out, and an empty list is no error", async () => {
    const collection = await api("POST", `/orgs/${org}/collections`, { title: "Archive" });
    const kept = await api("POST", `/orgs/${org}/spaces`, { title: "Kept", parent: collection.id });
    const gone = await api("POST", `/orgs/${org}/spaces`, { title: "Gone", parent: collection.id });
    await api("DELETE", `/spaces/${gone.id}`);
    expect((await docs.getSpaces({ parent: collection.id })).map((space) => space.id)).toEqual([kept.id]);
    await expect(docs.getSpace({ title: "Gone" })).rejects.toMatchObject({ code: "not_found" });
    expect(await docs.getSpaces({ parent: "col-empty" })).toEqual([]);
  });
});

describe("getMember and getMembers", () => {
  it("finds a member by email, whatever its case, and by user id", async () => {
    const byEmail = await docs.getMember({ email: "ELI@acme.test" });
    expect(byEmail).toEqual({
      id: "usr-acme-editor",
      organizationId: org,
      email: "eli@acme.test",
      displayName: "Eli Editor",
      role: "edit",
      disabled: false,
      sso: false,
      joinedAt: expect.any(String),
    });
    expect(await docs.getMember({ userId: "usr-acme-editor" })).toEqual(byEmail);
  });

  it("nothing found, by email and by user id: names the lookup and the criteria", async () => {
    const byEmail = await failure(docs.getMember({ email: "nobody@acme.test" }));
    expect(byEmail.code).toBe("not_found");
    expect(byEmail.message).toMatch(/^getMember: no member with email "nobody@acme.test" in organization org-acme \(searched \d+ members\)\.$/);
    const byId = await failure(docs.getMember({ userId: "usr-globex-admin" }));
    expect(byId.code).toBe("not_found");
    expect(byId.message).toBe("getMember: no member with user id usr-globex-admin in organization org-acme.");
  });

  it("reads every page of more than 1000 members", async () => {
    const last = MANY - 1;
    expect(await docs.getMember({ email: `member${last}@big.test`, organizationId: CROWD })).toMatchObject({ id: `usr-big-${pad(last)}`, role: "read" });
    expect(await docs.getMembers({ organizationId: CROWD })).toHaveLength(MANY + 1);
    expect((await docs.getMembers({ organizationId: CROWD, role: "admin" })).map((member) => member.id)).toEqual(["usr-acme-admin"]);
  });

  it("getMembers filters by role; no guest is no error", async () => {
    expect((await docs.getMembers({ role: "read" })).map((member) => member.id)).toEqual(["usr-acme-reader"]);
    expect(await docs.getMembers({ role: null })).toEqual([]);
    expect((await docs.getMembers()).map((member) => member.id).sort()).toEqual(["usr-acme-admin", "usr-acme-editor", "usr-acme-reader"]);
  });
});

describe("getTeam, getSite, getCollection, getOrganization", () => {
  it("getTeam: found, several, nothing", async () => {
    const writers = await api("PUT", `/orgs/${org}/teams`, { title: "Writers", members: ["usr-acme-editor"] });
    expect(await docs.getTeam({ title: "Writers" })).toEqual({ id: writers.id, title: "Writers", organizationId: org, memberCount: 1, createdAt: writers.createdAt });
    const twin = await api("PUT", `/orgs/${org}/teams`, { title: "Writers" });
    const several = await failure(docs.getTeam({ title: "Writers" }));
    expect(several.code).toBe("ambiguous");
    expect([...several.matches].sort()).toEqual([writers.id, twin.id].sort());
    expect(several.message).toMatch(/^getTeam: 2 teams titled "Writers" in organization org-acme: .+\. Use the team's id\.$/);
    const none = await failure(docs.getTeam({ title: "Editors" }));
    expect(none.message).toMatch(/^getTeam: no team titled "Editors" in organization org-acme \(searched 2 teams\)\.$/);
  });

  it("getSite: found, several, nothing", async () => {
    const portal = await api("POST", `/orgs/${org}/sites`, { title: "Developer portal", spaces: ["spc-acme-guides"] });
    expect(await docs.getSite({ title: "Developer portal" })).toMatchObject({ id: portal.id, title: "Developer portal", organizationId: org, type: portal.type, published: false });
    await api("POST", `/orgs/${org}/sites`, { title: "Developer portal" });
    await expect(docs.getSite({ title: "Developer portal" })).rejects.toMatchObject({ code: "ambiguous", lookup: "getSite" });
    const none = await failure(docs.getSite({ title: "developer portal" }));
    expect(none.code).toBe("not_found");
    expect(none.message).toContain("Close: ");
  });

  it("getCollection: by title at the top level, or within a parent; the same title elsewhere is named", async () => {
    const products = await api("POST", `/orgs/${org}/collections`, { title: "Products" });
    const sdk = await api("POST", `/orgs/${org}/collections`, { title: "SDK", parent: products.id });
    expect(await docs.getCollection({ title: "Products" })).toMatchObject({ id: products.id, organizationId: org });
    expect(await docs.getCollection({ title: "SDK", parent: products.id })).toMatchObject({ id: sdk.id, parent: products.id });
    const topLevel = await failure(docs.getCollection({ title: "SDK" }));
    expect(topLevel.code).toBe("not_found");
    expect(topLevel.message).toMatch(/^getCollection: no collection titled "SDK" at the top level of organization org-acme \(searched \d+ collections\)\. /);
    expect(topLevel.message).toContain(`Close: ${sdk.id} "SDK" in collection ${products.id}.`);
    await api("POST", `/orgs/${org}/collections`, { title: "Products" });
    await expect(docs.getCollection({ title: "Products" })).rejects.toMatchObject({ code: "ambiguous" });
  });

  it("getCollection reads every page of more than 1000 collections", async () => {
    expect(await docs.getCollection({ title: `Collection ${MANY - 1}`, organizationId: BIG })).toMatchObject({ id: `col-big-${pad(MANY - 1)}` });
  });

  it("getOrganization: the stack's by default, an explicit id, or a title among the token's organizations", async () => {
    expect(await docs.getOrganization()).toMatchObject({ id: org, title: "Acme Docs (staging)", emailDomains: ["acme.test"] });
    expect(await docs.getOrganization({ organizationId: BIG })).toMatchObject({ id: BIG, title: "Big Docs" });
    expect(await docs.getOrganization({ title: "Big Docs" })).toMatchObject({ id: BIG });
    const none = await failure(docs.getOrganization({ title: "Globex Docs (production)" }));
    expect(none.message).toBe('getOrganization: no organization titled "Globex Docs (production)" among the token\'s organizations (searched 4 organizations).');
    const missing = await failure(docs.getOrganization({ organizationId: "org-missing" }));
    expect(missing.code).toBe("not_found");
  });
});

describe("arguments, organization and configuration", () => {
  it("bad arguments fail before any request, naming each broken rule", async () => {
    const before = await requestTotal();
    const cases: Array<[Promise<unknown>, string]> = [
      [docs.getMember({ email: "eli@acme.test", userId: "usr-acme-editor" }), "getMember: invalid arguments: give exactly one of email or userId"],
      [docs.getMember({}), "getMember: invalid arguments: give exactly one of email or userId"],
      [docs.getSpace({ title: "" }), "getSpace: invalid arguments: title: must not be empty"],
      [docs.getSpace({ title: "Guides", collection: "col-1" } as never), "getSpace: invalid arguments: collection: is not an argument of getSpace"],
      [docs.getCollection({ title: "Products", parent: ".." }), 'getCollection: invalid arguments: parent: must not be "." or "..": ids are segments of the API\'s request paths'],
      [docs.getMembers({ role: "owner" } as never), "getMembers: invalid arguments: role: "],
      [docs.getOrganization({ organizationId: org, title: "Acme" }), "getOrganization: invalid arguments: give organizationId or title, not both"],
    ];
    for (const [promise, message] of cases) {
      const error = await failure(promise);
      expect(error.code, message).toBe("invalid_arguments");
      expect(error.message.startsWith(message), `${error.message} should start with ${message}`).toBe(true);
    }
    expect(await requestTotal()).toBe(before);
  });

  it("without any organization, a lookup fails naming itself, the config key and the environment variable", async () => {
    stackConfig({ apiUrl: emulator.url, token });
    const error = await failure(docs.getTeam({ title: "Writers" }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      "getTeam: organizationId is not set. Give it as `organizationId`, or set the stack's default with " +
        "`pulumi config set docs-platform:organizationId <id>` (or the environment variable DOCS_PLATFORM_ORGANIZATION_ID).",
    );
  });

  it("the environment fallbacks work as the provider's (DOCS_PLATFORM_API_URL, _TOKEN, _ORGANIZATION_ID); stack config wins", async () => {
    pulumi.runtime.setAllConfig({});
    process.env.DOCS_PLATFORM_API_URL = emulator.url;
    process.env.DOCS_PLATFORM_TOKEN = token;
    process.env.DOCS_PLATFORM_ORGANIZATION_ID = BIG;
    expect((await docs.getOrganization()).id).toBe(BIG);
    stackConfig({ organizationId: org });
    expect((await docs.getOrganization()).id).toBe(org);
  });

  it("missing or malformed provider config fails naming the lookup and the key, never the token", async () => {
    stackConfig({ token, organizationId: org });
    const missing = await failure(docs.getSpace({ title: "Guides" }));
    expect(missing).toBeInstanceOf(ConfigurationError);
    expect(missing.message).toMatch(/^getSpace: Missing configuration docs-platform:apiUrl\. /);
    stackConfig({ apiUrl: `${emulator.url}?token=${token}`, token, organizationId: org });
    const malformed = await failure(docs.getSpace({ title: "Guides" }));
    expect(malformed.message).toMatch(/^getSpace: Malformed configuration docs-platform:apiUrl/);
    expect(malformed.message).not.toContain(token);
  });

  it("an API failure is a request_failed LookupError naming the lookup and criteria, with the client's error as cause", async () => {
    const error = await failure(docs.getSpace({ title: "Guides", organizationId: "org-globex" }));
    expect(error.code).toBe("request_failed");
    expect(error.message).toMatch(/^getSpace \(titled "Guides" in organization org-globex\): GET \/v1\/orgs\/org-globex\/spaces/);
    expect((error.cause as { status?: number }).status).toBe(403);
  });

  it("a LookupError from another copy of the package (the compiled one) is recognised as one", () => {
    const compiled = createRequire(import.meta.url)("../../provider/dist/lookups/lookup-error.js") as { LookupError: typeof docs.LookupError };
    const error = new compiled.LookupError("getTeam", "not_found", "getTeam: no team");
    expect(compiled.LookupError).not.toBe(docs.LookupError);
    expect(error).toBeInstanceOf(docs.LookupError);
    expect(docs.isLookupError(error)).toBe(true);
    expect(docs.isLookupError(new Error("getTeam: no team"))).toBe(false);
  });

  it("the Output forms take Outputs and resolve to the same values", async () => {
    const parent = await docs.getCollection({ title: `Collection 7`, organizationId: BIG });
    const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));
    expect(await value(docs.getSpaceOutput({ title: "Guides" }).id)).toBe("spc-acme-guides");
    expect(await value(docs.getCollectionOutput({ title: "Collection 7", organizationId: pulumi.output(BIG) }))).toEqual(parent);
    expect(await value(docs.getMemberOutput({ email: pulumi.output("rae@acme.test") }).id)).toBe("usr-acme-reader");
    expect((await value(docs.getMembersOutput())).length).toBe(3);
    expect((await value(docs.getSpacesOutput({ organizationId: BIG }))).length).toBe(MANY);
    expect(await value(docs.getOrganizationOutput().title)).toBe("Acme Docs (staging)");
  });
});

describe("pagination in small pages", () => {
  /** The client with a page size of 2, so every list takes many pages (a `limit` in the query wins). */
  function smallPages(): ApiRequester {
    const client = new ApiClient({ baseUrl: emulator.url, token, maxRetries: 0 });
    return {
      request: (method, path, options) => client.request(method, path, options),
      paginate: (path, query) => client.paginate(path, { ...query, limit: 2 }),
    };
  }

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      await api("PUT", `/orgs/${org}/teams`, { title: `Team ${i}` });
      await api("POST", `/orgs/${org}/sites`, { title: `Site ${i}` });
    }
    await api("PUT", `/orgs/${org}/teams`, { title: "Last team" });
    await api("POST", `/orgs/${org}/sites`, { title: "Last site" });
    await api("POST", `/orgs/${org}/spaces`, { title: "Last space" });
    await api("POST", `/orgs/${org}/collections`, { title: "Last collection" });
  });

  it.each([
    ["getTeam", () => runLookup(getTeamLookup, { title: "Last team" }, smallPages()), "Last team"],
    ["getSite", () => runLookup(getSiteLookup, { title: "Last site" }, smallPages()), "Last site"],
    ["getSpace", () => runLookup(getSpaceLookup, { title: "Last space" }, smallPages()), "Last space"],
    ["getCollection", () => runLookup(getCollectionLookup, { title: "Last collection" }, smallPages()), "Last collection"],
    ["getOrganization", () => runLookup(getOrganizationLookup, { title: "Tiny Docs" }, smallPages()), "Tiny Docs"],
  ])("%s follows next.page to the last item", async (_lookup, lookup, title) => {
    const before = await requestTotal();
    expect(await lookup()).toMatchObject({ title });
    // Two pages at least: the item looked for is the last one listed.
    expect(await requestTotal()).toBeGreaterThanOrEqual(before + 2);
  });

  it("getMember by email and getMembers read every page", async () => {
    const member = await runLookup(getMemberLookup, { email: "rae@acme.test" }, smallPages());
    expect(member).toMatchObject({ id: "usr-acme-reader" });
    expect(await runLookup(getMembersLookup, {}, smallPages())).toHaveLength(3);
    expect(await runLookup(getSpacesLookup, {}, smallPages())).toEqual(await docs.getSpaces());
  });
});

describe("the token never shows", () => {
  let echo: Server;
  let echoUrl: string;

  beforeAll(async () => {
    // A server that echoes the request's Authorization header in its error body.
    echo = createServer((req, res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 500, message: `upstream refused ${req.headers.authorization}` } }));
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it("an error body echoing the token is redacted in the lookup's error", async () => {
    const secret = "tok-very-secret-value-123";
    pulumi.runtime.setAllConfig({ "docs-platform:apiUrl": echoUrl, "docs-platform:token": secret, "docs-platform:organizationId": org, "docs-platform:maxRetries": "0" }, [
      "docs-platform:token",
    ]);
    const error = await failure(docs.getTeam({ title: "Writers" }));
    expect(error.code).toBe("request_failed");
    expect(error.message).toContain("[REDACTED]");
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(secret);
    expect(String((error.cause as Error).message)).not.toContain(secret);
  });
});
