/**
 * Snapshots (the offline twin, docs/twin.md): the emulator writes one organization's configuration
 * plane as a snapshot (GET /_control/snapshot), starts from one (`seed`, with a token of its own or
 * the one given) with the same organization, members and ids, restores one (PUT), resets to the one
 * it was seeded from, refuses another format version with what to do, and never writes a secret.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type Snapshot } from "../index.ts";
import { client, control, useEmulator } from "./helpers.ts";

const env = useEmulator();
const emulators: Emulator[] = [];

afterAll(async () => {
  for (const emulator of emulators) await emulator.close();
});

/** An organization with an object of most kinds, made through the API. */
async function populate(): Promise<void> {
  const admin = client(env.emulator, env.emulator.fixture.organizations[0].admin.token);
  const org = env.emulator.fixture.organization;
  const team = await admin.put(`/orgs/${org}/teams`, {
    title: "Writers",
    members: [env.emulator.fixture.organizations[0].members[1].userId],
  });
  expect(team.status).toBe(201);
  expect(
    (
      await admin.post(`/orgs/${org}/saml`, {
        label: "Okta",
        entityID: "http://okta",
        ssoURL: "https://okta/sso",
        certificate: "MIIsecretCertificateValue",
        defaultTeam: team.body.id,
      })
    ).status,
  ).toBe(201);
  const collection = await admin.post(`/orgs/${org}/collections`, { title: "Handbook", description: "How we work" });
  const space = await admin.post(`/orgs/${org}/spaces`, { title: "Onboarding", parent: collection.body.id });
  const site = await admin.post(`/orgs/${org}/sites`, { title: "Portal" });
  const base = `/orgs/${org}/sites/${site.body.id}`;
  const section = await admin.post(`${base}/sections`, { spaceId: space.body.id, title: "Guides" });
  expect(section.status).toBe(201);
  expect((await admin.post(`${base}/section-groups`, { title: "APIs", icon: "plug" })).status).toBe(201);
  expect(
    (
      await admin.put(`${base}/customization`, {
        title: "Portal",
        styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" } },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await admin.put(`${base}/adaptive-schema`, {
        jsonSchema: {
          type: "object",
          properties: {
            unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false },
            isStaff: { type: "boolean", description: "Signed-in staff" },
          },
          additionalProperties: false,
        },
      })
    ).status,
  ).toBe(200);
  const siteSpace = section.body.siteSpaces[0].id;
  expect((await admin.patch(`${base}/site-spaces/${siteSpace}/customization`, { title: "Guides!" })).status).toBe(200);
  expect(
    (await admin.put(`/orgs/${org}/openapi/petstore`, { source: { url: "https://example.com/openapi.json" } })).status,
  ).toBeLessThan(300);
  expect(
    (
      await admin.post(`/orgs/${org}/translations`, {
        language: "fr",
        source: { space: space.body.id, language: "en" },
      })
    ).status,
  ).toBe(201);
}

