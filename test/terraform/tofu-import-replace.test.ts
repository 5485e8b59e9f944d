/**
 * Replacements and imports through the real OpenTofu (full tier, issue 48), three projects against
 * one emulator, their runs side by side:
 * - `replace`: each kind one resource owns its object alone (OrganizationSettings,
 *   OrganizationMember, AgentInstructions, OpenApiSpec, SiteCustomization) changes an input that
 *   forces a replacement: planned (`plan -out`, each resource `must be replaced`) and applied from
 *   that plan, the plan and the apply in different provider processes, one owner each time; two
 *   members removed on destroy are named again by user id, one replaced creating first
 *   (`create_before_destroy`), one deleting first: both stay in the organization;
 * - `by-hand`: `import` blocks under a configuration written by hand that sets values equal to the
 *   API's defaults (a customization's theme, depth and colours) and leaves out what the API
 *   reports (a section's default site space), a guest member, a structure with a group of one
 *   item and a section of one site space, a site whose adaptive schema was never set: the plan
 *   imports and changes nothing;
 * - `generated`: `import` blocks only, for every kind, `plan -generate-config-out`: the file it
 *   writes is valid as written (no `null` where a value is required, the SAML certificate left
 *   out with a comment, a team's members in one place, the OpenAPI spec by its slug), and the
 *   next plan after the imports finds nothing to do.
 * Every object is made by the `replace` project's first apply; the imported ones are not among
 * those it then replaces (the organization's settings and agent instructions are imported from
 * the organization the replacements leave, which keeps them as they are).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionOf } from "../../provider/resources/kinds.ts";
import { terraformSchema } from "../../provider/terraform/schema.ts";
import { DEMO_FIXTURE, type Emulator, type Fixture, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { scratch, stepTimings } from "./support/tofu.ts";
import {
  apiGet,
  PROVIDER_HEADER,
  type ShownResource,
  shown,
  shownResources,
  type TofuProject,
  tofuProject,
} from "./support/tofu-project.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let tofu: string;
let replace: TofuProject;
let byHand: TofuProject;
let generated: TofuProject;
const started = Date.now();
const { timings, timed } = stepTimings();

const DOCUMENT = `{
    object = "document"
    data   = { schemaVersion = 1 }
    nodes  = [{ object = "block", type = "paragraph", nodes = [{ object = "text", leaves = [{ object = "leaf", text = "Answer briefly.", marks = [] }] }] }]
  }`;

/** What the replacements start from (the first five resources), and the objects the imports take. */
const CONFIGURATION = `${PROVIDER_HEADER}
resource "docsplatform_organization_settings" "settings" {
  title = "Acme (replaced)"
}
resource "docsplatform_organization_member" "eli" {
  email             = "eli@acme.test"
  role              = "comment"
  remove_on_destroy = true
  # The replacement names the same person: made first, it claims them, and the replaced
  # resource's destroy then leaves them in the organization.
  lifecycle {
    create_before_destroy = true
  }
}
resource "docsplatform_organization_member" "rae" {
  email             = "rae@acme.test"
  role              = "read"
  remove_on_destroy = true
  # Replaced by a resource naming the same person: OpenTofu destroys this one first, and its
  # destroy leaves them, as the replacement's plan told it (they could not be added back).
}
resource "docsplatform_agent_instructions" "agent" {
  instructions = ${DOCUMENT}
}
resource "docsplatform_open_api_spec" "spec" {
  slug                = "replaced-spec"
  source              = { url = "https://specs.example.com/replaced.yaml" }
  wait_for_processing = false
}
resource "docsplatform_site" "first" {
  title = "First site"
}
resource "docsplatform_site" "second" {
  title = "Second site"
}
resource "docsplatform_site_customization" "moved" {
  site_id = docsplatform_site.first.id
  title   = "Moved look"
}

# What the other projects import.
resource "docsplatform_organization_member" "guest" {
  user_id = "usr-outsider"
}
resource "docsplatform_team" "writers" {
  title = "Imported writers"
}
resource "docsplatform_team_member" "reader" {
  team_id = docsplatform_team.writers.id
  user_id = "usr-acme-reader"
}
resource "docsplatform_team" "editors" {
  title = "Imported editors"
}
resource "docsplatform_team_member" "owner" {
  team_id = docsplatform_team.editors.id
  user_id = "usr-acme-editor"
  role    = "owner"
}
resource "docsplatform_saml_provider" "okta" {
  label       = "Imported Okta"
  sso_url     = "https://idp.test/sso"
  certificate = "MIIC-imported"
}
resource "docsplatform_open_api_spec" "petstore" {
  slug                = "imported-petstore"
  source              = { url = "https://specs.example.com/petstore.yaml" }
  wait_for_processing = false
}
resource "docsplatform_collection" "handbooks" {
  title = "Imported handbooks"
}
resource "docsplatform_space" "runbooks" {
  title  = "Imported runbooks"
  parent = docsplatform_collection.handbooks.id
}
resource "docsplatform_translation" "german" {
  language = "de"
  source   = { space = docsplatform_space.runbooks.id, language = "en" }
}
resource "docsplatform_site" "docs" {
  title = "Imported docs"
}
resource "docsplatform_site_space" "changelog" {
  site_id    = docsplatform_site.docs.id
  space_id   = "spc-acme-changelog"
  section_id = docsplatform_site_section.api.id
}
resource "docsplatform_site_customization" "look" {
  site_id = docsplatform_site.docs.id
  title   = "Imported look"
  styling = { corners = "straight" }
}
resource "docsplatform_site_section_group" "guides" {
  site_id = docsplatform_site.docs.id
  title   = "Guides"
}
resource "docsplatform_site_section" "alone" {
  site_id               = docsplatform_site.docs.id
  space_id              = "spc-acme-guides"
  title                 = "Alone in its group"
  site_section_group_id = docsplatform_site_section_group.guides.id
}
resource "docsplatform_site_section" "api" {
  site_id  = docsplatform_site.docs.id
  space_id = "spc-acme-api"
  title    = "API"
}
resource "docsplatform_site_space_customization" "api" {
  site_id       = docsplatform_site.docs.id
  site_space_id = docsplatform_site_section.api.site_space_id
  title         = "API look"
}
resource "docsplatform_site_structure" "order" {
  site_id  = docsplatform_site.docs.id
  root     = [docsplatform_site_section.api.id, docsplatform_site_section_group.guides.id]
  groups   = [{ group_id = docsplatform_site_section_group.guides.id, items = [docsplatform_site_section.alone.id] }]
  sections = [{ section_id = docsplatform_site_section.api.id, site_spaces = [docsplatform_site_section.api.site_space_id] }]
}
`;

