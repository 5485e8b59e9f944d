import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index.ts";

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));
const script = fileURLToPath(new URL("./round-trip.ts", import.meta.url));

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
});
afterAll(async () => {
  await emulator?.close();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${emulator.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${emulator.fixture.token}`, "content-type": "application/json" },
  });
  expect(response.ok, `${init.method ?? "GET"} ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

interface RoundTrip {
  text: string;
  bytes: number;
  id: string;
  outs: Record<string, unknown>;
}

/** Serializes, loads, configures and creates in a plain Node process, as the provider host does. */
async function roundTrip(kind: string, inputs: Record<string, unknown>): Promise<RoundTrip> {
  const { stdout } = await run(process.execPath, [script], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ROUND_TRIP_KIND: kind,
      ROUND_TRIP_INPUTS: JSON.stringify(inputs),
      DOCS_PLATFORM_TEST_API_URL: emulator.url,
      DOCS_PLATFORM_TEST_TOKEN: emulator.fixture.token,
    },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as RoundTrip;
}

function expectSafeStub(result: RoundTrip, kind: string): void {
  expect(result.text).not.toContain(emulator.fixture.token);
  expect(result.text).not.toContain(emulator.url);
  expect(result.text).toContain(`.handlerFor("${kind}")`);
  // Nothing but the stub is captured: no schemas, no client, no config.
  expect(result.text).not.toMatch(/zod|undici|ApiClient|Authorization/i);
  expect(result.bytes).toBeLessThan(160);
  expect(result.id).not.toBe("");
}

describe("serialization round trip (serialize, require-from-string, configure, create)", () => {
  it("OrganizationSettings", async () => {
    const org = emulator.fixture.organization;
    const result = await roundTrip("OrganizationSettings", { organizationId: org, title: "Acme Documentation" });
    expectSafeStub(result, "OrganizationSettings");
    expect((await api<{ title: string }>(`/orgs/${org}`)).title).toBe("Acme Documentation");
  });

  it("Team", async () => {
    const org = emulator.fixture.organization;
    const result = await roundTrip("Team", { organizationId: org, title: "Round trip", members: [emulator.fixture.organizations[0].members[1].userId] });
    expectSafeStub(result, "Team");
    expect((await api<{ members: number }>(`/orgs/${org}/teams/${result.id}`)).members).toBe(1);
  });

  it("OrganizationMember and TeamMember", async () => {
    const org = emulator.fixture.organization;
    const reader = emulator.fixture.organizations[0].members.find((member) => member.role === "read")!.userId;
    const member = await roundTrip("OrganizationMember", { organizationId: org, userId: reader, role: "comment" });
    expectSafeStub(member, "OrganizationMember");
    expect((await api<{ role: string }>(`/orgs/${org}/members/${reader}`)).role).toBe("comment");
    const team = await api<{ id: string }>(`/orgs/${org}/teams`, { method: "PUT", body: JSON.stringify({ title: "Memberships round trip" }) });
    const membership = await roundTrip("TeamMember", { organizationId: org, teamId: team.id, userId: reader, role: "owner" });
    expectSafeStub(membership, "TeamMember");
    expect(membership.id).toBe(`${team.id}/${reader}`);
    const listed = await api<{ items: { organization: { id: string }; team: { role: string } }[] }>(`/orgs/${org}/teams/${team.id}/members`);
    expect(listed.items.map((item) => [item.organization.id, item.team.role])).toEqual([[reader, "owner"]]);
  });

  it("SamlProvider", async () => {
    const org = emulator.fixture.organization;
    const result = await roundTrip("SamlProvider", { organizationId: org, label: "Round trip IdP" });
    expectSafeStub(result, "SamlProvider");
    expect((await api<{ label: string }>(`/orgs/${org}/saml/${result.id}`)).label).toBe("Round trip IdP");
  });

  it("Collection", async () => {
    const result = await roundTrip("Collection", { organizationId: emulator.fixture.organization, title: "Round trip", description: "Serialized" });
    expectSafeStub(result, "Collection");
    expect((await api<{ description: string }>(`/collections/${result.id}`)).description).toBe("Serialized");
  });

  it("Space", async () => {
    const result = await roundTrip("Space", { organizationId: emulator.fixture.organization, title: "Round trip space", emoji: "🔁", defaultLevel: "read" });
    expectSafeStub(result, "Space");
    expect(await api<{ emoji: string; defaultLevel: string }>(`/spaces/${result.id}`)).toMatchObject({ emoji: "🔁", defaultLevel: "read" });
  });

  it("Site", async () => {
    const org = emulator.fixture.organization;
    const result = await roundTrip("Site", { organizationId: org, title: "Round trip site", published: true });
    expectSafeStub(result, "Site");
    expect((await api<{ published: boolean }>(`/orgs/${org}/sites/${result.id}`)).published).toBe(true);
  });

  it("SiteSection and SiteSpace", async () => {
    const org = emulator.fixture.organization;
    const [guides, reference] = emulator.fixture.organizations[0].spaceIds;
    const site = await api<{ id: string }>(`/orgs/${org}/sites`, { method: "POST", body: JSON.stringify({ title: "Sections round trip" }) });
    const section = await roundTrip("SiteSection", { organizationId: org, siteId: site.id, spaceId: guides, title: "Guides" });
    expectSafeStub(section, "SiteSection");
    const siteSpace = await roundTrip("SiteSpace", { organizationId: org, siteId: site.id, spaceId: reference, sectionId: section.id, path: "reference" });
    expectSafeStub(siteSpace, "SiteSpace");
    const listed = await api<{ items: { id: string; path: string; section: string }[] }>(`/orgs/${org}/sites/${site.id}/site-spaces`);
    expect(listed.items.find((item) => item.id === siteSpace.id)).toMatchObject({ path: "reference", section: section.id });
  });

  it("SiteSectionGroup and SiteStructure", async () => {
    const org = emulator.fixture.organization;
    const [guides, reference] = emulator.fixture.organizations[0].spaceIds;
    const site = await api<{ id: string }>(`/orgs/${org}/sites`, { method: "POST", body: JSON.stringify({ title: "Groups round trip" }) });
    const post = (what: string, body: unknown) => api<{ id: string }>(`/orgs/${org}/sites/${site.id}/${what}`, { method: "POST", body: JSON.stringify(body) });
    const [first, second] = [await post("sections", { spaceId: guides }), await post("sections", { spaceId: reference })];
    const group = await roundTrip("SiteSectionGroup", { organizationId: org, siteId: site.id, title: "Grouped", icon: "box" });
    expectSafeStub(group, "SiteSectionGroup");
    const order = await roundTrip("SiteStructure", { organizationId: org, siteId: site.id, root: [group.id, second.id, first.id] });
    expectSafeStub(order, "SiteStructure");
    const structure = await api<{ structure: { id: string }[] }>(`/orgs/${org}/sites/${site.id}/structure`);
    expect(structure.structure.map((node) => node.id)).toEqual([group.id, second.id, first.id]);
  });

  it("SiteCustomization, SiteSpaceCustomization and SiteAdaptiveSchema", async () => {
    const org = emulator.fixture.organization;
    const [guides] = emulator.fixture.organizations[0].spaceIds;
    const site = await api<{ id: string }>(`/orgs/${org}/sites`, { method: "POST", body: JSON.stringify({ title: "Customized round trip", spaces: [guides] }) });
    const customization = await roundTrip("SiteCustomization", { organizationId: org, siteId: site.id, styling: { corners: "straight" } });
    expectSafeStub(customization, "SiteCustomization");
    expect((await api<{ styling: { corners: string } }>(`/orgs/${org}/sites/${site.id}/customization`)).styling.corners).toBe("straight");
    const [siteSpace] = (await api<{ items: { id: string }[] }>(`/orgs/${org}/sites/${site.id}/site-spaces`)).items;
    const override = await roundTrip("SiteSpaceCustomization", { organizationId: org, siteId: site.id, siteSpaceId: siteSpace.id, title: "Guides" });
    expectSafeStub(override, "SiteSpaceCustomization");
    expect((await api<{ title: string }>(`/orgs/${org}/sites/${site.id}/site-spaces/${siteSpace.id}/customization`)).title).toBe("Guides");
    const jsonSchema = {
      type: "object",
      properties: { unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false } },
      additionalProperties: false,
    };
    const schema = await roundTrip("SiteAdaptiveSchema", { organizationId: org, siteId: site.id, jsonSchema });
    expectSafeStub(schema, "SiteAdaptiveSchema");
    expect((await api<{ jsonSchema: unknown }>(`/orgs/${org}/sites/${site.id}/adaptive-schema`)).jsonSchema).toEqual(jsonSchema);
  });

  it("OpenApiSpec", async () => {
    const org = emulator.fixture.organization;
    const result = await roundTrip("OpenApiSpec", { organizationId: org, slug: "round-trip", source: { url: "https://example.com/openapi.yaml" } });
    expectSafeStub(result, "OpenApiSpec");
    expect((await api<{ sourceURL: string }>(`/orgs/${org}/openapi/round-trip`)).sourceURL).toBe("https://example.com/openapi.yaml");
  });
});
