/**
 * `export --import-file --door plugin`: the import file for the provider plugin, against the
 * in-process emulator. Each object is an entry of the plugin's type token
 * (`docs-platform:index:<Kind>`), its export name, and its kind's import id (adapter/import-ids.ts:
 * `<siteId>/<id>` inside a site, the site's or the organization's id for what there is one of,
 * `<teamId>/<userId>` for a team member), with the plugin's version and download URL; no state
 * (the plugin reads each object itself). Every id is proven by the plugin's own import path
 * (adapter/resource.ts importObject) reading the object it names.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importObject } from "../../provider/adapter/resource.ts";
import { ApiClient } from "../../provider/client/index.ts";
import { exportOrganization, selectKinds } from "../../provider/cli/export/export.ts";
import { pluginReference } from "../../provider/cli/export/import-file.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { definitionFor } from "../../provider/runtime/core.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";

const ORG = "org-acme";
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const version = (JSON.parse(fs.readFileSync(path.join(repositoryRoot, "provider", "package.json"), "utf8")) as { version: string }).version;

interface Entry {
  type: string;
  name: string;
  id: string;
  version: string;
  pluginDownloadURL: string;
}

let emulator: Emulator;
let client: ApiClient;
const made: Record<string, string> = {};

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const acme = emulator.fixture.organizations.find((org) => org.id === ORG)!;
  const api = apiClient(emulator.url, acme.tokens.admin!);
  client = new ApiClient({ baseUrl: emulator.url, token: acme.tokens.admin! });
  made.team = (await api.put(`/orgs/${ORG}/teams`, { title: "Translators", members: [] })).id;
  await api.put(`/orgs/${ORG}/teams/${made.team}/members/usr-acme-editor`, { role: "owner" });
  made.site = (await api.post(`/orgs/${ORG}/sites`, { title: "Docs", visibility: "unlisted" })).id;
  const base = `/orgs/${ORG}/sites/${made.site}`;
  made.group = (await api.post(`${base}/section-groups`, { title: "APIs" })).id;
  made.section = (await api.post(`${base}/sections`, { spaceId: "spc-acme-guides", title: "Guides" })).id;
  await api.put(`${base}/adaptive-schema`, {
    jsonSchema: {
      type: "object",
      properties: { unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false } },
      additionalProperties: false,
    },
  });
  made.siteSpace = (await api.list(`${base}/site-spaces`))[0].id;
  await api.patch(`${base}/site-spaces/${made.siteSpace}/customization`, { title: "What's new" });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

async function pluginEntries(only?: string): Promise<Entry[]> {
  const result = await exportOrganization({
    api: client,
    organizationId: ORG,
    kinds: selectKinds(EXPORTERS, only),
    adopt: true,
    apiUrl: emulator.url,
    importFile: true,
    door: "plugin",
  });
  return (JSON.parse(result.importFile!) as { resources: Entry[] }).resources;
}

describe("export --import-file --door plugin", () => {
  it("names each object by the plugin's type token and its kind's import id, with the plugin's version and download URL, and no state", async () => {
    const entries = await pluginEntries();
    const idOf = (type: string, name?: string) =>
      entries.filter((entry) => entry.type === `docs-platform:index:${type}` && (name === undefined || entry.name === name)).map((entry) => entry.id);
    expect(idOf("OrganizationSettings")).toEqual([ORG]);
    expect(idOf("AgentInstructions")).toEqual([]); // an empty document is not exported
    expect(idOf("Team", "translators")).toEqual([made.team]);
    // A team with an owner is declared with TeamMembers (the export's decision), each `<teamId>/<userId>`.
    expect(idOf("TeamMember")).toEqual([`${made.team}/usr-acme-editor`]);
    expect(idOf("Site", "docs")).toEqual([made.site]);
    expect(idOf("SiteSectionGroup", "apis")).toEqual([`${made.site}/${made.group}`]);
    expect(idOf("SiteSection", "guides")).toEqual([`${made.site}/${made.section}`]);
    expect(idOf("SiteSpaceCustomization")).toEqual([`${made.site}/${made.siteSpace}`]);
    expect(idOf("SiteAdaptiveSchema")).toEqual([made.site]);
    expect(idOf("SiteCustomization")).toEqual([made.site]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(["id", "name", "pluginDownloadURL", "type", "version"]);
      expect(entry.version).toBe(version);
      expect(entry.pluginDownloadURL).toBe(`https://github.com/docs-platform/pulumi-docs-platform/releases/download/v${version}/`);
    }
    expect(pluginReference()).toEqual({ version, pluginDownloadURL: `https://github.com/docs-platform/pulumi-docs-platform/releases/download/v${version}/` });
  });

  it("writes the same objects under the same names as the dynamic door's import file, in the same order", async () => {
    const plugin = await pluginEntries();
    const result = await exportOrganization({
      api: client,
      organizationId: ORG,
      kinds: EXPORTERS,
      adopt: true,
      apiUrl: emulator.url,
      importFile: true,
      project: "acme",
      stack: "dev",
    });
    const dynamic = (JSON.parse(result.importFile!) as { resources: { type: string; name: string }[] }).resources;
    expect(plugin.map((entry) => `${entry.type.split(":").pop()} ${entry.name}`)).toEqual(dynamic.map((entry) => `${entry.type.split(":").pop()} ${entry.name}`));
    expect(dynamic.every((entry) => entry.type.startsWith("pulumi-nodejs:dynamic/docs-platform:"))).toBe(true);
  });

  it("gives import ids the plugin's own import path reads: each names the object it was exported from", async () => {
    const entries = await pluginEntries();
    expect(entries.length).toBeGreaterThan(15);
    for (const entry of entries) {
      const kind = entry.type.split(":").pop()!;
      const read = await importObject(definitionFor(kind), { api: client }, entry.id, ORG);
      expect(read.id, `${kind} ${entry.id}`).toBeTruthy();
      if (entry.id.includes("/") && kind !== "TeamMember") expect(read.props.siteId, `${kind} ${entry.id}`).toBe(entry.id.split("/")[0]);
    }
  });

  it("follows --only: a kind left out has no entry", async () => {
    const entries = await pluginEntries("Team");
    expect([...new Set(entries.map((entry) => entry.type))].sort()).toEqual(["docs-platform:index:Team", "docs-platform:index:TeamMember"]);
  });

  it("imports a team with an owner without `members`, as export writes it: its TeamMembers carry the roles, so the imported program manages the membership one way", async () => {
    const ctx = { api: client };
    const withOwner = await importObject(definitionFor("Team"), ctx, made.team, ORG);
    expect(withOwner.inputs).toEqual({ organizationId: ORG, title: "Translators" });
    const plain = (
      await apiClient(emulator.url, emulator.fixture.organizations.find((org) => org.id === ORG)!.tokens.admin!).put(`/orgs/${ORG}/teams`, {
        title: "Reviewers",
        members: ["usr-acme-editor"],
      })
    ).id as string;
    const withoutOwner = await importObject(definitionFor("Team"), ctx, plain, ORG);
    expect(withoutOwner.inputs).toEqual({ organizationId: ORG, title: "Reviewers", members: ["usr-acme-editor"] });
  });

  it("imports a guest's role as null, the value OrganizationMember requires (an unset optional input is still left out), and export declares it so", async () => {
    const admin = apiClient(emulator.url, emulator.fixture.organizations.find((org) => org.id === ORG)!.tokens.admin!);
    await admin.patch(`/orgs/${ORG}/members/usr-acme-reader`, { role: null });
    const guest = await importObject(definitionFor("OrganizationMember"), { api: client }, "usr-acme-reader", ORG);
    expect(guest.inputs).toEqual({ organizationId: ORG, userId: "usr-acme-reader", role: null, removeOnDestroy: false });
    const result = await exportOrganization({ api: client, organizationId: ORG, kinds: selectKinds(EXPORTERS, "OrganizationMember"), adopt: true, apiUrl: emulator.url });
    expect(result.warnings).toEqual([]);
    expect(result.program.indexTs).toContain(`new docs.OrganizationMember("rae", {\n  email: members.rae,\n  role: null,\n});`);
    await admin.patch(`/orgs/${ORG}/members/usr-acme-reader`, { role: "read" });
  });
});