/** Each replacement: the text replaced in the configuration, and the resource it replaces. */
const REPLACEMENTS: { address: string; from: string; to: string }[] = [
  {
    address: "docsplatform_organization_settings.settings",
    from: 'title = "Acme (replaced)"',
    to: 'organization_id = "org-globex"\n  title           = "Acme (replaced)"',
  },
  {
    address: "docsplatform_organization_member.eli",
    from: 'email             = "eli@acme.test"',
    to: 'user_id           = "usr-acme-editor"',
  },
  {
    address: "docsplatform_organization_member.rae",
    from: 'email             = "rae@acme.test"',
    to: 'user_id           = "usr-acme-reader"',
  },
  {
    address: "docsplatform_agent_instructions.agent",
    from: `instructions = ${DOCUMENT}`,
    to: `organization_id = "org-globex"\n  instructions    = ${DOCUMENT}`,
  },
  {
    address: "docsplatform_open_api_spec.spec",
    from: 'slug                = "replaced-spec"',
    to: 'slug                = "replacing-spec"',
  },
  {
    address: "docsplatform_site_customization.moved",
    from: "site_id = docsplatform_site.first.id",
    to: "site_id = docsplatform_site.second.id",
  },
];

/** The resources the other projects import: those after the comment in the configuration, and the site's adaptive schema, never set. */
const IMPORTED = [
  ...[...CONFIGURATION.split("# What the other projects import.")[1].matchAll(/^resource "(\w+)" "(\w+)"/gm)].map(
    ([, type, name]) => `${type}.${name}`,
  ),
  "docsplatform_site_adaptive_schema.visitors",
];
/**
 * A team's membership is written one way by an import (as `export` writes it): in the team's
 * `members` when everyone in it is a plain member, else as its members' `team_member`s. The
 * configuration written by hand leaves `members` out of the plain team and declares its member
 * (not managed by the team, then); the generated one takes the team whose member is an owner.
 */
const BY_HAND = IMPORTED.filter(
  (address) => !address.includes(".editors") && address !== "docsplatform_team_member.owner",
);
const GENERATED = [
  ...IMPORTED.filter((address) => address !== "docsplatform_team_member.reader"),
  // The organization's own, which the replacements leave as they are when they move to another one.
  "docsplatform_organization_settings.settings",
  "docsplatform_agent_instructions.agent",
];

