/**
 * The plugin door's guards, in-process: its gRPC handlers called with protobuf requests (no CLI)
 * against an in-memory emulator. What the engine prints is built from what these handlers answer
 * (a failure's property makes the engine print that property's value), so each case asserts on
 * the answer itself: no property named where a value could be a secret, no value in a reason,
 * no phantom from an import of a missing object.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
// The compiled plugin, as the engine runs it (`npm test` builds first), driven by the contract's helpers.
import { bag, call, checkConfig, checkResource, configurePlugin as configure, importRead, pb, secret } from "../contract/doors.ts";

async function check(kind: string, name: string, news: Record<string, unknown>): Promise<{ property: string; reason: string }[]> {
  return (await checkResource(kind, name, news)).failures;
}

const require = createRequire(import.meta.url);

let emulator: Emulator;

async function requestCount(): Promise<number> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  return ((await response.json()) as { total: number }).total;
}
let organizationId: string;
let token: string;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations[0];
  organizationId = organization.id;
  token = organization.admin.token;
  await configure({ apiUrl: emulator.url, token, organizationId });
});

afterAll(async () => {
  await emulator.close();
});

describe("the provider's configuration (CheckConfig)", () => {
  it("a token read from a file ending in a newline fails naming no property, and the token is in no reason", async () => {
    const failures = await checkConfig({ apiUrl: "https://api.example.com/v1", token: secret("tok-very-secret-value\n") });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toEqual({ property: "", reason: expect.stringContaining("docs-platform:token: it must not contain whitespace") });
    expect(JSON.stringify(failures)).not.toContain("tok-very-secret-value");
  });

  it("an API URL with credentials (user:pass@, ?token=) fails naming no property, its value not shown", async () => {
    for (const apiUrl of ["https://user:pass-very-secret@api.example.com/v1", "https://api.example.com/v1?token=pass-very-secret"]) {
      const failures = await checkConfig({ apiUrl, token: "t" });
      expect(failures.map((failure) => failure.property)).toEqual([""]);
      expect(failures[0].reason).toMatch(/docs-platform:apiUrl/);
      expect(JSON.stringify(failures)).not.toContain("pass-very-secret");
    }
  });

  it("plain http to a host that is not loopback is refused: the token would cross the network in clear", async () => {
    const [failure] = await checkConfig({ apiUrl: "http://api.example.com/v1", token: "t" });
    expect(failure?.reason).toMatch(/docs-platform:apiUrl: plain http is allowed only to this machine .* Use https/);
    for (const loopback of ["http://127.0.0.1:4010/v1", "http://localhost:4010/v1", "http://[::1]:4010/v1"])
      expect(await checkConfig({ apiUrl: loopback, token: "t" })).toEqual([]);
  });

  it("a token that is not a string (a number, an object) is refused, not used as its JSON text", async () => {
    for (const value of [12345, { nested: "tok" }, [1]]) {
      const failures = await checkConfig({ apiUrl: "https://api.example.com/v1", token: value });
      expect(failures).toEqual([
        { property: "", reason: expect.stringMatching(/^Malformed configuration docs-platform:token: expected a string, got (a number|an object|a list) \(value not shown\)/) },
      ]);
    }
    const configureWithNumber = new pb.ConfigureRequest();
    configureWithNumber.setArgs(bag({ apiUrl: emulator.url, token: 12345, organizationId }));
    await expect(call("configure", configureWithNumber)).rejects.toThrow(/docs-platform:token: expected a string, got a number/);
  });

  it("a key still unknown at preview does not stop the known ones being checked (a file:// API URL fails the preview)", async () => {
    const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    const failures = await checkConfig({ apiUrl: "file:///etc/passwd", token: UNKNOWN });
    expect(failures.map((failure) => failure.reason)).toEqual([expect.stringContaining("Malformed configuration docs-platform:apiUrl: expected an http(s) URL")]);
    expect(await checkConfig({ apiUrl: "https://api.example.com/v1", token: UNKNOWN })).toEqual([]);
  });
});

describe("a resource's check", () => {
  it("a fn::secret title over its limit fails naming no property, and its value is in no reason", async () => {
    const title = `secret-title-${"x".repeat(80)}`;
    const failures = await check("Team", "writers", { title: secret(title) });
    expect(failures).toEqual([{ property: "", reason: "title: must be at most 64 characters" }]);
  });

  it("a SAML certificate over 10,000 characters fails naming no property", async () => {
    const certificate = `CERT${"A".repeat(10_001)}`;
    const failures = await check("SamlProvider", "okta", { label: "Okta", certificate });
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure.property).toBe("");
    expect(JSON.stringify(failures)).not.toContain("AAAAAAAAAA");
  });
});

describe("the preview's read of the organization (a create's check)", () => {
  it("an organization that does not exist fails the check, naming it", async () => {
    const failures = await check("Team", "writers", { title: "Writers", organizationId: "org-nowhere" });
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(/^organizationId: no organization "org-nowhere" \(or the token's user is not a member of it\)/) }]);
  });

  it("an organization id holding / ? or # cannot be one of the API's ids", async () => {
    for (const organizationId of ["org-acme/teams", "org?x=1", "org#x"]) {
      const failures = await check("Team", "writers", { title: "Writers", organizationId });
      expect(failures, organizationId).toEqual([{ property: "", reason: expect.stringMatching(/^organizationId: must not contain "\/", "\?" or "#"/) }]);
    }
  });

  it("a token the API refuses (401) fails the check, saying so", async () => {
    await configure({ apiUrl: emulator.url, token: "not-a-token-of-the-api", organizationId });
    try {
      const failures = await check("Team", "writers", { title: "Writers" });
      expect(failures).toEqual([{ property: "", reason: expect.stringMatching(/^organizationId: reading organization "org-acme": the API token was refused \(401\)/) }]);
    } finally {
      await configure({ apiUrl: emulator.url, token, organizationId });
    }
  });
});

describe("one owner per object, for the whole deployment (both doors: the shared core)", () => {
  it("a second OrganizationSettings of one organization fails its check naming both, as the dynamic package says", async () => {
    expect(await check("OrganizationSettings", "settings", { organizationId })).toEqual([]);
    // Checked again (the preview of `up`, then its update): still the one owner.
    expect(await check("OrganizationSettings", "settings", { organizationId })).toEqual([]);
    expect(await check("OrganizationSettings", "more-settings", { organizationId })).toEqual([
      {
        property: "",
        reason: `OrganizationSettings "more-settings" and OrganizationSettings "settings" both manage the settings of organization ${organizationId}: an organization has one set of settings, so every up would undo the other's changes. Declare one OrganizationSettings per organization.`,
      },
    ]);
  });

  it("every singleton kind: the second resource naming the same object fails, another object passes", async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        "AgentInstructions",
        { instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [] } },
        { organizationId: "org-globex", instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [] } },
      ],
      ["OrganizationMember", { userId: "usr-1", role: "read" }, { userId: "usr-2", role: "read" }],
      ["OpenApiSpec", { slug: "owned", source: { url: "https://specs.example.com/a.yaml" } }, { slug: "owned-2", source: { url: "https://specs.example.com/a.yaml" } }],
      ["SiteCustomization", { siteId: "site-owned" }, { siteId: "site-owned-2" }],
    ];
    for (const [kind, first, other] of cases) {
      // Kinds that must look the organization up are given one the emulator has.
      const withOrg = (inputs: Record<string, unknown>) => ({ organizationId, ...inputs });
      expect(await check(kind, "first", withOrg(first)), kind).toEqual([]);
      // Another object: no conflict (the other organization is not this token's: its 403 is another failure).
      expect(
        (await check(kind, "other", withOrg(other))).filter((failure) => /both manage/.test(failure.reason)),
        kind,
      ).toEqual([]);
      const second = await check(kind, "second", withOrg(first));
      expect(
        second.map((failure) => failure.reason),
        kind,
      ).toEqual([expect.stringMatching(new RegExp(`^${kind} "second" and ${kind} "first" both manage `))]);
    }
  });
});

describe("pulumi import of an id that matches nothing", () => {
  // One id per kind that is well formed and matches no object: the import must fail, naming the kind and the id.
  const missing: Record<string, string> = {
    AgentInstructions: "org-does-not-exist",
    Collection: "collection-does-not-exist",
    OpenApiSpec: "spec-does-not-exist",
    OrganizationMember: "user-does-not-exist",
    OrganizationSettings: "org-does-not-exist",
    SamlProvider: "saml-does-not-exist",
    Site: "site-does-not-exist",
    SiteAdaptiveSchema: "site-does-not-exist",
    SiteCustomization: "site-does-not-exist",
    SiteSection: "site-does-not-exist/section-does-not-exist",
    SiteSectionGroup: "site-does-not-exist/group-does-not-exist",
    SiteSpace: "site-does-not-exist/site-space-does-not-exist",
    SiteSpaceCustomization: "site-does-not-exist/site-space-does-not-exist",
    SiteStructure: "site-does-not-exist",
    Space: "space-does-not-exist",
    Team: "team-does-not-exist",
    TeamMember: "team-does-not-exist/user-does-not-exist",
    Translation: "translation-does-not-exist",
  };

  for (const [kind, id] of Object.entries(missing)) {
    it(`${kind} ${id}: fails naming the kind and the id, records nothing`, async () => {
      await expect(importRead(kind, id)).rejects.toThrow(new RegExp(`^${kind}: cannot import "${id}": no such object`));
    });
  }

  it("ids that are not path segments (../.., ?, #) fail before any request", async () => {
    const before = await requestCount();
    for (const [kind, id] of [
      ["Team", "../.."],
      ["Team", ".."],
      ["Collection", "a?b"],
      ["SiteSection", "../x"],
      ["TeamMember", "team/.."],
    ] as const) {
      await expect(importRead(kind, id)).rejects.toThrow(
        new RegExp(`^${kind}: cannot import ${JSON.stringify(id).replace(/[.?]/g, "\\$&")}: each id in it must be a non-empty segment`),
      );
    }
    // The control route's own request is not an API request: the count is the API's.
    expect(await requestCount()).toBe(before);
  });
});

describe("two providers in one process (each pluginService holds the core its Configure builds)", () => {
  type Handler = (call: { request: unknown }, callback: (error: Error | null, response?: any) => void) => void;
  const { pluginService } = require("../../provider/dist/plugin/server.js") as { pluginService: () => Record<string, Handler> };
  const ask = (service: Record<string, Handler>, method: string, request: unknown): Promise<any> =>
    new Promise((resolve, reject) => service[method]({ request }, (error, response) => (error ? reject(error) : resolve(response))));

  async function configured(values: Record<string, unknown>): Promise<Record<string, Handler>> {
    const service = pluginService();
    const request = new pb.ConfigureRequest();
    request.setArgs(bag(values));
    await ask(service, "configure", request);
    return service;
  }

  async function checkedOrganization(service: Record<string, Handler>, name: string): Promise<unknown> {
    const request = new pb.CheckRequest();
    request.setUrn(`urn:pulumi:test::two::docs-platform:index:Team::${name}`);
    request.setType("docs-platform:index:Team");
    request.setOlds(bag({ organizationId: "already-made" }));
    request.setNews(bag({ title: "Writers" }));
    const response = await ask(service, "check", request);
    return response.getInputs().toJavaScript().organizationId;
  }

  it("each keeps its own organization default and its own owners", async () => {
    const first = await configured({ apiUrl: emulator.url, token, organizationId: "org-first" });
    const second = await configured({ apiUrl: emulator.url, token, organizationId: "org-second" });
    expect(await checkedOrganization(first, "writers")).toBe("org-first");
    expect(await checkedOrganization(second, "writers")).toBe("org-second");
    // An empty provider organizationId is unset, as for the dynamic package: the environment's, or none.
    const fromEnvironment = process.env.DOCS_PLATFORM_ORGANIZATION_ID;
    delete process.env.DOCS_PLATFORM_ORGANIZATION_ID;
    const unset = await configured({ apiUrl: emulator.url, token, organizationId: "" }).finally(() => {
      if (fromEnvironment !== undefined) process.env.DOCS_PLATFORM_ORGANIZATION_ID = fromEnvironment;
    });
    const request = new pb.CheckRequest();
    request.setUrn("urn:pulumi:test::two::docs-platform:index:Team::writers");
    request.setType("docs-platform:index:Team");
    request.setOlds(bag({}));
    request.setNews(bag({ title: "Writers" }));
    const failures = (await ask(unset, "check", request)).getFailuresList().map((failure: any) => failure.getReason());
    expect(failures).toEqual([expect.stringMatching(/^Team "writers": organizationId is not set/)]);
    // One owner per object is per provider: the same settings claimed in each service conflict in neither.
    const settings = (service: Record<string, Handler>, name: string) => {
      const claim = new pb.CheckRequest();
      claim.setUrn(`urn:pulumi:test::two::docs-platform:index:OrganizationSettings::${name}`);
      claim.setType("docs-platform:index:OrganizationSettings");
      claim.setOlds(bag({ organizationId }));
      claim.setNews(bag({ organizationId }));
      return ask(service, "check", claim).then((response) => response.getFailuresList().length);
    };
    expect(await settings(first, "one")).toBe(0);
    expect(await settings(second, "two")).toBe(0);
    expect(await settings(first, "two")).toBe(1);
  });
});

describe("the lookups as invokes take the provider's organization as each lookup applies it", () => {
  async function invoked(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const request = new pb.InvokeRequest();
    request.setTok(`docs-platform:index:${token}`);
    request.setArgs(bag(args));
    const response = await call<any>("invoke", request);
    return response.getReturn().toJavaScript();
  }

  it("getSpaces and getOrganization() in the provider's organization; getOrganization by title among the token's", async () => {
    const organization = emulator.fixture.organizations[0];
    expect((await invoked("getOrganization", {})).id).toBe(organizationId);
    const spaces = (await invoked("getSpaces", {})).spaces as { id: string }[];
    expect(spaces.map((space) => space.id).sort()).toEqual(organization.spaces.map((space) => space.id).sort());
    // The provider's organization is not added beside a title: "give organizationId or title, not both" was the answer.
    expect((await invoked("getOrganization", { title: organization.title })).id).toBe(organizationId);
  });
});
