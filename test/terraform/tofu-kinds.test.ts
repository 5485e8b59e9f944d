/**
 * Every kind through the real OpenTofu (full tier, issue 43): one configuration with each of the
 * 18 kinds (values from the kind contract's samples, test/contract/examples.ts), the later ones
 * naming the earlier ones by attribute (`docsplatform_site.docs.id`), so the plan holds unknown
 * values the apply must fill in. OpenTofu itself checks Terraform's consistency rules at every
 * step ("Provider produced inconsistent result after apply", "produced an invalid new value",
 * "Provider produced invalid plan"): any of them fails the run, so a run that exits 0 is the check.
 *
 * The steps, one run each: apply (each resource's identity in the state); plan -detailed-exitcode
 * = 0; an update of one input per kind (the plan changes each resource in place and shows that
 * input's new value), apply, plan 0; refresh; `import` blocks for every kind with `plan
 * -generate-config-out`, the generated configuration applied (imports only) then planned (0);
 * `tofu import` (the command) of every resource, one run each in sequence, into one empty state
 * under that generated configuration (the identities the apply gave), then plan 0; destroy, the
 * API then empty of what it made (listed).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionOf, KINDS } from "../../provider/resources/kinds.ts";
import { identityOf } from "../../provider/terraform/identity.ts";
import { snakeCase, terraformSchema } from "../../provider/terraform/schema.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { scratch, stepTimings } from "./support/tofu.ts";
import { type SharedProvider } from "./support/shared-provider.ts";
import { apiGet, listAll, PROVIDER_HEADER, type ShownResource, shown, shownResources, sharedProvider, type TofuProject, tofuProject } from "./support/tofu-project.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;
let organizationId: string;
let project: TofuProject;
/** The file's one provider process: every command reattaches to it (support/shared-provider.ts). */
let provider: SharedProvider;
const started = Date.now();

/** Each kind's resource, named `docsplatform_<kind>.<name>` by the updates and imports below. */
const CONFIGURATION = `${PROVIDER_HEADER}
resource "docsplatform_organization_settings" "acme" {
  title        = "Acme (tofu)"
  invite_links = false
}
resource "docsplatform_organization_member" "outsider" {
  user_id           = "usr-outsider"
  role              = "read"
  remove_on_destroy = true
}
resource "docsplatform_team" "writers" {
  title = "Writers tofu"
}
resource "docsplatform_team_member" "editor" {
  team_id = docsplatform_team.writers.id
  user_id = "usr-acme-editor"
  role    = "member"
}
resource "docsplatform_saml_provider" "okta" {
  label       = "Okta tofu"
  sso_url     = "https://idp.test/sso"
  certificate = "MIIC-contract"
}
resource "docsplatform_collection" "handbooks" {
  title = "Handbooks tofu"
}
resource "docsplatform_space" "runbooks" {
  title  = "Runbooks tofu"
  emoji  = "📘"
  parent = docsplatform_collection.handbooks.id
}
resource "docsplatform_translation" "german" {
  language = "de"
  source   = { space = docsplatform_space.runbooks.id, language = "en" }
}
resource "docsplatform_agent_instructions" "agent" {
  instructions = {
    object = "document"
    data   = { schemaVersion = 1 }
    nodes  = [{ object = "block", type = "paragraph", nodes = [{ object = "text", leaves = [{ object = "leaf", text = "Answer briefly.", marks = [] }] }] }]
  }
  clear_on_destroy = true
}
resource "docsplatform_site" "docs" {
  title  = "Docs tofu"
  type   = "basic"
  spaces = ["spc-acme-guides"]
}
resource "docsplatform_site_section_group" "guides" {
  site_id = docsplatform_site.docs.id
  title   = "Guides"
}
resource "docsplatform_site_section" "first" {
  site_id  = docsplatform_site.docs.id
  space_id = docsplatform_space.runbooks.id
  title    = "First"
}
resource "docsplatform_site_section" "second" {
  site_id  = docsplatform_site.docs.id
  space_id = "spc-acme-changelog"
  title    = "Second"
}
resource "docsplatform_site_space" "api" {
  site_id  = docsplatform_site.docs.id
  space_id = "spc-acme-api"
  path     = "api"
}
resource "docsplatform_site_structure" "order" {
  site_id = docsplatform_site.docs.id
  root    = [docsplatform_site_section.first.id, docsplatform_site_section.second.id]
}
resource "docsplatform_site_customization" "look" {
  site_id = docsplatform_site.docs.id
  title   = "Acme Docs"
  styling = { corners = "straight" }
}
resource "docsplatform_site_space_customization" "api" {
  site_id       = docsplatform_site.docs.id
  site_space_id = docsplatform_site_space.api.id
  title         = "API"
}
resource "docsplatform_site_adaptive_schema" "visitors" {
  site_id = docsplatform_site.docs.id
  json_schema = {
    type = "object"
    properties = {
      unsigned = { type = "object", properties = { betaUser = { type = "boolean" } }, additionalProperties = false }
      isAdmin  = { type = "boolean" }
    }
    additionalProperties = false
  }
}
resource "docsplatform_open_api_spec" "petstore" {
  slug                = "petstore-tofu"
  source              = { url = "https://specs.example.com/tofu.yaml" }
  wait_for_processing = false
}
`;