/** The import id of a resource of the `replace` project's state: its kind's form over its id and inputs. */
function importIdOf(resource: ShownResource): string {
  const kind = terraformSchema().resources.find((type) => type.typeName === resource.type)!.kind;
  const form = definitionOf(kind)!.importId;
  return form
    ? form.format(resource.values.id, {
        organizationId: resource.values.organization_id,
        siteId: resource.values.site_id,
      })
    : resource.values.id;
}

/** The default colours and looks of a new site's customization (domain/customization-defaults.ts), as a configuration may repeat them. */
const DEFAULT_STYLING = `styling = {
    theme           = "clean"
    corners         = "straight"
    depth           = "subtle"
    primary_color   = { light = "#346DDB", dark = "#346DDB" }
    info_color      = { light = "#787878", dark = "#787878" }
    success_color   = { light = "#00C950", dark = "#00C950" }
    warning_color   = { light = "#FE9A00", dark = "#FE9A00" }
    danger_color    = { light = "#FB2C36", dark = "#FB2C36" }
    links           = "default"
    font            = "Inter"
    monospace_font  = "IBMPlexMono"
    icons           = "regular"
    sidebar         = { background = "default", list = "default" }
    search          = "prominent"
  }
  pdf      = { enabled = true }
  feedback = { enabled = false }
  themes   = { default = "light", toggeable = true }`;

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-import-replace");
  // The organization's admin administers a second organization too, where two kinds move.
  const fixture = JSON.parse(await fs.readFile(DEMO_FIXTURE, "utf8")) as Fixture & {
    organizations: { id: string; members: unknown[] }[];
  };
  fixture.organizations
    .find((organization) => organization.id === "org-globex")!
    .members.push({ user: "usr-acme-admin", role: "admin" });
  emulator = await startEmulator({ db: ":memory:", fixture });
  // People join by themselves (an allowed email domain): the API cannot add a member.
  const outsider = emulator.fixture.users.find((user) => user.id === "usr-outsider")!;
  const joined = await fetch(`${emulator.url}/orgs/${emulator.fixture.organizations[0].id}/join`, {
    method: "POST",
    headers: { authorization: `Bearer ${outsider.token}` },
  });
  expect(joined.status).toBeLessThan(300);
  [replace, byHand, generated] = await Promise.all(
    ["replace", "by-hand", "generated"].map((name) => tofuProject(tofu, work.dir, name, emulator)),
  );
  await replace.write("main.tf", CONFIGURATION);
}, 30 * 60_000);

afterAll(async () => {
  console.log(`tofu-import-replace: ${((Date.now() - started) / 1000).toFixed(0)}s in all: ${timings.join(", ")}`);
  await emulator?.close();
  await work?.remove();
});

