/**
 * The OpenTofu door's messages in OpenTofu's words (issue 48, item 4): each kind of message the
 * core gives (a rule of an input, a nested input, a check the plan's reads make, a second owner, two
 * ways of managing a team's members, a partial create, a refused token, an object gone, an import
 * that finds nothing) rendered by the door in-process (operations.ts over an in-memory emulator),
 * with no camelCase attribute name and no Pulumi word in it; and the core's terms rendered one by
 * one (terraform/words.ts), so a term that a message of the core may use someday is said too. The
 * Pulumi doors' text of the same messages is unchanged (door-words.ts renders it; their tests pin it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type Diagnostic, type TerraformOperations, terraformOperations } from "../../provider/terraform/operations.ts";
import { hclPath, inTofuWords } from "../../provider/terraform/words.ts";
import { resourceTypeOf, type TfAttribute } from "../../provider/terraform/schema.ts";
import { said, term, type Term } from "../../provider/adapter/door-words.ts";
import { explainApiError } from "../../provider/adapter/operation-errors.ts";
import { AuthenticationError } from "../../provider/client/index.ts";

/** What a message of this door must not say: Pulumi's commands and nouns. */
const PULUMI_WORDS = /\bpulumi\b|\bstacks?\b|\bup\b|\bpreview\b|\bprograms?\b|--run-program|\badopt\b/i;

/** Every camelCase name of `kind`'s attributes (at any depth) that the schema spells in snake_case. */
function camelNames(kind: string): string[] {
  const names: string[] = [];
  const collect = (attributes: readonly TfAttribute[]) => {
    for (const attribute of attributes) {
      if (attribute.coreName && attribute.coreName !== attribute.name) names.push(attribute.coreName);
      if (attribute.nestedType) collect(attribute.nestedType.attributes);
    }
  };
  collect(resourceTypeOf(kind)!.block.attributes);
  return names;
}

function expectOpenTofuWords(kind: string, summary: string): void {
  expect(summary, summary).not.toMatch(PULUMI_WORDS);
  for (const name of camelNames(kind)) expect(summary, `${name} in: ${summary}`).not.toMatch(new RegExp(`\\b${name}\\b`));
}

const errors = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.severity === "error").map((diagnostic) => diagnostic.summary);
const NONE = new Uint8Array();

let emulator: Emulator;
let ops: TerraformOperations;
let organizationId: string;
let token: string;
let journalDirectory: string;
const rendered: string[] = [];

async function request(method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emulator.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return text === "" ? undefined : JSON.parse(text);
}

beforeAll(async () => {
  journalDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "tofu-messages-journal-"));
  process.env.DOCS_PLATFORM_JOURNAL_DIR = journalDirectory;
  emulator = await startEmulator({ db: ":memory:" });
  organizationId = emulator.fixture.organizations[0].id;
  token = emulator.fixture.organizations[0].admin.token;
  ops = terraformOperations();
  expect(await ops.configure({ apiUrl: emulator.url, token, organizationId, maxRetries: 0 })).toEqual([]);
});

afterAll(async () => {
  await ops?.stop();
  await emulator?.close();
  fs.rmSync(journalDirectory, { recursive: true, force: true });
  // What the messages read like, for the report.
  console.log(rendered.join("\n"));
});