/** The configuration's resources: one of every kind, and a second site section. */
const RESOURCES = [...CONFIGURATION.matchAll(/^resource "/gm)].length;

/**
 * One in-place update per kind: the resource, the text replaced in the configuration, and the
 * attribute line the plan must show changing (`~ <attribute> = ... -> <new>`, or `+` for a new one).
 */
const UPDATES: { address: string; from: string; to: string; shows: RegExp }[] = [
  {
    address: "docsplatform_organization_settings.acme",
    from: 'title        = "Acme (tofu)"',
    to: 'title        = "Acme (tofu, renamed)"',
    shows: /~ title += "Acme \(tofu\)" -> "Acme \(tofu, renamed\)"/,
  },
  { address: "docsplatform_organization_member.outsider", from: 'role              = "read"', to: 'role              = "edit"', shows: /~ role += "read" -> "edit"/ },
  { address: "docsplatform_team.writers", from: 'title = "Writers tofu"', to: 'title = "Editors tofu"', shows: /~ title += "Writers tofu" -> "Editors tofu"/ },
  { address: "docsplatform_team_member.editor", from: 'role    = "member"', to: 'role    = "owner"', shows: /~ role += "member" -> "owner"/ },
  { address: "docsplatform_saml_provider.okta", from: 'label       = "Okta tofu"', to: 'label       = "Okta tofu 2"', shows: /~ label += "Okta tofu" -> "Okta tofu 2"/ },
  { address: "docsplatform_collection.handbooks", from: 'title = "Handbooks tofu"', to: 'title = "Manuals tofu"', shows: /~ title += "Handbooks tofu" -> "Manuals tofu"/ },
  { address: "docsplatform_space.runbooks", from: 'emoji  = "📘"', to: 'emoji  = "🚀"', shows: /~ emoji += "📘" -> "🚀"/ },
  { address: "docsplatform_translation.german", from: 'language = "de"', to: 'language = "de"\n  run_trigger = "v2"', shows: /\+ run_trigger += "v2"/ },
  {
    address: "docsplatform_agent_instructions.agent",
    from: '"Answer briefly."',
    to: '"Answer in a friendly tone."',
    shows: /~ "Answer briefly." -> "Answer in a friendly tone."|~ text += "Answer briefly." -> "Answer in a friendly tone."/,
  },
  { address: "docsplatform_site.docs", from: 'title  = "Docs tofu"', to: 'title  = "Developer docs tofu"', shows: /~ title += "Docs tofu" -> "Developer docs tofu"/ },
  { address: "docsplatform_site_section_group.guides", from: 'title   = "Guides"', to: 'title   = "Tutorials"', shows: /~ title += "Guides" -> "Tutorials"/ },
  { address: "docsplatform_site_section.first", from: 'title    = "First"', to: 'title    = "First"\n  description = "Step by step"', shows: /\+ description += "Step by step"/ },
  { address: "docsplatform_site_space.api", from: 'path     = "api"', to: 'path     = "reference"', shows: /~ path += "api" -> "reference"/ },
  {
    address: "docsplatform_site_structure.order",
    from: "root    = [docsplatform_site_section.first.id, docsplatform_site_section.second.id]",
    to: "root    = [docsplatform_site_section.second.id, docsplatform_site_section.first.id]",
    shows: /~ root +=/,
  },
  {
    address: "docsplatform_site_customization.look",
    from: 'styling = { corners = "straight" }',
    to: 'styling = { corners = "rounded" }',
    shows: /~ corners += "straight" -> "rounded"/,
  },
  { address: "docsplatform_site_space_customization.api", from: 'title         = "API"', to: 'title         = "API reference"', shows: /~ title += "API" -> "API reference"/ },
  { address: "docsplatform_site_adaptive_schema.visitors", from: 'isAdmin  = { type = "boolean" }', to: 'isPartner = { type = "boolean" }', shows: /isAdmin|isPartner/ },
  {
    address: "docsplatform_open_api_spec.petstore",
    from: 'url = "https://specs.example.com/tofu.yaml"',
    to: 'url = "https://specs.example.com/tofu-v2.yaml"',
    shows: /~ url += "https:\/\/specs.example.com\/tofu.yaml" -> "https:\/\/specs.example.com\/tofu-v2.yaml"/,
  },
];

/**
 * The kind contract's OpenTofu column (test/contract/contract.test.ts has the two Pulumi doors):
 * each kind × step that held, printed at the end; every step runs for every kind.
 */
const STEPS = ["apply", "plan 0", "update", "refresh", "import block", "import command", "destroy"] as const;
type Step = (typeof STEPS)[number];
const held = new Map<string, Partial<Record<Step, string>>>();
function mark(step: Step, types: readonly string[]): void {
  for (const type of types) held.set(type, { ...held.get(type), [step]: "✓" });
}
const allTypes = () => terraformSchema().resources.map((type) => type.typeName);
function contractColumn(): string {
  const lines = [`| kind | ${STEPS.join(" | ")} |`, `|---|${STEPS.map(() => "---").join("|")}|`];
  for (const resource of terraformSchema().resources) {
    const cells = held.get(resource.typeName) ?? {};
    lines.push(`| ${resource.kind} (${resource.typeName}) | ${STEPS.map((step) => cells[step] ?? "✗").join(" | ")} |`);
  }
  return lines.join("\n");
}

/** What each step took, for the report at the end. */
const { timings, timed } = stepTimings();

/** The plan's block of one resource: from its `# <address> will be ...` line to the next one. */
function planBlock(output: string, address: string): string {
  const start = output.indexOf(`# ${address} `);
  if (start < 0) return "";
  const next = output.indexOf("\n  # ", start + 1);
  return output.slice(start, next < 0 ? undefined : next);
}

/** The import id of a resource in the state: its kind's import id form over its id and its inputs. */
function importIdOf(resource: ShownResource): string {
  const kind = terraformSchema().resources.find((type) => type.typeName === resource.type)!.kind;
  const form = definitionOf(kind)!.importId;
  const values = resource.values;
  return form ? form.format(values.id, { organizationId: values.organization_id, siteId: values.site_id }) : values.id;
}

/** The identity of a resource in the state (provider/terraform/identity.ts), read off its values. */
function identityFrom(resource: ShownResource): Record<string, string> {
  const kind = terraformSchema().resources.find((type) => type.typeName === resource.type)!.kind;
  return Object.fromEntries(identityOf(kind).attributes.map((attribute) => [attribute.name, resource.values[snakeCase(attribute.part)] as string]));
}

let applied: ShownResource[] = [];
/** The configuration -generate-config-out wrote for every imported resource, the SAML certificate filled in. */
let generatedConfiguration = "";

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-kinds");
  emulator = await startEmulator({ db: ":memory:" });
  organizationId = emulator.fixture.organizations[0].id;
  // People join by themselves (an allowed email domain): the API cannot add a member.
  const outsider = emulator.fixture.users.find((user) => user.id === "usr-outsider")!;
  const joined = await fetch(`${emulator.url}/orgs/${organizationId}/join`, { method: "POST", headers: { authorization: `Bearer ${outsider.token}` } });
  expect(joined.status).toBeLessThan(300);
  provider = await sharedProvider(work.dir, emulator);
  project = await tofuProject(tofu, work.dir, "all-kinds", emulator, { provider });
  await project.write("main.tf", CONFIGURATION);
}, 30 * 60_000);

