import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { definition } from "../../provider/resources/saml-provider.ts";
import { checked, failedProperties, type Harness, PROVIDER, providerOf, rejectionOf, startHarness } from "./support/harness.ts";

let harness: Harness;
let provider: ReturnType<typeof providerOf>;
let org: string;
let teamA: string;
let teamB: string;

const CERTIFICATE = "MIIC8DCCAdigAwIBAgIQ".repeat(10);

beforeAll(async () => {
  harness = await startHarness();
  provider = providerOf(definition, harness.requester);
  org = harness.organizationId;
  teamA = (await harness.api("PUT", `/orgs/${org}/teams`, { title: "SSO users", members: [] })).body.id;
  teamB = (await harness.api("PUT", `/orgs/${org}/teams`, { title: "SSO guests", members: [] })).body.id;
});
afterAll(async () => harness?.close());
beforeEach(() => harness.requester.reset());

async function createProvider(inputs: Record<string, unknown>) {
  return provider.create(await checked(provider, { organizationId: org, ...inputs }));
}

async function getProvider(id: string) {
  return harness.api("GET", `/orgs/${org}/saml/${id}`);
}

describe("SamlProvider check", () => {
  const valid = () => ({
    organizationId: "org",
    label: "Okta",
    entityID: "http://www.okta.com/exk1",
    certificate: CERTIFICATE,
    ssoURL: "https://acme.okta.com/sso/saml",
    defaultTeam: "team",
    defaultRole: "read",
  });

  it.each([
    ["label of 1 character", { label: "x" }],
    ["label of 30 characters", { label: "x".repeat(30) }],
    ["entityID of 1024 characters", { entityID: "e".repeat(1024) }],
    ["certificate of 10000 characters", { certificate: "c".repeat(10000) }],
    ["ssoURL of 2048 characters", { ssoURL: `https://idp.test/${"p".repeat(2048 - "https://idp.test/".length)}` }],
    ["defaultRole null (guests)", { defaultRole: null }],
    ["each role", { defaultRole: "comment" }],
    ["only the required inputs", { entityID: undefined, certificate: undefined, ssoURL: undefined, defaultTeam: undefined, defaultRole: undefined }],
    ["adopt by id", { adopt: { id: "saml-1" } }],
    // API.md gives entityID and certificate only a maximum: "" is within it.
    ["an empty entityID", { entityID: "" }],
    ["an empty certificate", { certificate: "" }],
    ["a label of 30 emoji (30 characters, 60 UTF-16 units)", { label: "🔐".repeat(30) }],
    ["an http ssoURL", { ssoURL: "http://idp.test/sso" }],
  ])("accepts %s", async (_case, change) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual([]);
  });

  it.each([
    ["organizationId is required", { organizationId: undefined }, ["organizationId"]],
    ["label is required", { label: undefined }, ["label"]],
    ["label must not be empty", { label: "" }, ["label"]],
    ["label is at most 30 characters", { label: "x".repeat(31) }, ["label"]],
    ["entityID is at most 1024 characters", { entityID: "e".repeat(1025) }, ["entityID"]],
    ["certificate is at most 10000 characters", { certificate: "c".repeat(10001) }, ["certificate"]],
    ["ssoURL must be a URI", { ssoURL: "not a url" }, ["ssoURL"]],
    ["ssoURL is an http(s) URL", { ssoURL: "mailto:sso@idp.test" }, ["ssoURL"]],
    ["ssoURL has no leading space", { ssoURL: " https://idp.test/sso" }, ["ssoURL"]],
    ["ssoURL has no trailing newline", { ssoURL: "https://idp.test/sso\r\n" }, ["ssoURL"]],
    ["ssoURL has no NUL", { ssoURL: "https://idp.test/\u0000sso" }, ["ssoURL"]],
    ["label is at most 30 characters, emoji counted as one", { label: "🔐".repeat(31) }, ["label"]],
    ["ssoURL is at most 2048 characters", { ssoURL: `https://idp.test/${"p".repeat(2049 - "https://idp.test/".length)}` }, ["ssoURL"]],
    ["defaultRole is a role", { defaultRole: "owner" }, ["defaultRole"]],
    ["defaultTeam must not be empty", { defaultTeam: "" }, ["defaultTeam"]],
    ["defaultTeam is an id, not an object", { defaultTeam: { id: "team" } }, ["defaultTeam"]],
    ["unknown properties are rejected", { acsURL: "https://x.test" }, ["acsURL"]],
  ])("%s", async (_rule, change, expected) => {
    expect(await failedProperties(provider, { ...valid(), ...change })).toEqual(expected);
  });

  it("sends no request when check fails", async () => {
    await provider.check({}, { organizationId: org, label: "x".repeat(31) });
    expect(harness.requester.calls).toEqual([]);
  });
});