describe("OpenTofu over the Terraform door: replacements and imports", () => {
  it("replaces each one-per-object kind with one owner at plan and at apply, imports as configured by hand, and generates configuration that plans no change", async () => {
    const first = await timed("apply", () => replace.tofu("apply", "-auto-approve"));
    expect(first.code, shown(first)).toBe(0);
    // A guest (its role left out, which is null) is a member of the organization with no role.
    const organizationId = emulator.fixture.organizations[0].id;
    expect((await apiGet(emulator, `/orgs/${organizationId}/members/usr-outsider`)).role ?? null).toBeNull();
    const made = await shownResources(replace);
    const madeAt = (address: string) => made.find((resource) => resource.address === address)!;
    // The site never had an adaptive schema: the imports take it as the empty one.
    const importIdFor = (address: string) =>
      address === "docsplatform_site_adaptive_schema.visitors"
        ? (madeAt("docsplatform_site.docs").values.id as string)
        : importIdOf(madeAt(address));
    const importBlocks = (addresses: string[]) =>
      addresses
        .map((address) => `import {\n  to = ${address}\n  id = ${JSON.stringify(importIdFor(address))}\n}`)
        .join("\n");
    // The OpenAPI spec's import id is its slug.
    expect(importIdFor("docsplatform_open_api_spec.petstore")).toBe("imported-petstore");

    let replaced = CONFIGURATION;
    for (const change of REPLACEMENTS) {
      expect(replaced.split(change.from).length, change.from).toBe(2);
      replaced = replaced.replace(change.from, change.to);
    }
    await replace.write("main.tf", replaced);
    await byHand.write("main.tf", `${PROVIDER_HEADER}\n${importBlocks(BY_HAND)}\n${byHandConfiguration(madeAt)}`);
    await generated.write("main.tf", `${PROVIDER_HEADER}\n${importBlocks(GENERATED)}\n`);

    const [replacePlan, byHandPlan, generatePlan] = await Promise.all([
      timed("plan replacements", () => replace.tofu("plan", "-out=replace.plan")),
      timed("plan imports by hand", () => byHand.tofu("plan", "-out=import.plan")),
      timed("plan -generate-config-out", () => generated.tofu("plan", "-generate-config-out=generated.tf")),
    ]);
    expect(replacePlan.code, shown(replacePlan)).toBe(0);
    for (const { address } of REPLACEMENTS)
      expect(replacePlan.stdout, address).toMatch(new RegExp(`# ${address.replace(".", "\\.")} must be replaced`));
    expect(replacePlan.stdout).toContain(
      `Plan: ${REPLACEMENTS.length} to add, 0 to change, ${REPLACEMENTS.length} to destroy.`,
    );
    expect(byHandPlan.code, shown(byHandPlan)).toBe(0);
    expect(byHandPlan.stdout).toContain(`Plan: ${BY_HAND.length} to import, 0 to add, 0 to change, 0 to destroy.`);
    expect(generatePlan.code, shown(generatePlan)).toBe(0);
    expect(generatePlan.stdout).toContain(`Plan: ${GENERATED.length} to import, 0 to add, 0 to change, 0 to destroy.`);
    expectValidGeneratedConfiguration(await fs.readFile(path.join(generated.dir, "generated.tf"), "utf8"), madeAt);

    const [replaceApply, byHandApply, generatedApply] = await Promise.all([
      timed("apply replacements", () => replace.tofu("apply", "-auto-approve", "replace.plan")),
      timed("apply imports by hand", () => byHand.tofu("apply", "-auto-approve", "import.plan")),
      timed("apply generated", () => generated.tofu("apply", "-auto-approve")),
    ]);
    expect(replaceApply.code, shown(replaceApply)).toBe(0);
    expect(replaceApply.stdout).toContain(`${REPLACEMENTS.length} added, 0 changed, ${REPLACEMENTS.length} destroyed`);
    expect((await apiGet(emulator, `/orgs/${organizationId}/members/usr-acme-editor`)).role).toBe("comment");
    // Replaced deleting first (no create_before_destroy), naming the same person: still a member.
    expect((await apiGet(emulator, `/orgs/${organizationId}/members/usr-acme-reader`)).role).toBe("read");
    expect(byHandApply.code, shown(byHandApply)).toBe(0);
    expect(generatedApply.code, shown(generatedApply)).toBe(0);
    expect(generatedApply.stdout).toContain(`${GENERATED.length} imported, 0 added, 0 changed, 0 destroyed`);

    const again = await Promise.all(
      [replace, byHand, generated].map((project) =>
        timed(`plan ${path.basename(project.dir)}`, () => project.tofu("plan", "-detailed-exitcode")),
      ),
    );
    for (const plan of again) expect(plan.code, shown(plan)).toBe(0);
  }, 900_000);
});

/**
 * What -generate-config-out wrote, block by block: no required argument null, a guest's role
 * null (left out: a guest), the SAML certificate left out with OpenTofu's comment (the plan keeps
 * it), a team's members in one place, the defaults' values, a group of one, the empty schema.
 */
