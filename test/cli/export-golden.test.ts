/**
 * The exported program, its stack config and the plugin's import file of one organization, made
 * through the API with an object of every kind, against golden files (test/cli/fixtures/export/):
 * a change to how the exporters read the organization must give the same bytes. The API's ids are
 * random, so each is replaced by `<id-N>`, N in order of first appearance (the export's own order,
 * which does not depend on the API's). `UPDATE_GOLDEN=1` rewrites the files.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { type ExportResult, exportOrganization } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { OrganizationReader } from "../../provider/walker/reader.ts";
import { writeSnapshot } from "../../provider/cli/export/snapshot/write.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";

const ORG = "org-acme";
const goldenDir = fileURLToPath(new URL("./fixtures/export/", import.meta.url));

let emulator: Emulator;
let client: ApiClient;

/** Every id the emulator made (20 lowercase letters and digits) as `<id-N>`, in order of first appearance in `texts`. */
function normalizedIds(texts: readonly string[]): string[] {
  const names = new Map<string, string>();
  return texts.map((text) =>
    text.replace(/\b[a-z0-9]{20}\b/g, (id) => {
      if (!names.has(id)) names.set(id, `<id-${names.size + 1}>`);
      return names.get(id)!;
    }),
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  const acme = emulator.fixture.organizations.find((org) => org.id === ORG)!;
  const api = apiClient(emulator.url, acme.tokens.admin!);
  client = new ApiClient({ baseUrl: emulator.url, token: acme.tokens.admin! });

  await api.patch(`/orgs/${ORG}/members/usr-acme-reader`, { role: "comment" });
  const writers = await api.put(`/orgs/${ORG}/teams`, { title: "Writers", members: ["usr-acme-reader", "usr-acme-editor"] });
  const translators = await api.put(`/orgs/${ORG}/teams`, { title: "Translators", members: [] });
  await api.put(`/orgs/${ORG}/teams/${translators.id}/members/usr-acme-reader`, {});
  await api.put(`/orgs/${ORG}/teams/${translators.id}/members/usr-acme-editor`, { role: "owner" });
  await api.post(`/orgs/${ORG}/saml`, {
    label: "Okta",
    entityID: "http://www.okta.com/exk1",
    ssoURL: "https://acme.okta.com/sso",
    certificate: "MIIC-golden-certificate",
    defaultTeam: writers.id,
    defaultRole: "read",
  });
  const product = await api.post(`/orgs/${ORG}/collections`, { title: "Product documentation", description: "Everything customers read." });
  await api.patch(`/collections/${product.id}`, { defaultLevel: "read" });
  await api.post(`/orgs/${ORG}/collections`, { title: "Tutorials", parent: product.id });
  await api.patch(`/spaces/spc-acme-api`, { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] } });
  const paragraph = (text: string) => ({
    object: "document",
    data: { schemaVersion: 1 },
    nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }] }],
  });
  await api.post(`/orgs/${ORG}/translations`, { language: "de", source: { space: "spc-acme-guides", language: "en" }, instructions: paragraph("Formal register.") });
  await api.put(`/orgs/${ORG}/agent-instructions`, { instructions: paragraph("Answer from the docs.") });
  await api.post(`/orgs/${ORG}/openapi`, { slug: "petstore", source: { url: "https://example.com/petstore.yaml" } });

  const site = await api.post(`/orgs/${ORG}/sites`, { title: "Developer portal", visibility: "public" });
  const base = `/orgs/${ORG}/sites/${site.id}`;
  const apis = await api.post(`${base}/section-groups`, { title: "APIs", icon: "code" });
  await api.post(`${base}/section-groups`, { title: "Legacy APIs", icon: "archive", parent: apis.id });
  const guidesSection = await api.post(`${base}/sections`, { spaceId: "spc-acme-guides", title: "Guides" });
  const referenceSection = await api.post(`${base}/sections`, { spaceId: "spc-acme-api", title: "Reference" });
  await api.put(`${base}/adaptive-schema`, {
    jsonSchema: {
      type: "object",
      properties: { unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false } },
      additionalProperties: false,
    },
  });
  // A site with everything a new site does not have (type, basename, proxy, adaptive content,
  // agents context, published), and one whose adaptive content is explicitly off.
  const partners = await api.post(`/orgs/${ORG}/sites`, { title: "Partner hub", type: "premium", visibility: "unlisted" });
  await api.patch(`/orgs/${ORG}/sites/${partners.id}`, { basename: "partners", proxy: "acme.test/partners", adaptiveContent: { enabled: true }, agentsContext: "excluded" });
  await api.post(`/orgs/${ORG}/sites/${partners.id}/publish`);
  const internal = await api.post(`/orgs/${ORG}/sites`, { title: "Internal", visibility: "visitor-auth" });
  await api.patch(`/orgs/${ORG}/sites/${internal.id}`, { adaptiveContent: { enabled: false } });
  const [siteSpace] = await api.list(`${base}/site-spaces`);
  await api.patch(`${base}/site-spaces/${siteSpace.id}/customization`, { title: "What's new", styling: { primaryColor: { light: "#B42318", dark: "#F97066" } } });
  // What the kinds' own tests leave out: the organization's own settings, a space's every field, a
  // translation without instructions, a section in a group, a site space besides its section's
  // default (hidden, with a condition, with an override), a site whose site spaces have no section.
  await api.patch(`/orgs/${ORG}`, {
    hostname: "acme-docs",
    logo: "https://acme.test/logo.png",
    defaultContent: { type: "site", site: site.id },
    mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-editor"] }] },
  });
  await api.post(`/spaces/spc-acme-changelog/move`, { parent: product.id });
  await api.patch(`/spaces/spc-acme-changelog`, { language: "fr", editMode: "locked", defaultLevel: "comment" });
  await api.post(`/orgs/${ORG}/translations`, { language: "ja", source: { space: "spc-acme-changelog", language: "fr" } });
  await api.patch(`${base}/sections/${referenceSection.id}`, {
    siteSectionGroupId: apis.id,
    icon: "book",
    description: "Every endpoint",
    condition: "visitor.claims.unsigned.beta",
  });
  const changes = await api.post(`${base}/site-spaces`, { spaceId: "spc-acme-changelog", sectionId: guidesSection.id });
  await api.patch(`${base}/site-spaces/${changes.id}`, { path: "changes", condition: "visitor.claims.unsigned.beta", hidden: true });
  await api.patch(`${base}/site-spaces/${changes.id}/customization`, { title: "Changes" });
  await api.post(`/orgs/${ORG}/sites/${partners.id}/site-spaces`, { spaceId: "spc-acme-guides" });
  await api.post(`/orgs/${ORG}/sites/${partners.id}/site-spaces`, { spaceId: "spc-acme-api" });
  // Content references in a customization: a spec by its slug, a page in its space.
  await api.put(`/orgs/${ORG}/sites/${partners.id}/customization`, {
    header: {
      links: [
        { title: "API", to: { kind: "openapi", spec: "petstore" } },
        { title: "Start here", to: { kind: "page", page: "pg-start", space: "spc-acme-guides" } },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

async function exported(door: "dynamic" | "plugin"): Promise<ExportResult> {
  return exportOrganization({
    api: client,
    organizationId: ORG,
    kinds: EXPORTERS,
    adopt: true,
    apiUrl: "https://api.example.com/v1",
    project: "acme",
    stack: "dev",
    importFile: door === "plugin",
    door,
  });
}

describe("the export of an organization with every kind", () => {
  it("writes the golden program, stack config and plugin import file", async () => {
    const program = await exported("dynamic");
    const plugin = await exported("plugin");
    expect(program.warnings).toEqual([]);
    expect(new Set(program.counts.filter((count) => count.objects > 0).map((count) => count.kind)).size).toBeGreaterThanOrEqual(17);
    const [indexTs, stackConfig, importFile] = normalizedIds([program.files["index.ts"], program.files["Pulumi.dev.yaml"], plugin.importFile!]);
    // An id YAML could read as a number (a digit first) is quoted in the stack config: as `<id-N>`, never.
    const files = { "index.ts": indexTs, "Pulumi.dev.yaml": stackConfig.replace(/"(<id-\d+>[^"\s]*)"/g, "$1"), "plugin-import.json": importFile };
    // The program names no id of the organization: they are all in the stack config's `adopt`.
    expect(indexTs).not.toMatch(/<id-\d+>/);
    for (const [name, content] of Object.entries(files)) {
      const golden = path.join(goldenDir, name);
      if (process.env.UPDATE_GOLDEN === "1") {
        fs.mkdirSync(goldenDir, { recursive: true });
        fs.writeFileSync(golden, content);
      }
      expect(content, name).toBe(fs.readFileSync(golden, "utf8"));
    }
  });
});

describe("the twin's snapshot of that organization", () => {
  // Read as data by the emulator's side (test/emulator/conformance/snapshot-fields.test.ts): every
  // field the provider writes reaches the twin, or that test names it.
  it("writes the golden snapshot (test/cli/fixtures/export/snapshot.json)", async () => {
    const snapshot = await writeSnapshot(new OrganizationReader(client, ORG), "2026-11-25T00:00:00.000Z");
    const [text] = normalizedIds([`${JSON.stringify(snapshot, null, 2)}\n`]);
    const golden = path.join(goldenDir, "snapshot.json");
    if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(golden, text);
    expect(text).toBe(fs.readFileSync(golden, "utf8"));
  });
});

describe("the HCL export (--hcl) of that organization", () => {
  it("writes the golden root: main.tf, imports.tf, variables.tf and the environment's tfvars, no id outside the tfvars", async () => {
    const root = await exportOrganization({ api: client, organizationId: ORG, kinds: EXPORTERS, adopt: true, apiUrl: "https://api.example.com/v1", hcl: { environment: "dev" } });
    expect(root.warnings).toEqual([]);
    const names = Object.keys(root.files).sort();
    expect(names).toEqual(["dev.secrets.tfvars", "dev.tfvars", "imports.tf", "main.tf", "variables.tf"]);
    const files = Object.fromEntries(names.map((name, index) => [name, normalizedIds(names.map((each) => root.files[each]))[index]]));
    // Environment-specific values are all in the tfvars: the root names no id, no email, no secret of the organization.
    for (const name of ["main.tf", "imports.tf", "variables.tf"]) {
      expect(files[name], name).not.toMatch(/<id-\d+>|usr-acme|@acme\.test|MIIC/);
    }
    expect(files["dev.secrets.tfvars"]).toContain('"MIIC-golden-certificate"');
    expect(files["dev.tfvars"]).not.toContain("MIIC");
    for (const [name, content] of Object.entries(files)) {
      const golden = path.join(goldenDir, "hcl", name);
      if (process.env.UPDATE_GOLDEN === "1") {
        fs.mkdirSync(path.dirname(golden), { recursive: true });
        fs.writeFileSync(golden, content);
      }
      expect(content, name).toBe(fs.readFileSync(golden, "utf8"));
    }
  });
});

/** The API's request counts of one export, per route (`GET /v1/orgs/{organizationId}/sites`), and their total. */
async function exportRequests(door: "dynamic" | "plugin"): Promise<{ total: number; counts: Record<string, number> }> {
  await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
  await exported(door);
  return (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { total: number; counts: Record<string, number> };
}

describe("the requests of that export", () => {
  // The organization's 3 sites, 2 teams and 5 site spaces: each list and each object read once,
  // though a kind reads its objects and then imports each (the import reading them again). The
  // site's own GET is SiteCustomization's import (a new site's title is its default title).
  const ONCE_EACH = {
    "GET /v1/orgs/{organizationId}": 1,
    "GET /v1/orgs/{organizationId}/agent-instructions": 1,
    "GET /v1/orgs/{organizationId}/collections": 1,
    "GET /v1/orgs/{organizationId}/members": 1,
    "GET /v1/orgs/{organizationId}/openapi": 1,
    "GET /v1/orgs/{organizationId}/saml": 1,
    "GET /v1/orgs/{organizationId}/sites": 1,
    "GET /v1/orgs/{organizationId}/sites/{siteId}": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/customization": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/section-groups": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/sections": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/site-spaces": 3,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization": 5,
    "GET /v1/orgs/{organizationId}/sites/{siteId}/structure": 3,
    "GET /v1/orgs/{organizationId}/spaces": 1,
    "GET /v1/orgs/{organizationId}/teams": 1,
    "GET /v1/orgs/{organizationId}/teams/{teamId}/members": 2,
    "GET /v1/orgs/{organizationId}/translations": 1,
  };

  it("reads each list and each object once: 38 requests (the hand-written exporters sent 40), named per route", async () => {
    const requests = await exportRequests("dynamic");
    // Per route first, so a regression names its path.
    expect(requests.counts).toEqual(ONCE_EACH);
    expect(requests.total).toBe(38);
  });

  it("keeps nothing from one export to the next: a second export, and the plugin door's, read everything again", async () => {
    expect((await exportRequests("dynamic")).counts).toEqual(ONCE_EACH);
    expect((await exportRequests("plugin")).counts).toEqual(ONCE_EACH);
  });
});