describe("messages of the OpenTofu door", () => {
  it("names a bad input by its attribute in snake_case: `default_level`, a nested `members[0]`, a rule over two inputs", async () => {
    const level = errors(await ops.validateResource("Collection", { organizationId, title: "Levels", defaultLevel: "admin-ish" }));
    expect(level).toHaveLength(1);
    expect(level[0]).toMatch(/^default_level: Invalid option/);
    const nested = errors(await ops.validateResource("Team", { organizationId, title: "Nested", members: [42] }));
    expect(nested[0]).toMatch(/^members\[0\]: /);
    const both = errors(await ops.validateResource("OrganizationMember", { organizationId, userId: "usr-acme-editor", email: "eli@acme.test", role: "read" }));
    expect(both[0]).toBe("email: name the member with exactly one of user_id or email, not both");
    for (const [kind, summary] of [
      ["Collection", level[0]],
      ["Team", nested[0]],
      ["OrganizationMember", both[0]],
    ] as const) {
      expectOpenTofuWords(kind, summary);
      rendered.push(summary);
    }
  });

  it("says the plan's findings in OpenTofu's words: a title taken, a slug the API refuses twice, an organization that does not exist", async () => {
    const taken = await request("PUT", `/orgs/${organizationId}/teams`, { title: "Taken title", members: [] });
    const warned = terraformOperations();
    expect(await warned.configure({ apiUrl: emulator.url, token, organizationId })).toEqual([]);
    const plan = await warned.planResource("Team", null, { organizationId, title: "Taken title" }, NONE);
    expect(plan.diagnostics.map((diagnostic) => diagnostic.summary)).toEqual([
      `a team with the same title within the organization already exists (${taken.id}): \`tofu apply\` creates another one beside it. ` +
        `To manage the existing one instead, import it with an \`import\` block (\`id = "${taken.id}"\`), unless another resource of this configuration already manages it.`,
    ]);
    const spec = { organizationId, slug: "messages-taken", source: { url: "https://specs.example.com/taken.yaml" }, waitForProcessing: false };
    await request("PUT", `/orgs/${organizationId}/openapi/messages-taken`, { source: { url: spec.source.url } });
    const refused = errors((await warned.planResource("OpenApiSpec", null, spec, NONE)).diagnostics);
    expect(refused[0]).toContain("`tofu apply` would fail. If no other resource of this configuration manages it, take it over with an `import` block");
    const nowhere = errors((await warned.planResource("Team", null, { organizationId: "org-nowhere", title: "Nowhere" }, NONE)).diagnostics);
    expect(nowhere[0]).toBe(
      'organization_id: no organization "org-nowhere" (or the token\'s user is not a member of it), so nothing of this configuration can be made there. ' +
        "Check the resource's organization_id, or the provider's `organization_id`.",
    );
    for (const [kind, summary] of [
      ["Team", plan.diagnostics[0].summary],
      ["OpenApiSpec", refused[0]],
      ["Team", nowhere[0]],
    ] as const) {
      expectOpenTofuWords(kind, summary);
      rendered.push(summary);
    }
  });

  it("names two resources of one object by their resource types: a second owner, a team's members managed two ways", async () => {
    const site = await request("POST", `/orgs/${organizationId}/sites`, { title: "Owned twice" });
    await ops.planResource("SiteCustomization", null, { organizationId, siteId: site.id, title: "First" }, NONE);
    const second = errors((await ops.planResource("SiteCustomization", null, { organizationId, siteId: site.id, title: "Second" }, NONE)).diagnostics);
    expect(second[0]).toContain("every apply would undo the other's changes. Declare one docsplatform_site_customization per site.");

    const team = await request("PUT", `/orgs/${organizationId}/teams`, { title: "Two ways", members: [] });
    const state = { id: team.id, organizationId, title: "Two ways", members: [] };
    await ops.planResource("Team", state, { organizationId, title: "Two ways", members: ["usr-acme-editor"] }, NONE);
    const member = errors((await ops.planResource("TeamMember", null, { organizationId, teamId: team.id, userId: "usr-acme-reader", role: "member" }, NONE)).diagnostics);
    expect(member[0]).toMatch(
      new RegExp(
        `^docsplatform_team_member "[^"]+" and docsplatform_team "[^"]+" both manage the members of team ${team.id}: ` +
          "`members` of docsplatform_team is authoritative and removes members it does not list, docsplatform_team_member adds one, so every apply would undo the other\\. " +
          'Manage this team\'s membership one way: list the member in docsplatform_team "[^"]+"\'s members, or leave members out of docsplatform_team "[^"]+" and use docsplatform_team_member resources only\\.$',
      ),
    );
    for (const [kind, summary] of [
      ["SiteCustomization", second[0]],
      ["TeamMember", member[0]],
    ] as const) {
      expectOpenTofuWords(kind, summary);
      rendered.push(summary);
    }
  });

  it("says what a partial create, a refused token, an object gone and an import that finds nothing leave to do, in OpenTofu's commands", async () => {
    const plan = await ops.planResource("Team", null, { organizationId, title: "Half said", members: ["nobody@acme.test"] }, NONE);
    const partial = await ops.applyResource("Team", null, plan.planned, plan.privateState);
    expect(errors(partial.diagnostics)[0]).toMatch(/^created \S+ but could not finish: /);

    const refusedToken = terraformOperations();
    const once = await refusedToken.configure({ apiUrl: emulator.url, token: "not-a-token", organizationId });
    expect(once).toEqual([
      {
        severity: "error",
        summary: expect.stringMatching(/^the API refused the token \(.*\)\. Set a valid one in the provider's `token` \(or DOCS_PLATFORM_TOKEN\)\.$/),
        detail: "",
        attribute: ["token"],
      },
    ]);

    const team = await request("PUT", `/orgs/${organizationId}/teams`, { title: "Gone soon", members: [] });
    await request("DELETE", `/orgs/${organizationId}/teams/${team.id}`);
    const state = { id: team.id, organizationId, title: "Gone soon", members: [] };
    const gone = await ops.applyResource("Team", state, { ...state, title: "Gone now" }, NONE);
    const imported = await ops.importResource("SiteSection", "no-site/no-section");
    for (const [kind, summary] of [
      ["Team", errors(partial.diagnostics)[0]],
      ["Team", once[0].summary],
      ["Team", errors(gone.diagnostics)[0]],
      ["SiteSection", errors(imported.diagnostics)[0]],
    ] as const) {
      expect(summary).toEqual(expect.any(String));
      expectOpenTofuWords(kind, summary);
      rendered.push(summary);
    }
  });

  it("renders every term of the core's messages in OpenTofu's words, and their Pulumi words unchanged", () => {
    const terms: Term[] = [
      term.apply(),
      term.apply("`up`"),
      term.apply("up"),
      term.plan(),
      term.refresh(),
      term.destroy(),
      term.program(),
      term.tool(),
      term.field("waitForProcessing.timeoutSeconds"),
      term.field("members", "Team", "Team.members"),
      term.kind("SiteSpaceCustomization"),
      term.setting("organizationId", "the stack's docs-platform:organizationId"),
      term.setSetting("token", "with `pulumi config set --secret docs-platform:token`"),
      term.takeOver("with adopt: true", "x1"),
      term.takeOver('set adopt: { id: "x1" } (or adopt: true)', "x1"),
      term.tokenWithoutProgram("token", "`pulumi refresh` uses the provider configuration the last update recorded"),
      term.goneObject("run `pulumi refresh` to drop it from the state"),
    ];
    for (const one of terms) {
      const message = said`Then ${one}.`;
      expect(String(message)).toBe(`Then ${one.pulumi}.`);
      expect(inTofuWords(message, "OpenApiSpec"), one.meaning).not.toMatch(PULUMI_WORDS);
      expectOpenTofuWords("OpenApiSpec", inTofuWords(message, "OpenApiSpec"));
    }
    expect(hclPath("SiteCustomization", "styling.font")).toBe("styling.font");
    expect(hclPath("Team", "members.2")).toBe("members[2]");
    // A value of no fixed shape (`dynamic`) keeps its keys as written: HCL writes `{ timeoutSeconds = 60 }` there.
    expect(hclPath("OpenApiSpec", "waitForProcessing.timeoutSeconds")).toBe("wait_for_processing.timeoutSeconds");
  });

  it("a token refused at refresh, destroy or update, as operation-errors.ts says it: what to set, with no Pulumi command", () => {
    const refused = new AuthenticationError({
      status: 401,
      code: "unauthorized",
      method: "GET",
      path: "/v1/orgs/o/teams/t",
      message: "GET /v1/orgs/o/teams/t failed with 401 Unauthorized",
    });
    for (const operation of ["read", "delete", "update"] as const) {
      const summary = inTofuWords((explainApiError(refused, "Team", operation) as { said: never }).said, "Team");
      expect(summary).toMatch(/Set a valid one in the provider's `token` \(or DOCS_PLATFORM_TOKEN\)\.$/);
      expectOpenTofuWords("Team", summary);
    }
  });
});
