/**
 * The exporters of member roles, translations, agent instructions and team membership, against the
 * in-process emulator: what each declares (and never declares: `removeOnDestroy`, `runTrigger`,
 * `clearOnDestroy`, `TeamMember`), how it names people and spaces, and that every object passes
 * the resource's own check (the export reports a failing one as a warning).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { type ExportResult, exportOrganization, selectKinds } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/cli/export/kinds/index.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type Api, apiClient } from "../e2e/support/api.ts";

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
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
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
    expect(program).not.toContain(`adopt: { id: "`);
    expect(program).not.toContain("usr-acme");
    expect(result.files["Pulumi.dev.yaml"]).toContain("  acme:members:\n    ada: ada@acme.test\n    eli: eli@acme.test\n    rae: rae@acme.test\n");
  });

  it("names a member the same way in every kind: one stack config entry per person", async () => {
    await api.put(`/orgs/${ORG}/teams`, { title: "Writers", members: ["usr-acme-editor"] });
    const result = await exported("OrganizationMember,Team");
    expect(result.program.indexTs).toContain(`members: [members.eli],`);
    expect(result.program.config.filter((entry) => entry.key === "members")).toEqual([{ key: "members", value: { ada: "ada@acme.test", eli: "eli@acme.test", rae: "rae@acme.test" } }]);
  });
});

describe("Team and team membership", () => {
  it("declares a team's membership as Team.members, never as TeamMember objects, and warns that an owner's role is not declared", async () => {
    // A team managed one member at a time (as TeamMember does): no members at creation, then one owner.
    const team = await api.put(`/orgs/${ORG}/teams`, { title: "Translators", members: [] });
    await api.put(`/orgs/${ORG}/teams/${team.id}/members/usr-acme-editor`, { role: "owner" });
    await api.put(`/orgs/${ORG}/teams/${team.id}/members/usr-acme-reader`, {});
    const result = await exported("Team");
    const program = result.program.indexTs;
    expect(program).toContain(`new docs.Team("translators", {\n  title: "Translators",\n  members: [members.eli, members.rae],\n  adopt: { id: "${team.id}" },\n});`);
    expect(program).not.toContain("TeamMember");
    expect(result.warnings).toEqual([
      `team "Translators": eli@acme.test is an owner of the team; Team.members cannot declare a team role, so a copy made from this program makes them members (adopting changes no role)`,
    ]);
  });

  it("is not an exporter of its own: the list of kinds says why", () => {
    expect(EXPORTERS.map((exporter) => exporter.kind)).not.toContain("TeamMember");
    expect(() => selectKinds(EXPORTERS, "TeamMember")).toThrow(/unknown kind "TeamMember"/);
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
    const german = await api.post(`/orgs/${ORG}/translations`, { language: "de" });
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
        `  adopt: { id: "${french.id}" },`,
        `});`,
      ].join("\n"),
    );
    // Made without a source or instructions: declared with the language alone.
    expect(program).toContain(`new docs.Translation("de", {\n  language: "de",\n  adopt: { id: "${german.id}" },\n});`);
    expect(program).not.toContain("runTrigger");
    // The translation comes after the space it names.
    expect(program.indexOf(`new docs.Translation("guides-fr"`)).toBeGreaterThan(program.indexOf(`new docs.Space("guides"`));
  });

  it("names a source space that is not exported through the stack config, and is written without adopt with --no-adopt", async () => {
    await api.post(`/orgs/${ORG}/translations`, { language: "ja", source: { space: "spc-acme-api" } });
    const result = await exported("Translation", false);
    expect(result.program.indexTs).toContain(`new docs.Translation("api-reference-ja", {\n  language: "ja",\n  source: { space: config.require("space-spc-acme-api") },\n});`);
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
    expect(program).not.toContain(`adopt: { id: "`);
    expect(program).not.toContain(ORG);
  });
});
