/**
 * The exporters of member roles, translations, agent instructions and team membership, against the
 * in-process emulator: what each declares (and never declares: `removeOnDestroy`, `runTrigger`,
 * `clearOnDestroy`), when a team's membership is `Team.members` and when TeamMembers, how it
 * names people and spaces, and that every object passes the resource's own check (the export
 * reports a failing one as a warning).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { type ExportResult, exportOrganization, resourceNames, selectKinds } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { OrganizationReader } from "../../provider/walker/reader.ts";
import { writeSnapshot } from "../../provider/cli/export/snapshot/write.ts";
import { customizationDefaults } from "../../provider/domain/customization-defaults.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import type { Snapshot } from "../emulator/snapshot/format.ts";
import { type Api, apiClient } from "../e2e/support/api.ts";
import { referencesOf } from "../../provider/adapter/fields.ts";
import { yamlScalar } from "../../provider/cli/export/render.ts";

const ORG = "org-acme";

let emulator: Emulator;
let api: Api;
let client: ApiClient;

beforeEach(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const acme = emulator.fixture.organizations.find((org) => org.id === ORG)!;
  api = apiClient(emulator.url, acme.tokens.admin!);
  client = new ApiClient({ baseUrl: emulator.url, token: acme.tokens.admin! });
});

afterEach(async () => {
  await client?.close();
  await emulator?.close();
});

async function exported(only: string, adopt = true): Promise<ExportResult> {
  return exportOrganization({ api: client, organizationId: ORG, kinds: selectKinds(EXPORTERS, only), adopt, apiUrl: emulator.url, project: "acme", stack: "dev" });
}

/** A rich-text document of plain paragraphs. */
function paragraphs(...texts: string[]) {
  return {
    object: "document",
    data: { schemaVersion: 1 },
    nodes: texts.map((text) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] })),
  };
}

