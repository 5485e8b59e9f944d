/**
 * Refresh reads lists, not objects (issue 22), through the real CLI: the fault-scenario program's
 * resources are read with one list per parent shared by every resource of that parent, and drift
 * is still seen on exactly the property that changed:
 *
 * - 200 objects of seven kinds, under the organization and under 25 sites, changed or deleted
 *   through the API at once: refresh reports each on exactly its property (or as deleted), with at
 *   most 0.5 API requests per resource, and `up` repairs them all;
 * - a team list longer than one page (1,200 teams made through the API, most before the stack's):
 *   a change and a deletion of teams on the second page are seen exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiClient } from "./support/api.ts";
import { changedKeys, engineEvents } from "./support/resource-scenario.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { programDir } from "../faults/scenario.ts";
import { assertSucceeded, createStack, type TestStack } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;
const type = (kind: string) => `pulumi-nodejs:dynamic/docs-platform:${kind}`;

interface RequestCounts {
  total: number;
  counts: Record<string, number>;
}

async function requestCounts(emulator: Emulator): Promise<RequestCounts> {
  return (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as RequestCounts;
}
async function resetEmulator(emulator: Emulator): Promise<void> {
  const response = await fetch(`${emulator.controlUrl}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  if (!response.ok) throw new Error(`reset answered ${response.status}: ${await response.text()}`);
}
async function clearRequests(emulator: Emulator): Promise<void> {
  await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
}

/** The stack's resources by name: type, id and outputs. */
async function resourcesByName(stack: TestStack): Promise<Map<string, { type: string; id: string; outputs: Record<string, any> }>> {
  const { deployment } = await stack.exportState();
  const byName = new Map<string, { type: string; id: string; outputs: Record<string, any> }>();
  for (const resource of deployment.resources ?? []) {
    const urn = String(resource.urn);
    byName.set(urn.slice(urn.lastIndexOf("::") + 2), { type: String(resource.type), id: String(resource.id ?? ""), outputs: (resource.outputs ?? {}) as Record<string, any> });
  }
  return byName;
}