describe("snapshots of the emulator's organization", () => {
  it("round-trips: a twin seeded from a snapshot answers the same snapshot, ids and all, with the token given", async () => {
    await populate();
    const first = (await control(env.emulator).get("/snapshot")).body;
    expect(first).toMatchObject({
      format: "docs-platform-snapshot",
      version: 1,
      organization: { id: env.emulator.fixture.organization },
    });
    expect(first.sites[0].sections).toHaveLength(1);

    const twin = await startEmulator({ seed: first, token: "twin-admin-token" });
    emulators.push(twin);
    const second = (await control(twin).get("/snapshot")).body;
    expect({ ...second, createdAt: "" }).toEqual({ ...first, createdAt: "" });
    // The admin's token is the one given; the API answers it with the snapshot's objects.
    expect(twin.fixture.token).toBe("twin-admin-token");
    const api = client(twin, "twin-admin-token");
    const teams = await api.get(`/orgs/${first.organization.id}/teams`);
    expect(teams.body.items.map((team: { id: string }) => team.id)).toEqual(
      first.teams.map((team: { id: string }) => team.id),
    );
    const siteId = first.sites[0].id;
    expect(
      (await api.get(`/orgs/${first.organization.id}/sites/${siteId}/customization`)).body.styling.primaryColor,
    ).toEqual({ light: "#0b5fff", dark: "#6ea2ff" });
  });

  it("never holds a secret: the certificate is a placeholder, listed", async () => {
    const snapshot = (await control(env.emulator).get("/snapshot")).body;
    expect(JSON.stringify(snapshot)).not.toContain("MIIsecretCertificateValue");
    expect(JSON.stringify(snapshot)).not.toContain(env.emulator.fixture.token);
    expect(snapshot.secrets).toEqual([
      {
        path: `samlProviders.${snapshot.samlProviders[0].id}.certificate`,
        placeholder: snapshot.samlProviders[0].certificate,
      },
    ]);
  });

  it("restores one with PUT, keeping the admin's token, and a reset goes back to the seed", async () => {
    const snapshot = (await control(env.emulator).get("/snapshot")).body;
    const twin = await startEmulator({ seed: snapshot, token: "twin-admin-token" });
    emulators.push(twin);
    const api = client(twin, "twin-admin-token");
    const org = snapshot.organization.id;
    await api.put(`/orgs/${org}/teams`, { title: "Made in the twin" });
    expect((await control(twin).get("/snapshot")).body.teams).toHaveLength(snapshot.teams.length + 1);
    const restored = await control(twin).put("/snapshot", snapshot);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ organization: org, token: "twin-admin-token" });
    expect((await api.get(`/orgs/${org}/teams`)).body.items).toHaveLength(snapshot.teams.length);
    await api.put(`/orgs/${org}/teams`, { title: "Made again" });
    expect((await control(twin).post("/reset")).status).toBe(200);
    expect((await api.get(`/orgs/${org}/teams`)).body.items).toHaveLength(snapshot.teams.length);
  });

  it("refuses a snapshot of another format version, or not a snapshot, saying what to do", async () => {
    const snapshot = (await control(env.emulator).get("/snapshot")).body;
    const newer = await control(env.emulator).put("/snapshot", { ...snapshot, version: 2 });
    expect(newer.status).toBe(400);
    expect(newer.body.error.message).toContain(
      "snapshot format version 2; this emulator reads version 1. Upgrade the emulator",
    );
    const older = await control(env.emulator).put("/snapshot", { ...snapshot, version: 0 });
    expect(older.body.error.message).toContain("Export it again");
    const other = await control(env.emulator).put("/snapshot", { users: [] });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toContain("is not a docs-platform snapshot");
    await expect(startEmulator({ seed: { ...snapshot, version: 2 } })).rejects.toThrow(/snapshot format version 2/);
  });
});