describe("SamlProvider lifecycle", () => {
  it("creates with every input; the default team reads back as its id; read equals create", async () => {
    const inputs = {
      label: "Okta",
      entityID: "http://www.okta.com/exk1",
      certificate: CERTIFICATE,
      ssoURL: "https://acme.okta.com/sso/saml",
      defaultTeam: teamA,
      defaultRole: "edit",
    };
    const created = await createProvider(inputs);
    expect(harness.requester.writes()).toHaveLength(1);
    expect(created.outs).toMatchObject({ organizationId: org, ...inputs, status: "active" });
    const outs = created.outs;
    expect(outs.service).toEqual({ acsURL: expect.any(String), startURL: expect.any(String), entityID: expect.any(String) });
    expect(typeof outs.createdAt).toBe("string");
    const read = await provider.read(created.id, { ...outs, __provider: PROVIDER });
    expect(read.props).toEqual(outs);
    expect(read.inputs).toEqual({ organizationId: org, ...inputs });
    expect((await getProvider(created.id)).body.defaultTeam.id).toBe(teamA);
  });

  it("diff: organizationId replaces; every other input updates in place", async () => {
    const olds = {
      __provider: PROVIDER,
      organizationId: org,
      label: "Okta",
      entityID: "e",
      certificate: "c",
      ssoURL: "https://idp.test/sso",
      defaultTeam: teamA,
      defaultRole: "read",
      status: "active",
      createdAt: "then",
    };
    const news = { ...olds, __provider: "new", status: undefined, createdAt: undefined };
    expect(await provider.diff("s", olds, news)).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff("s", olds, { ...news, organizationId: "other" })).toMatchObject({ changes: true, replaces: ["organizationId"] });
    for (const [key, value] of Object.entries({ label: "Azure", entityID: "e2", certificate: "c2", ssoURL: "https://idp.test/other", defaultTeam: teamB, defaultRole: null })) {
      expect(await provider.diff("s", olds, { ...news, [key]: value }), key).toMatchObject({ changes: true, replaces: [] });
    }
  });

  it("updates only what changed, in place; null default role makes SSO users guests", async () => {
    const created = await createProvider({ label: "Before", ssoURL: "https://idp.test/sso", defaultTeam: teamA, defaultRole: "read" });
    harness.requester.reset();
    const news = await checked(provider, { organizationId: org, label: "After", ssoURL: "https://idp.test/sso", defaultTeam: teamB, defaultRole: null });
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, news);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}/saml/${created.id}`, body: { label: "After", defaultTeam: teamB, defaultRole: null } }]);
    expect(updated.outs).toMatchObject({ label: "After", defaultTeam: teamB, defaultRole: null });
    const server = (await getProvider(created.id)).body;
    expect(server).toMatchObject({ id: created.id, label: "After", defaultRole: null });
    expect(server.defaultTeam.id).toBe(teamB);
  });

  it("removing an optional input stops managing it: nothing is sent and the value stays", async () => {
    const created = await createProvider({ label: "Keep", entityID: "kept-entity", defaultRole: "read" });
    harness.requester.reset();
    const updated = await provider.update(created.id, { ...created.outs, __provider: PROVIDER }, await checked(provider, { organizationId: org, label: "Keep" }));
    expect(harness.requester.writes()).toEqual([]);
    expect(updated.outs).not.toHaveProperty("entityID");
    expect((await getProvider(created.id)).body).toMatchObject({ entityID: "kept-entity", defaultRole: "read" });
  });

  it("read sees drift made through the API", async () => {
    const created = await createProvider({ label: "Drift", ssoURL: "https://idp.test/sso", defaultRole: "read" });
    expect((await harness.api("PATCH", `/orgs/${org}/saml/${created.id}`, { label: "Drifted", ssoURL: "https://idp.test/moved", defaultRole: "admin" })).status).toBe(200);
    const read = await provider.read(created.id, { ...created.outs, __provider: PROVIDER });
    expect(read.props).toMatchObject({ label: "Drifted", ssoURL: "https://idp.test/moved", defaultRole: "admin" });
    expect(
      await provider.diff(created.id, read.props, await checked(provider, { organizationId: org, label: "Drift", ssoURL: "https://idp.test/sso", defaultRole: "read" })),
    ).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("adopts an existing provider by id, reconciling only what differs", async () => {
    const existing = (await harness.api("POST", `/orgs/${org}/saml`, { label: "Hand made", entityID: "hand", defaultRole: "comment" })).body;
    const adopted = await createProvider({ label: "Hand made", entityID: "declared", defaultRole: "comment", adopt: { id: existing.id } });
    expect(adopted.id).toBe(existing.id);
    expect(harness.requester.writes()).toEqual([{ method: "PATCH", path: `/orgs/${org}/saml/${existing.id}`, body: { entityID: "declared" } }]);
    expect((await getProvider(existing.id)).body.entityID).toBe("declared");
  });

  it("adopts by exact label, creates when none matches, refuses when several match", async () => {
    const existing = (await harness.api("POST", `/orgs/${org}/saml`, { label: "Azure AD" })).body;
    const adopted = await createProvider({ label: "Azure AD", defaultTeam: teamA, adopt: true });
    expect(adopted.id).toBe(existing.id);
    expect((await getProvider(existing.id)).body.defaultTeam.id).toBe(teamA);

    const fresh = await createProvider({ label: "Brand new IdP", adopt: true });
    expect(fresh.id).not.toBe(existing.id);
    expect((await getProvider(fresh.id)).status).toBe(200);

    await harness.api("POST", `/orgs/${org}/saml`, { label: "Twin" });
    await harness.api("POST", `/orgs/${org}/saml`, { label: "Twin" });
    expect((await rejectionOf(createProvider({ label: "Twin", adopt: true }))).message).toMatch(/2 SamlProvider objects match by label/);
  });

  it("deletes; deleting again and reading afterwards are harmless", async () => {
    const created = await createProvider({ label: "Short-lived" });
    await provider.delete(created.id, { ...created.outs, __provider: PROVIDER });
    expect((await getProvider(created.id)).status).toBe(404);
    await expect(provider.delete(created.id, { ...created.outs, __provider: PROVIDER })).resolves.toBeUndefined();
    expect(await provider.read(created.id, created.outs)).toEqual({ id: "", props: {} });
  });
});