/** `value` with every object's keys in code-unit order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

describe("OrganizationMember", () => {
  it("declares every member's role as read, guests as null, each member by email from the stack config, sorted by email", async () => {
    await api.patch(`/orgs/${ORG}/members/usr-acme-reader`, { role: "comment" });
    await api.patch(`/orgs/${ORG}/members/usr-acme-editor`, { role: null });
    const result = await exported("OrganizationMember");
    expect(result.warnings).toEqual([]);
    expect(result.counts).toEqual([{ kind: "OrganizationMember", objects: 3 }]);
    const program = result.program.indexTs;
    expect(program).toContain(
      [
        `new docs.OrganizationMember("ada", {`,
        `  email: members.ada,`,
        `  role: "admin",`,
        `});`,
        `new docs.OrganizationMember("eli", {`,
        `  email: members.eli,`,
        `  role: null,`,
        `});`,
        `new docs.OrganizationMember("rae", {`,
        `  email: members.rae,`,
        `  role: "comment",`,
        `});`,
      ].join("\n"),
    );
    // Destroying the program never removes anyone, and the resource always takes its member over.
    expect(program).not.toContain("removeOnDestroy");
    expect(program).not.toContain("adopt:");
    expect(program).not.toContain("usr-acme");
    expect(result.files["Pulumi.dev.yaml"]).toContain("  acme:members:\n    ada: ada@acme.test\n    eli: eli@acme.test\n    rae: rae@acme.test\n");
  });

  it("names a member the same way in every kind: one stack config entry per person", async () => {
    await api.put(`/orgs/${ORG}/teams`, { title: "Writers", members: ["usr-acme-editor"] });
    const result = await exported("OrganizationMember,Team");
    expect(result.program.indexTs).toContain(`members: [members.eli],`);
    expect(result.program.config.filter((entry) => entry.key === "members")).toEqual([
      { key: "members", value: { ada: "ada@acme.test", eli: "eli@acme.test", rae: "rae@acme.test" } },
    ]);
  });
});

describe("Team and team membership", () => {
  it("declares a team whose people are all plain members as Team.members, and no TeamMember", async () => {
    const team = await api.put(`/orgs/${ORG}/teams`, { title: "Writers", members: ["usr-acme-reader", "usr-acme-editor"] });
    const result = await exported("Team");
    expect(result.warnings).toEqual([]);
    expect(result.counts).toEqual([
      { kind: "Team", objects: 1 },
      { kind: "TeamMember", objects: 0 },
    ]);
    const program = result.program.indexTs;
    // Sorted by email, whatever order the API lists them in.
    expect(program).toContain(`new docs.Team("writers", {\n  title: "Writers",\n  members: [members.eli, members.rae],\n  adopt: adopted("Team", "writers"),\n});`);
    // The id is the stack's, in its config: the program names none.
    expect(program).not.toContain(team.id);
    expect(result.program.config.find((entry) => entry.key === "adopt")).toEqual({ key: "adopt", value: { Team: { writers: team.id } } });
    expect(program).not.toContain("TeamMember");
  });

  it("declares a team with an owner as a Team without members and one TeamMember per person, the owner's role as read", async () => {
    // A team managed one member at a time (as TeamMember does): no members at creation, then an owner and a member.
    const team = await api.put(`/orgs/${ORG}/teams`, { title: "Translators", members: [] });
    await api.put(`/orgs/${ORG}/teams/${team.id}/members/usr-acme-reader`, {});
    await api.put(`/orgs/${ORG}/teams/${team.id}/members/usr-acme-editor`, { role: "owner" });
    const plain = await api.put(`/orgs/${ORG}/teams`, { title: "Reviewers", members: ["usr-acme-admin"] });
    const result = await exported("Team");
    expect(result.warnings).toEqual([]);
    expect(result.counts).toEqual([
      { kind: "Team", objects: 2 },
      { kind: "TeamMember", objects: 2 },
    ]);
    const program = result.program.indexTs;
    expect(program).toContain(`const translators = new docs.Team("translators", {\n  title: "Translators",\n  adopt: adopted("Team", "translators"),\n});`);
    expect(program).toContain(`new docs.Team("reviewers", {\n  title: "Reviewers",\n  members: [members.ada],\n  adopt: adopted("Team", "reviewers"),\n});`);
    // After every Team, named after the team and the person, sorted by email; `member` is the default role, left out.
    expect(program).toContain(
      [
        `new docs.TeamMember("translators-eli", {`,
        `  teamId: translators.id,`,
        `  email: members.eli,`,
        `  role: "owner",`,
        `  adopt: adopted("TeamMember", "translators-eli"),`,
        `});`,
        `new docs.TeamMember("translators-rae", {`,
        `  teamId: translators.id,`,
        `  email: members.rae,`,
        `  adopt: adopted("TeamMember", "translators-rae"),`,
        `});`,
      ].join("\n"),
    );
    expect(program.indexOf("new docs.TeamMember(")).toBeGreaterThan(program.lastIndexOf("new docs.Team("));
    // The team's id appears in the stack config's adopt only: teamId is the team's variable.
    expect(program).not.toContain(team.id);
    expect(result.files["Pulumi.dev.yaml"]).toContain("  acme:members:\n    ada: ada@acme.test\n    eli: eli@acme.test\n    rae: rae@acme.test\n");
    // Written last, by type then resource name (an id that YAML could read as a number is quoted).
    const quoted = (id: string) => yamlScalar(id);
    expect(result.files["Pulumi.dev.yaml"]).toMatch(
      new RegExp(
        `  acme:adopt:\n    Team:\n      reviewers: ${quoted(plain.id)}\n      translators: ${quoted(team.id)}\n    TeamMember:\n      translators-eli: ${quoted(`${team.id}/usr-acme-editor`)}\n      translators-rae: ${quoted(`${team.id}/usr-acme-reader`)}\n$`,
      ),
    );

    // --no-adopt: the same program, a stack config without adopt.
    const copy = await exported("Team", false);
    expect(copy.program.indexTs).toBe(program);
    expect(copy.files["Pulumi.dev.yaml"]).not.toContain("adopt:");
  });

  it("names TeamMembers deterministically: two people with the same name before the @ get -2 by id, a person without an email is named by user id", async () => {
    const objects = await EXPORTERS.find((exporter) => exporter.kind === "TeamMember")!.read(
      {
        teams: () => Promise.resolve([{ id: "team-1", title: "On call" }]),
        teamMembers: () =>
          Promise.resolve([
            { organization: { id: "usr-b", user: { id: "usr-b", email: "ada@b.test" } }, team: { role: "member" } },
            { organization: { id: "usr-a", user: { id: "usr-a", email: "ada@a.test" } }, team: { role: "owner" } },
            { organization: { id: "usr-c", user: { id: "usr-c" } }, team: { role: "member" } },
          ]),
      } as never,
      {
        warn: () => {},
        // The import path's read of `<teamId>/<userId>`, as the TeamMember's own read gives it.
        imported: (definition, importId) => {
          const userId = importId.split("/")[1];
          const email = { "usr-a": "ada@a.test", "usr-b": "ada@b.test" }[userId];
          return Promise.resolve({
            inputs: { teamId: "team-1", userId },
            state: { teamId: "team-1", userId, ...(email ? { email } : {}) },
            refersTo: referencesOf(definition.schema),
            declared: Object.keys(definition.schema.shape),
          });
        },
      },
    );
    expect(objects.map((object) => [object.id, object.name])).toEqual([
      ["team-1/usr-a", { object: { kind: "Team", id: "team-1" }, suffix: "ada" }],
      ["team-1/usr-b", { object: { kind: "Team", id: "team-1" }, suffix: "ada" }],
      ["team-1/usr-c", { object: { kind: "Team", id: "team-1" }, suffix: "member" }],
    ]);
    expect(objects[2].inputs).toContainEqual(["userId", { type: "member", userId: "usr-c", email: undefined, as: "id" }]);
    const names = resourceNames([{ kind: "Team", id: "team-1", name: { title: "On call", fallback: "team" }, inputs: [] }, ...objects.reverse()]);
    expect(["team-1/usr-a", "team-1/usr-b", "team-1/usr-c"].map((id) => names.get(`TeamMember\u0000${id}`))).toEqual(["on-call-ada", "on-call-ada-2", "on-call-member"]);
  });

  it("--only: TeamMember comes with Team, and is refused alone with the reason", () => {
    expect(selectKinds(EXPORTERS, "Team").map((exporter) => exporter.kind)).toEqual(["Team", "TeamMember"]);
    expect(selectKinds(EXPORTERS, "team-member,Team").map((exporter) => exporter.kind)).toEqual(["Team", "TeamMember"]);
    expect(selectKinds(EXPORTERS, "SamlProvider").map((exporter) => exporter.kind)).toEqual(["SamlProvider"]);
    expect(() => selectKinds(EXPORTERS, "TeamMember")).toThrow(
      "--only: TeamMember is exported with Team, never alone (the Team exporter declares each team's membership one way, as Team.members or as one TeamMember per person when someone has a role such as owner); give --only Team, which exports both",
    );
  });
});

describe("Translation", () => {
  it("declares language, source (its space as a reference) and instructions, adopted by id, never a runTrigger", async () => {
    const french = await api.post(`/orgs/${ORG}/translations`, {
      language: "fr",
      source: { space: "spc-acme-guides", language: "en" },
      instructions: paragraphs(`Keep "product" names; never translate \${code} or C:\\paths.`),
    });
    await api.post(`/orgs/${ORG}/translations/${french.id}/run`);
    const german = await api.post(`/orgs/${ORG}/translations`, { language: "de", source: { space: "spc-acme-changelog", language: "en" } });
    const result = await exported("Space,Translation");
    expect(result.warnings).toEqual([]);
    const program = result.program.indexTs;
    expect(program).toContain(`const guides = new docs.Space("guides", {`);
    expect(program).toContain(
      [
        `new docs.Translation("guides-fr", {`,
        `  language: "fr",`,
        `  source: { space: guides.id, language: "en" },`,
        `  instructions: {`,
        `    object: "document",`,
        `    data: { schemaVersion: 1 },`,
        `    nodes: [`,
        `      {`,
        `        object: "block",`,
        `        type: "paragraph",`,
        `        nodes: [`,
        `          {`,
        `            object: "text",`,
        `            leaves: [`,
        `              {`,
        `                object: "leaf",`,
        `                text: "Keep \\"product\\" names; never translate \${code} or C:\\\\paths.",`,
        `                marks: [],`,
        `              },`,
        `            ],`,
        `          },`,
        `        ],`,
        `      },`,
        `    ],`,
        `  },`,
        `  adopt: adopted("Translation", "guides-fr"),`,
        `});`,
      ].join("\n"),
    );
    // Made without instructions: declared with its language and source alone.
    expect(program).toContain(
      `new docs.Translation("changelog-de", {\n  language: "de",\n  source: { space: changelog.id, language: "en" },\n  adopt: adopted("Translation", "changelog-de"),\n});`,
    );
    expect(result.program.config.find((entry) => entry.key === "adopt")!.value).toMatchObject({ Translation: { "changelog-de": german.id, "guides-fr": french.id } });
    expect(program).not.toContain("runTrigger");
    // The translation comes after the space it names.
    expect(program.indexOf(`new docs.Translation("guides-fr"`)).toBeGreaterThan(program.indexOf(`new docs.Space("guides"`));
  });

  it("names a source space that is not exported through the stack config, and has no adopted id with --no-adopt", async () => {
    await api.post(`/orgs/${ORG}/translations`, { language: "ja", source: { space: "spc-acme-api", language: "en" } });
    const result = await exported("Translation", false);
    expect(result.program.indexTs).toContain(
      `new docs.Translation("api-reference-ja", {\n  language: "ja",\n  source: { space: config.require("space-spc-acme-api"), language: "en" },\n  adopt: adopted("Translation", "api-reference-ja"),\n});`,
    );
    expect(result.files["Pulumi.dev.yaml"]).not.toContain("adopt:");
    expect(result.files["Pulumi.dev.yaml"]).toContain("  acme:space-spc-acme-api: spc-acme-api\n");
  });
});

describe("AgentInstructions", () => {
  it("is not declared while the organization's document is empty (what every organization has)", async () => {
    const result = await exported("AgentInstructions");
    expect(result.counts).toEqual([{ kind: "AgentInstructions", objects: 0 }]);
    expect(result.program.indexTs).not.toContain("AgentInstructions");
  });

  it("declares the document when it holds anything, each node's keys in reading order, never clearOnDestroy", async () => {
    // Keys sorted, as a document written through Pulumi comes back (its inputs travel as a sorted struct).
    await api.put(`/orgs/${ORG}/agent-instructions`, { instructions: sortedKeys(paragraphs("Answer from the docs only. 📘")) });
    const result = await exported("AgentInstructions");
    expect(result.warnings).toEqual([]);
    const program = result.program.indexTs;
    expect(program).toContain(
      [
        `new docs.AgentInstructions("agent-instructions", {`,
        `  instructions: {`,
        `    object: "document",`,
        `    data: { schemaVersion: 1 },`,
        `    nodes: [`,
        `      {`,
        `        object: "block",`,
        `        type: "paragraph",`,
        `        nodes: [`,
        `          {`,
        `            object: "text",`,
        `            leaves: [{ object: "leaf", marks: [], text: "Answer from the docs only. 📘" }],`,
        `          },`,
        `        ],`,
        `      },`,
        `    ],`,
        `  },`,
        `});`,
      ].join("\n"),
    );
    expect(program).not.toContain("clearOnDestroy");
    expect(program).not.toContain("adopt:");
    expect(program).not.toContain(ORG);
  });
});

describe("OpenApiSpec whose source URL holds a credential (made outside Pulumi)", () => {
  const CREDENTIAL = "Zq7SpecToken";
  const url = `https://specs.example.com/petstore.yaml?token=${CREDENTIAL}&v=2`;

  it("is not exported: a warning names the spec and the rule, never the value, and the program does not hold it", async () => {
    const created = await fetch(`${emulator.url}/orgs/${ORG}/openapi`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator.fixture.organizations.find((org) => org.id === ORG)!.tokens.admin!}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: "petstore", source: { url } }),
    });
    expect(created.status).toBe(201);
    const result = await exported("OpenApiSpec");
    expect(result.warnings).toEqual([
      'OpenApiSpec "petstore": its source URL holds a credential in its query string (the "token" parameter) (value not shown), which the provider refuses; it is not exported. Serve the spec from a URL the API can fetch without credentials, then export again.',
    ]);
    expect(JSON.stringify(result)).not.toContain(CREDENTIAL);
  });

  it("is in the twin's snapshot with the credential's value replaced, and listed under secrets", async () => {
    const token = emulator.fixture.organizations.find((org) => org.id === ORG)!.tokens.admin!;
    await fetch(`${emulator.url}/orgs/${ORG}/openapi`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: "petstore", source: { url } }),
    });
    const snapshot = await writeSnapshot(new OrganizationReader(client, ORG), "2026-11-25T00:00:00.000Z");
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain(CREDENTIAL);
    const spec = (snapshot.openApiSpecs as { slug: string; sourceURL: string; id: string }[]).find((item) => item.slug === "petstore")!;
    expect(spec.sourceURL).toBe("https://specs.example.com/petstore.yaml?token=%5BREDACTED%5D&v=2");
    expect(snapshot.secrets).toContainEqual({ path: `openApiSpecs.${spec.id}.sourceURL`, placeholder: spec.sourceURL });
  });
});

describe("SiteCustomization with a value the resource refuses (set outside Pulumi)", () => {
  it("declares the fields the import gives, and reports the refused one, naming the site, the field and the rule", async () => {
    const warnings: string[] = [];
    const [object] = await EXPORTERS.find((exporter) => exporter.kind === "SiteCustomization")!.read(
      {
        sites: () => Promise.resolve([{ id: "site-1", title: "Docs" }]),
        // A new site's customization, but its title and a font longer than the resource takes.
        customization: () =>
          Promise.resolve({
            ...customizationDefaults("Docs"),
            title: "Acme docs",
            styling: { ...(customizationDefaults("Docs").styling as object), font: "x".repeat(150) },
          }),
      } as never,
      {
        warn: (message) => warnings.push(message),
        // The import path declares only what the resource takes (resources/site-customization.ts declarableFields).
        imported: (definition, importId) =>
          Promise.resolve({
            inputs: { organizationId: ORG, siteId: importId, title: "Acme docs" },
            state: {},
            refersTo: referencesOf(definition.schema),
            declared: Object.keys(definition.schema.shape),
          }),
      },
    );
    expect(warnings).toEqual([`SiteCustomization of site "Docs": "styling.font" must be at most 100 characters; the field is not exported`]);
    expect(object.inputs).toEqual([
      ["siteId", { type: "ref", target: { kind: "Site", id: "site-1" }, property: "id", fallback: "site-1" }],
      ["title", { type: "literal", value: "Acme docs" }],
    ]);
  });
});

describe("merge rules and the twin's snapshot as DESIGN.md 8 corrected them (issue 41)", () => {
  it("exports a space's `none` (not its default), and an organization's rules as none or rules, never inherit", async () => {
    const [space] = await api.list<{ id: string; title: string }>(`/orgs/${ORG}/spaces`);
    await api.patch(`/spaces/${space.id}`, { mergeRules: { type: "none" } });
    const spaces = await exported("Space");
    expect(spaces.files["index.ts"]).toMatch(/mergeRules: \{\s*type: "none",?\s*\}/);
    await api.patch(`/orgs/${ORG}`, { mergeRules: { type: "rules", rules: [{ rule: "allow_bypass", users: ["usr-acme-admin"] }] } });
    const settings = await exported("OrganizationSettings");
    expect(settings.files["index.ts"]).toContain('rule: "allow_bypass"');
    expect(settings.files["index.ts"]).not.toContain("inherit");
    expect(settings.warnings).toEqual([]);
  });

  it("writes the snapshot's organization merge rules as none or rules, and reads an earlier answer's inherit as none", async () => {
    const reader = new OrganizationReader(client, ORG);
    expect((await writeSnapshot(reader, "2026-11-27T00:00:00.000Z")).organization).toMatchObject({ mergeRules: { type: "none" } });
    // An emulator of an earlier version answered an organization's merge rules `inherit`.
    class EarlierAnswers extends OrganizationReader {
      override async organization() {
        return { ...(await super.organization()), mergeRules: { type: "inherit" as const } };
      }
    }
    const older = new EarlierAnswers(client, ORG);
    const snapshot = await writeSnapshot(older, "2026-11-27T00:00:00.000Z");
    expect(snapshot.organization).toMatchObject({ mergeRules: { type: "none" } });
    // The twin loads it.
    // As the file the CLI writes, parsed back: the emulator checks a seed's shape itself.
    const twin = await startEmulator({ seed: JSON.parse(JSON.stringify(snapshot)) as Snapshot, token: "twin-token" });
    try {
      const org = await apiClient(twin.url, "twin-token").get(`/orgs/${ORG}`);
      expect(org.mergeRules).toEqual({ type: "none" });
    } finally {
      await twin.close();
    }
  });
});