describe("refresh reads lists shared by every resource of a parent", () => {
  let emulator: Emulator;
  let api: Api;
  let token: string;
  let organizationId: string;
  const stacks: TestStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
    token = organization.admin.token;
    organizationId = organization.id;
    api = apiClient(emulator.url, token);
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => {});
    await emulator?.close();
  });

  async function stackOf(groups: number, name: string): Promise<TestStack> {
    const stack = await createStack({
      programDir,
      stackName: name,
      config: { organizationId, groups: String(groups) },
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token },
    });
    stacks.push(stack);
    return stack;
  }

  it("sees 200 objects drift at once across several parents, with at most 0.5 requests per resource", { timeout: minutes(10) }, async () => {
    await resetEmulator(emulator);
    const stack = await stackOf(25, "drift");
    await stack.up();
    const resources = await resourcesByName(stack);
    const count = resources.size - 1; // less the stack itself

    // A refresh with nothing to find: every resource read, with lists.
    await clearRequests(emulator);
    const unchanged = engineEvents(assertSucceeded(await stack.run(["refresh", "--yes", "--skip-preview", "--json"])));
    expect(unchanged.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.urn}`)).toEqual([]);
    const quiet = await requestCounts(emulator);
    expect(quiet.total / count, JSON.stringify(quiet.counts)).toBeLessThanOrEqual(0.5);
    // A site space in a section comes with its section (API.md 2.17): one list per site serves
    // the sections and the site spaces, and the site-space list is never read.
    expect(quiet.counts["GET /v1/orgs/{organizationId}/sites/{siteId}/sections"]).toBe(25);
    expect(quiet.counts["GET /v1/orgs/{organizationId}/sites/{siteId}/site-spaces"] ?? 0).toBe(0);

    // 200 objects changed (or deleted) through the API: every object of seven kinds in 25 groups,
    // under the organization (teams, collections, SAML providers, sites, specs) and under each site.
    const expected = new Map<string, string>(); // resource name -> changed property, or "delete"
    for (let group = 0; group < 25; group++) {
      const tag = String(group).padStart(3, "0");
      const id = (name: string) => resources.get(name)!.id;
      const site = id(`site-${tag}`);
      await api.patch(`/orgs/${organizationId}/teams/${id(`team-${tag}`)}`, { title: `Team ${tag} renamed` });
      expected.set(`team-${tag}`, "title");
      await api.patch(`/collections/${id(`collection-${tag}`)}`, { description: `Changed ${tag}` });
      expected.set(`collection-${tag}`, "description");
      await api.patch(`/collections/${id(`child-${tag}`)}`, { title: `Child ${tag} renamed` });
      expected.set(`child-${tag}`, "title");
      if (group % 5 === 0) {
        await api.delete(`/orgs/${organizationId}/saml/${id(`saml-${tag}`)}`);
        expected.set(`saml-${tag}`, "delete");
      } else {
        await api.patch(`/orgs/${organizationId}/saml/${id(`saml-${tag}`)}`, { ssoURL: `https://changed${tag}.example.com/sso` });
        expected.set(`saml-${tag}`, "ssoURL");
      }
      await api.patch(`/orgs/${organizationId}/sites/${site}`, { title: `Site ${tag} renamed` });
      expected.set(`site-${tag}`, "title");
      await api.patch(`/orgs/${organizationId}/sites/${site}/sections/${id(`section-${tag}`)}`, { title: `Section ${tag} renamed` });
      expected.set(`section-${tag}`, "title");
      await api.patch(`/orgs/${organizationId}/sites/${site}/site-spaces/${id(`site-space-${tag}`)}`, { path: `moved-${tag}` });
      expected.set(`site-space-${tag}`, "path");
      await api.patch(`/orgs/${organizationId}/openapi/spec-${tag}`, { visibility: group % 2 === 0 ? "private" : "public" });
      expected.set(`spec-${tag}`, "visibility");
    }
    expect(expected.size).toBe(200);

    await clearRequests(emulator);
    const drifted = engineEvents(assertSucceeded(await stack.run(["refresh", "--yes", "--skip-preview", "--json"])));
    const seen = new Map<string, string>();
    for (const step of drifted.steps) {
      if (step.op === "same") continue;
      const name = step.urn.slice(step.urn.lastIndexOf("::") + 2);
      seen.set(name, step.op === "delete" ? "delete" : `${changedKeys(step.old?.inputs, step.new?.inputs).join(",")}`);
    }
    expect(Object.fromEntries([...seen].sort())).toEqual(Object.fromEntries([...expected].sort()));
    const reads = await requestCounts(emulator);
    expect(reads.total / count, JSON.stringify(reads.counts)).toBeLessThanOrEqual(0.5);

    // `up` repairs all of it: recreates the deleted providers, restores every value.
    await stack.up();
    const after = await stack.preview(["--expect-no-changes"]);
    expect(after.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect((await api.get(`/orgs/${organizationId}/teams/${resources.get("team-007")!.id}`)).title).toBe("Team 007");
  });

  it("reads a list longer than one page: changes and deletions on the second page are seen exactly", { timeout: minutes(10) }, async () => {
    await resetEmulator(emulator);
    const made = async (from: number, to: number) => {
      for (let n = from; n < to; n++) await api.put(`/orgs/${organizationId}/teams`, { title: `Filler ${String(n).padStart(4, "0")}` });
    };
    // Teams are listed in creation order: 1,100 before the stack's, so its teams are on page 2.
    await made(0, 1100);
    const stack = await stackOf(2, "pages");
    await stack.up();
    await made(1100, 1200);
    const resources = await resourcesByName(stack);
    expect((await api.list(`/orgs/${organizationId}/teams`)).length).toBeGreaterThan(1000);

    await api.patch(`/orgs/${organizationId}/teams/${resources.get("team-000")!.id}`, { title: "Team 000 renamed" });
    await api.delete(`/orgs/${organizationId}/teams/${resources.get("team-001")!.id}`);
    await clearRequests(emulator);
    const refreshed = engineEvents(assertSucceeded(await stack.run(["refresh", "--yes", "--skip-preview", "--json"])));
    const changed = refreshed.steps
      .filter((step) => step.op !== "same")
      .map((step) =>
        `${step.op} ${step.urn.slice(step.urn.lastIndexOf("::") + 2)} ${step.op === "update" ? changedKeys(step.old?.inputs, step.new?.inputs).join(",") : ""}`.trim(),
      );
    // Deleting team-001 also cleared the default team of the SAML provider that named it: real drift too.
    expect(changed.sort()).toEqual(["delete team-001", "update saml-001 defaultTeam", "update team-000 title"]);
    const { counts } = await requestCounts(emulator);
    // The organization's team list, read once for both teams, in two pages; no team read alone.
    expect(counts["GET /v1/orgs/{organizationId}/teams"]).toBe(2);
    expect(counts["GET /v1/orgs/{organizationId}/teams/{teamId}"] ?? 0).toBe(0);
    // The other team's membership is still read (the list does not carry it), and still in sync.
    expect(refreshed.steps.find((step) => step.urn.endsWith("::team-000"))?.type).toBe(type("Team"));
  });
});