describe("a malformed snapshot is refused whole, naming the place (audit 10)", () => {
  // A snapshot with a site holding sections and site spaces, to break in one place at a time.
  async function wellFormed(): Promise<Record<string, any>> {
    const snapshot = (await control(env.emulator).get("/snapshot")).body;
    expect(snapshot.sites[0].sections.length).toBeGreaterThan(0);
    return snapshot;
  }

  /** `PUT /_control/snapshot` with `broken`: a 400 whose message names `place`, and the state exactly as before. */
  async function refused(broken: unknown, message: string): Promise<void> {
    const before = (await control(env.emulator).get("/snapshot")).body;
    const reply = await control(env.emulator).put("/snapshot", broken);
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.error.code).toBe(400);
    expect(reply.body.error.message).toContain(message);
    for (const internal of ["Cannot read properties", "SQLite", "constraint", "Maximum call stack", "undefined"])
      expect(reply.body.error.message).not.toContain(internal);
    expect({ ...(await control(env.emulator).get("/snapshot")).body, createdAt: "" }).toEqual({
      ...before,
      createdAt: "",
    });
  }

  const copy = <T>(value: T): T => structuredClone(value);

  it("duplicate ids: of a kind, of sections across sites, of members, with both places", async () => {
    const snapshot = await wellFormed();
    const teams = copy(snapshot);
    teams.teams = [...teams.teams, { ...teams.teams[0], title: "Twin" }];
    await refused(
      teams,
      `the request body: teams[${snapshot.teams.length}].id: duplicate id "${snapshot.teams[0].id}" (also teams[0].id)`,
    );
    const sites = copy(snapshot);
    sites.sites.push({ ...copy(snapshot.sites[0]), id: "site-two", sectionGroups: [], siteSpaces: [] });
    await refused(
      sites,
      `sites[1].sections[0].id: duplicate id "${snapshot.sites[0].sections[0].id}" (also sites[0].sections[0].id)`,
    );
    const members = copy(snapshot);
    members.members.push({ ...members.members[0] });
    await refused(members, `members[${snapshot.members.length}].id: duplicate id`);
  });

  it("wrong types and nulls where an object or a list must be", async () => {
    const snapshot = await wellFormed();
    await refused({ ...snapshot, members: null }, "members: must be an array, not null");
    await refused({ ...snapshot, organization: null }, "organization: must be an object, not null");
    await refused({ ...snapshot, sites: [null] }, "sites[0]: must be an object, not null");
    const id = copy(snapshot);
    id.sites[0].sections[0].id = 42;
    await refused(id, "sites[0].sections[0].id: must be a non-empty string (an id), not number 42");
    const role = copy(snapshot);
    role.members[0].role = "owner";
    await refused(role, 'members[0].role: must be one of admin, create, review, edit, comment, read, not "owner"');
    const missing = copy(snapshot);
    delete missing.sites[0].siteSpaces;
    await refused(missing, "sites[0].siteSpaces: is required");
    const customization = copy(snapshot);
    customization.sites[0].customization = "blue";
    await refused(customization, 'sites[0].customization: must be an object, not "blue"');
    await refused(
      { ...snapshot, members: snapshot.members.map((member: { role: string }) => ({ ...member, role: "read" })) },
      "members: no member is an admin",
    );
  });

  it("nesting deeper than 100 levels, refused before anything walks it recursively", async () => {
    const snapshot = await wellFormed();
    // 5000 levels: JSON.stringify itself would overflow on this object, so the text is built by hand.
    const text = JSON.stringify({ ...snapshot, sites: [{ ...snapshot.sites[0], customization: "DEEP" }] }).replace(
      '"DEEP"',
      '{"a":'.repeat(5000) + "{}" + "}".repeat(5000),
    );
    const before = (await control(env.emulator).get("/snapshot")).body;
    const reply = await fetch(`${env.emulator.controlUrl}/snapshot`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: text,
    });
    const body = (await reply.json()) as { error: { code: number; message: string } };
    expect(reply.status).toBe(400);
    expect(body.error.message).toMatch(
      /^the request body: sites\[0\]\.customization\.a\.a.*: nested more than 100 levels deep$/,
    );
    expect(body.error.message).not.toContain("Maximum call stack");
    expect({ ...(await control(env.emulator).get("/snapshot")).body, createdAt: "" }).toEqual({
      ...before,
      createdAt: "",
    });
    const deepInstructions: Snapshot = {
      ...(snapshot as Snapshot),
      agentInstructions: JSON.parse("[".repeat(200) + "]".repeat(200)) as Snapshot["agentInstructions"],
    };
    await expect(startEmulator({ seed: deepInstructions })).rejects.toThrow(
      /agentInstructions(\[0\])+: nested more than 100 levels deep/,
    );
  });

  it("section groups that name each other as parents: refused by PUT and at a twin's start, naming the circle (issue 49)", async () => {
    const snapshot = await wellFormed();
    const circle = copy(snapshot);
    circle.sites[0].sectionGroups = [
      { id: "group-a", title: "A", parent: "group-b", position: 0 },
      { id: "group-b", title: "B", parent: "group-a", position: 0 },
    ];
    const message =
      "sites[0].sectionGroups[0].parent: section groups name each other as parents (group-a -> group-b -> group-a): a group cannot be nested in itself";
    await refused(circle, message);
    await expect(startEmulator({ seed: circle as Snapshot })).rejects.toThrow(message);
    const itself = copy(snapshot);
    itself.sites[0].sectionGroups = [{ id: "group-a", title: "A", parent: "group-a", position: 0 }];
    await refused(itself, "(group-a -> group-a)");
    // A circle that a group's chain runs into without passing through it is reported from a group on it.
    const beside = copy(snapshot);
    beside.sites[0].sectionGroups = [
      { id: "group-top", title: "Top", parent: "group-a", position: 0 },
      { id: "group-a", title: "A", parent: "group-b", position: 0 },
      { id: "group-b", title: "B", parent: "group-a", position: 0 },
    ];
    await refused(
      beside,
      "sites[0].sectionGroups[1].parent: section groups name each other as parents (group-a -> group-b -> group-a)",
    );
  });

  it("a tree's references stay in its site: a group's parent, a section's group, a site space's section", async () => {
    const snapshot = await wellFormed();
    const parent = copy(snapshot);
    parent.sites[0].sectionGroups = [{ id: "group-a", title: "A", parent: "group-elsewhere", position: 0 }];
    await refused(
      parent,
      'sites[0].sectionGroups[0].parent: "group-elsewhere" is not the id of a section group of this site',
    );
    const section = copy(snapshot);
    section.sites[0].sections[0].sectionGroup = "group-elsewhere";
    await refused(
      section,
      'sites[0].sections[0].sectionGroup: "group-elsewhere" is not the id of a section group of this site',
    );
    const siteSpace = copy(snapshot);
    siteSpace.sites[0].siteSpaces[0].section = "section-elsewhere";
    await refused(
      siteSpace,
      'sites[0].siteSpaces[0].section: "section-elsewhere" is not the id of a section of this site',
    );
  });

  it("a well-formed snapshot with unknown extra keys still loads (the provider's writer may write more)", async () => {
    const snapshot = await wellFormed();
    const reply = await control(env.emulator).put("/snapshot", {
      ...snapshot,
      exportedBy: "pulumi-docs-platform 9.9",
      sites: snapshot.sites.map((site: object) => ({ ...site, futureField: true })),
    });
    expect(reply.status).toBe(200);
  });
});
