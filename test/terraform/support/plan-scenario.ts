/**
 * The plans the package's tools read, made by the real CLI (issue 48, item 5): a root applied to
 * one organization of the emulator's fixture (prod, `org-globex`), then a change planned
 * (`plan -out`, `show -json`) that updates, replaces and deletes, the SAML certificate rotated
 * through a sensitive variable. Used by test/terraform/tofu-plans.test.ts (OpenTofu, every run) and
 * test/cli/capture-plans.ts (writes test/cli/fixtures/plan-*.json, for OpenTofu and Terraform).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { type Emulator } from "../../emulator/index.ts";
import { providerHeader } from "./tofu.ts";
import { type TofuProject, shown, tofuProject } from "./tofu-project.ts";

/** The certificates: both are in the plan's JSON in clear, neither may reach a comment. */
export const CERTIFICATE = "MIIC-prod-original-certificate-4f1c";
export const ROTATED_CERTIFICATE = "MIIC-prod-rotated-certificate-9d2e";

/** The prod root as applied: people by email, a team with an owner, a SAML provider, a site with a space. */
export const SOURCE_ROOT = `${providerHeader()}
variable "okta_certificate" {
  type      = string
  sensitive = true
}

resource "docsplatform_organization_member" "reader" {
  email = "gil@globex.test"
  role  = "comment"
}

resource "docsplatform_team" "writers" {
  title   = "Writers"
  members = ["gia@globex.test", "gil@globex.test"]
}

resource "docsplatform_team" "reviewers" {
  title = "Reviewers"
}

resource "docsplatform_team_member" "lead" {
  team_id = docsplatform_team.reviewers.id
  email   = "gus@globex.test"
  role    = "owner"
}

resource "docsplatform_saml_provider" "okta" {
  label        = "Okta"
  entity_id    = "http://www.okta.com/exk1globex"
  sso_url      = "https://globex.okta.com/app/docs/sso/saml"
  certificate  = var.okta_certificate
  default_team = docsplatform_team.reviewers.id
  default_role = "read"
}

resource "docsplatform_collection" "handbooks" {
  title       = "Handbooks"
  description = "How we work."
}

resource "docsplatform_space" "runbooks" {
  title  = "Runbooks"
  emoji  = "📘"
  parent = docsplatform_collection.handbooks.id
}

resource "docsplatform_site" "docs" {
  title      = "Globex Docs"
  visibility = "public"
}

resource "docsplatform_site_space" "runbooks" {
  site_id  = docsplatform_site.docs.id
  space_id = docsplatform_space.runbooks.id
  path     = "runbooks"
}

resource "docsplatform_open_api_spec" "petstore" {
  slug                = "petstore"
  source              = { url = "https://specs.example.com/petstore.yaml" }
  wait_for_processing = false
}
`;

/**
 * Staging's values for the root `export --hcl` writes of prod, as a user writes them
 * (docs/adopt-and-export.md shows this file): its organization, its people's emails under the
 * keys the root gives prod's people, and no import_ids, so its first apply creates everything.
 */
export const STAGING_TFVARS = `organization_id = "org-acme"
organization = {
  title         = "Acme Docs (staging)"
  email_domains = ["acme.test"]
}
members = {
  gia = "eli@acme.test"
  gil = "rae@acme.test"
  gus = "ada@acme.test"
}
`;

/**
 * The change a pull request proposes: a team renamed with one member swapped, the certificate
 * rotated (the variable), the site's type changed (a replace), the space and its site space
 * removed (two deletes), the spec's source moved (an update of a nested attribute).
 */
export function changedRoot(root: string = SOURCE_ROOT): string {
  const edits: [string, string][] = [
    [
      'title   = "Writers"\n  members = ["gia@globex.test", "gil@globex.test"]',
      'title   = "Docs writers"\n  members = ["gia@globex.test", "gus@globex.test"]',
    ],
    ['  visibility = "public"\n}', '  visibility = "public"\n  type       = "premium"\n}'],
    ["petstore.yaml", "petstore-v2.yaml"],
  ];
  let changed = root;
  for (const [from, to] of edits) {
    if (!changed.includes(from)) throw new Error(`plan-scenario: the root has no ${JSON.stringify(from)}`);
    changed = changed.replace(from, to);
  }
  const removed = [
    /resource "docsplatform_space" "runbooks" \{[^}]*\}\n\n/,
    /resource "docsplatform_site_space" "runbooks" \{[^}]*\}\n\n/,
  ];
  for (const block of removed) {
    if (!block.test(changed)) throw new Error(`plan-scenario: the root has no ${block}`);
    changed = changed.replace(block, "");
  }
  return changed;
}

/** The prod organization of the fixture and its admin's token. */
export function prodOrganization(emulator: Emulator): { id: string; token: string } {
  const organization = emulator.fixture.organizations.find((candidate) => candidate.id === "org-globex");
  if (!organization) throw new Error("plan-scenario: the emulator's fixture has no org-globex");
  return { id: organization.id, token: organization.admin.token };
}

/** A project of `root` (a scratch folder) reaching prod with its admin's token, the certificate in TF_VAR_okta_certificate. */
export async function prodProject(
  binary: string,
  root: string,
  name: string,
  emulator: Emulator,
  certificate = CERTIFICATE,
): Promise<TofuProject> {
  const prod = prodOrganization(emulator);
  return tofuProject(binary, root, name, emulator, {
    env: {
      DOCS_PLATFORM_TOKEN: prod.token,
      DOCS_PLATFORM_ORGANIZATION_ID: prod.id,
      TF_VAR_okta_certificate: certificate,
    },
  });
}

/** Runs a step that must succeed; fails with its whole output otherwise. */
export async function must(project: TofuProject, command: string, ...args: string[]): Promise<string> {
  const result = await project.tofu(command, ...args);
  if (result.code !== 0) throw new Error(`tofu ${command} ${args.join(" ")}: ${shown(result)}`);
  return result.stdout;
}

/**
 * The plan of the change in `project` (applied already with SOURCE_ROOT): its `show -json`, the
 * certificate rotated. `plan -out` then `show -json`, as a workflow does.
 */
export async function planChange(project: TofuProject): Promise<string> {
  await project.write("main.tf", changedRoot());
  await must(project, "plan", "-out=change.plan", `-var=okta_certificate=${ROTATED_CERTIFICATE}`);
  return must(project, "show", "-json", "change.plan");
}

/** `show -json` of a plan file in the project. */
export async function showJson(project: TofuProject, planFile: string): Promise<string> {
  return must(project, "show", "-json", planFile);
}

/** Copies a directory's files (not its subfolders: no state, no `.terraform`) into another. */
export async function copyFiles(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true }))
    if (entry.isFile()) await fs.copyFile(path.join(from, entry.name), path.join(to, entry.name));
}

/**
 * A plan's JSON made stable for a fixture: times, the emulator's port, and the API's ids (20
 * lowercase letters and digits) as `id000…N` in order of first appearance. Values in clear stay
 * (the certificates: the point of the fixture).
 */
export function scrubPlan(text: string): string {
  const ids = new Map<string, string>();
  const json = JSON.parse(text) as Record<string, unknown>;
  delete json.timestamp;
  return `${JSON.stringify(json, null, 2)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "2026-01-01T00:00:00Z")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:4010")
    .replace(/\b[a-z0-9]{20}\b/g, (id) => {
      if (!/\d/.test(id)) return id;
      if (!ids.has(id)) ids.set(id, `id${String(ids.size + 1).padStart(18, "0")}`);
      return ids.get(id)!;
    })}\n`;
}