function expectValidGeneratedConfiguration(text: string, madeAt: (address: string) => ShownResource): void {
  expect(new Set(GENERATED.map((address) => address.split(".")[0])).size, "every kind generated").toBe(
    terraformSchema().resources.length,
  );
  const blocks = new Map(
    [...text.matchAll(/^resource "(\w+)" "(\w+)" \{\n([\s\S]*?)^\}/gm)].map(([, type, name, body]) => [
      `${type}.${name}`,
      body,
    ]),
  );
  expect([...blocks.keys()].sort()).toEqual([...GENERATED].sort());
  for (const [address, body] of blocks) {
    const type = terraformSchema().resources.find((resource) => resource.typeName === address.split(".")[0])!;
    for (const attribute of type.block.attributes.filter((candidate) => candidate.required)) {
      expect(body, `${address}.${attribute.name}`).not.toMatch(new RegExp(`^\\s*${attribute.name} += null`, "m"));
    }
  }
  const block = (address: string) => blocks.get(address)!;
  expect(block("docsplatform_organization_member.guest")).toMatch(/^\s*role += null$/m);
  expect(block("docsplatform_saml_provider.okta")).toMatch(/^\s*certificate += null # sensitive$/m);
  expect(block("docsplatform_team.writers")).toMatch(/^\s*members += \["usr-acme-reader"\]$/m);
  expect(block("docsplatform_team.editors")).toMatch(/^\s*members += null$/m);
  expect(block("docsplatform_team_member.owner")).toMatch(/^\s*role += "owner"$/m);
  expect(block("docsplatform_site_customization.look")).toMatch(/^\s*theme += "clean"$/m);
  expect(block("docsplatform_site_customization.look")).toMatch(/^\s*depth += "subtle"$/m);
  expect(block("docsplatform_site_structure.order")).toContain(
    `items    = [${JSON.stringify(madeAt("docsplatform_site_section.alone").values.id)}]`,
  );
  expect(block("docsplatform_site_adaptive_schema.visitors")).toMatch(/^\s*properties += \{\}$/m);
  expect(block("docsplatform_open_api_spec.petstore")).toMatch(/^\s*slug += "imported-petstore"$/m);
}

/** The imported objects as a user writes them: defaults' values set, what the API reports left out. */
function byHandConfiguration(madeAt: (address: string) => ShownResource): string {
  const id = (address: string) => JSON.stringify(madeAt(address).values.id);
  const siteSpaceOf = (address: string) => JSON.stringify(madeAt(address).values.site_space_id);
  return `
resource "docsplatform_organization_member" "guest" {
  user_id = "usr-outsider"
}
resource "docsplatform_team" "writers" {
  title = "Imported writers"
}
resource "docsplatform_team_member" "reader" {
  team_id = ${id("docsplatform_team.writers")}
  user_id = "usr-acme-reader"
  role    = "member"
}
resource "docsplatform_saml_provider" "okta" {
  label       = "Imported Okta"
  sso_url     = "https://idp.test/sso"
  certificate = "MIIC-imported"
}
resource "docsplatform_open_api_spec" "petstore" {
  slug   = "imported-petstore"
  source = { url = "https://specs.example.com/petstore.yaml" }
}
resource "docsplatform_collection" "handbooks" {
  title = "Imported handbooks"
}
resource "docsplatform_space" "runbooks" {
  title  = "Imported runbooks"
  parent = ${id("docsplatform_collection.handbooks")}
}
resource "docsplatform_translation" "german" {
  language = "de"
  source   = { space = ${id("docsplatform_space.runbooks")}, language = "en" }
}
resource "docsplatform_site" "docs" {
  title = "Imported docs"
  type  = "basic"
}
resource "docsplatform_site_space" "changelog" {
  site_id    = ${id("docsplatform_site.docs")}
  space_id   = "spc-acme-changelog"
  section_id = ${id("docsplatform_site_section.api")}
}
resource "docsplatform_site_customization" "look" {
  site_id = ${id("docsplatform_site.docs")}
  title   = "Imported look"
  ${DEFAULT_STYLING}
}
resource "docsplatform_site_section_group" "guides" {
  site_id = ${id("docsplatform_site.docs")}
  title   = "Guides"
}
resource "docsplatform_site_section" "alone" {
  site_id               = ${id("docsplatform_site.docs")}
  space_id              = "spc-acme-guides"
  title                 = "Alone in its group"
  site_section_group_id = ${id("docsplatform_site_section_group.guides")}
}
resource "docsplatform_site_section" "api" {
  site_id  = ${id("docsplatform_site.docs")}
  space_id = "spc-acme-api"
  title    = "API"
}
resource "docsplatform_site_space_customization" "api" {
  site_id       = ${id("docsplatform_site.docs")}
  site_space_id = ${siteSpaceOf("docsplatform_site_section.api")}
  title         = "API look"
  ${DEFAULT_STYLING}
}
resource "docsplatform_site_structure" "order" {
  site_id  = ${id("docsplatform_site.docs")}
  groups   = [{ group_id = ${id("docsplatform_site_section_group.guides")}, items = [${id("docsplatform_site_section.alone")}] }]
  sections = [
    { section_id = ${id("docsplatform_site_section.api")}, site_spaces = [${siteSpaceOf("docsplatform_site_section.api")}, ${id("docsplatform_site_space.changelog")}] },
    { section_id = ${id("docsplatform_site_section.alone")}, site_spaces = [${siteSpaceOf("docsplatform_site_section.alone")}] },
  ]
}
resource "docsplatform_site_adaptive_schema" "visitors" {
  site_id = ${id("docsplatform_site.docs")}
  json_schema = {
    type                 = "object"
    properties           = { unsigned = { type = "object", properties = {}, additionalProperties = false } }
    additionalProperties = false
  }
}
`;
}