afterAll(async () => {
  console.log(`tofu-kinds: ${((Date.now() - started) / 1000).toFixed(0)}s in all: ${timings.join(", ")}\n${contractColumn()}`);
  await provider?.close();
  await emulator?.close();
  await work?.remove();
});

describe("OpenTofu over the Terraform door: every kind against the emulator", () => {
  it("has one resource of every kind in its configuration", () => {
    const types = new Set([...CONFIGURATION.matchAll(/^resource "(\w+)"/gm)].map((match) => match[1]));
    expect([...types].sort()).toEqual(
      terraformSchema()
        .resources.map((type) => type.typeName)
        .sort(),
    );
    expect(new Set(UPDATES.map((update) => update.address.split(".")[0])).size).toBe(terraformSchema().resources.length);
  });

  it("applies the configuration (unknown ids at plan filled in at apply), then plans no change", async () => {
    const apply = await timed("apply", () => project.tofu("apply", "-auto-approve"));
    expect(apply.code, shown(apply)).toBe(0);
    expect(apply.stdout).toContain(`${RESOURCES} added, 0 changed, 0 destroyed`);
    // The references were unknown at plan: the plan said so, the apply filled them in.
    expect(planBlock(apply.stdout, "docsplatform_site_section.first")).toMatch(/site_id += \(known after apply\)/);
    applied = await shownResources(project);
    expect(applied).toHaveLength(RESOURCES);
    // Every resource's identity, as its values name it, version 0.
    for (const resource of applied)
      expect({ version: resource.identity_schema_version, identity: resource.identity }, resource.address).toEqual({ version: 0, identity: identityFrom(resource) });
    mark("apply", allTypes());
    const plan = await timed("plan", () => project.tofu("plan", "-detailed-exitcode"));
    expect(plan.code, shown(plan)).toBe(0);
    mark("plan 0", allTypes());
  }, 600_000);

  it("updates one input of every kind in place: the plan shows it, apply, then no change", async () => {
    let configuration = CONFIGURATION;
    for (const update of UPDATES) {
      expect(configuration.split(update.from).length, update.from).toBe(2);
      configuration = configuration.replace(update.from, update.to);
    }
    await project.write("main.tf", configuration);
    const plan = await timed("plan update", () => project.tofu("plan", "-detailed-exitcode", "-out=update.plan"));
    expect(plan.code, shown(plan)).toBe(2);
    expect(plan.stdout).toContain(`Plan: 0 to add, ${KINDS.length} to change, 0 to destroy.`);
    for (const update of UPDATES) {
      const block = planBlock(plan.stdout, update.address);
      expect(block, `${update.address} in\n${plan.stdout}`).toContain("will be updated in-place");
      expect(block, update.address).toMatch(update.shows);
    }
    const apply = await timed("apply update", () => project.tofu("apply", "-auto-approve", "update.plan"));
    expect(apply.code, shown(apply)).toBe(0);
    expect(apply.stdout).toContain(`0 added, ${KINDS.length} changed, 0 destroyed`);
    const again = await timed("plan", () => project.tofu("plan", "-detailed-exitcode"));
    expect(again.code, shown(again)).toBe(0);
    applied = await shownResources(project);
    expect((await apiGet(emulator, `/orgs/${organizationId}/teams/${applied.find((r) => r.address === "docsplatform_team.writers")!.values.id}`)).title).toBe("Editors tofu");
    mark("update", allTypes());
  }, 600_000);

  it("refreshes every resource without a change", async () => {
    const refresh = await timed("refresh", () => project.tofu("refresh"));
    expect(refresh.code, shown(refresh)).toBe(0);
    const after = await shownResources(project);
    // A refresh may bring server-side values (an update time); the inputs stay as applied.
    expect(after.map((resource) => resource.address)).toEqual(applied.map((resource) => resource.address));
    for (const resource of after) {
      const before = applied.find((other) => other.address === resource.address)!;
      expect(resource.values.id, resource.address).toBe(before.values.id);
    }
    mark("refresh", allTypes());
  }, 600_000);

  it("imports every kind with `import` blocks and -generate-config-out: the generated configuration plans no change", async () => {
    const importing = await tofuProject(tofu, work.dir, "import-blocks", emulator, { provider });
    const blocks = applied.map((resource) => [`import {`, `  to = ${resource.address}`, `  id = ${JSON.stringify(importIdOf(resource))}`, `}`].join("\n"));
    await importing.write("main.tf", `${PROVIDER_HEADER}\n${blocks.join("\n")}\n`);
    const plan = await timed("plan -generate-config-out", () => importing.tofu("plan", "-generate-config-out=generated.tf"));
    expect(plan.code, shown(plan)).toBe(0);
    expect(plan.stdout).toContain(`Plan: ${RESOURCES} to import`);
    const fs = await import("node:fs/promises");
    const generatedFile = path.join(importing.dir, "generated.tf");
    const generated = await fs.readFile(generatedFile, "utf8");
    // Terraform never writes a sensitive value into generated configuration ("null # sensitive"):
    // the user gives it, as here the SAML certificate; nothing else is left to fill in.
    expect(generated.match(/# sensitive/g) ?? []).toHaveLength(1);
    // The import gives back what the update applied (terraform's ImportStateVerify), the kinds
    // whose plugin-door import is a known gap (contract.test.ts: SiteStructure, SiteCustomization,
    // SiteSpaceCustomization) among them.
    for (const written of [
      /title += "Acme \(tofu, renamed\)"/,
      /label += "Okta tofu 2"/,
      /emoji += "🚀"/,
      /path += "reference"/,
      /corners += "rounded"/,
      /title += "API reference"/,
      /isPartner = \{/,
      /url = "https:\/\/specs.example.com\/tofu-v2.yaml"/,
    ]) {
      expect(generated, String(written)).toMatch(written);
    }
    const idOf = (address: string) => applied.find((resource) => resource.address === address)!.values.id as string;
    // The import writes the whole top level, the section group too; where the group sits depends
    // on whether it was made before or after the structure's sorts (the structure leaves items it
    // does not name in place), so only the declared relative order is checked.
    const root = /root += \[([^\]]*)\]/.exec(generated)?.[1] ?? "";
    const second = root.indexOf(`"${idOf("docsplatform_site_section.second")}"`);
    const first = root.indexOf(`"${idOf("docsplatform_site_section.first")}"`);
    expect(second, root).toBeGreaterThanOrEqual(0);
    expect(first, root).toBeGreaterThan(second);
    generatedConfiguration = generated.replace(/certificate += null # sensitive/, 'certificate = "MIIC-contract"');
    await fs.writeFile(generatedFile, generatedConfiguration);
    const apply = await timed("apply imports", () => importing.tofu("apply", "-auto-approve"));
    expect(apply.code, shown(apply)).toBe(0);
    expect(apply.stdout).toContain(`${RESOURCES} imported, 0 added, 0 changed, 0 destroyed`);
    const again = await timed("plan imported", () => importing.tofu("plan", "-detailed-exitcode"));
    expect(again.code, shown(again)).toBe(0);
    mark("import block", allTypes());
  }, 600_000);

  it("imports every kind with `tofu import` (the command) into one empty state, then plans no change", async () => {
    // The configuration is what -generate-config-out wrote above: each object's inputs as the API
    // has them. A configuration that leaves out an input the API reports (a site space's
    // section_id, a section's path) plans that input's removal, as the other doors' diff does.
    // `tofu import` takes one address a run: one state, the runs in sequence (a run locks the
    // state), each a tofu process and a provider process.
    expect(generatedConfiguration).not.toBe("");
    const importing = await tofuProject(tofu, work.dir, "import-command", emulator, { provider });
    await importing.write("main.tf", `${PROVIDER_HEADER}\n${generatedConfiguration}`);
    const start = Date.now();
    for (const resource of applied) {
      const imported = await timed(`import ${resource.address}`, () => importing.tofu("import", resource.address, importIdOf(resource)));
      expect(imported.code, shown(imported)).toBe(0);
      expect(imported.stdout).toContain("Import successful");
    }
    timings.push(`tofu import: ${applied.length} runs in ${((Date.now() - start) / 1000).toFixed(1)}s`);
    const imported = await shownResources(importing);
    expect(imported.map((resource) => resource.address)).toEqual(applied.map((resource) => resource.address));
    // An import by id gives the identity the apply gave.
    expect(imported.map((resource) => resource.identity)).toEqual(applied.map((resource) => resource.identity));
    const plan = await timed("plan imported", () => importing.tofu("plan", "-detailed-exitcode"));
    expect(plan.code, shown(plan)).toBe(0);
    mark("import command", allTypes());
  }, 900_000);

  it("destroys everything: the API no longer lists what the configuration made", async () => {
    const destroy = await timed("destroy", () => project.tofu("destroy", "-auto-approve"));
    expect(destroy.code, shown(destroy)).toBe(0);
    expect(destroy.stdout).toContain(`${RESOURCES} destroyed`);
    const made = (type: string) => applied.filter((resource) => resource.type === type).map((resource) => resource.values.id as string);
    const organization = `/orgs/${organizationId}`;
    const listed = async (apiPath: string, key = "id") => (await listAll(emulator, apiPath)).map((item) => item[key] as string);
    expect(await listed(`${organization}/teams`)).not.toEqual(expect.arrayContaining(made("docsplatform_team")));
    expect(await listed(`${organization}/sites`)).toEqual([]);
    expect(await listed(`${organization}/collections`)).toEqual([]);
    expect(await listed(`${organization}/spaces`)).toEqual(expect.not.arrayContaining(made("docsplatform_space")));
    expect(await listed(`${organization}/saml`)).toEqual([]);
    expect(await listed(`${organization}/openapi`, "slug")).toEqual([]);
    expect(await listed(`${organization}/translations`)).toEqual([]);
    expect(await listed(`${organization}/members`)).not.toContain("usr-outsider");
    // The kinds whose delete keeps the object as documented (examples.ts `kept`) keep it: the
    // organization's instructions are the empty document again.
    expect((await apiGet(emulator, `${organization}/agent-instructions`)).nodes ?? []).toEqual([]);
    mark("destroy", allTypes());
  }, 600_000);
});
