/**
 * `pulumi-docs-platform compare` against three organizations of one emulator, built through the
 * API with the same content in different creation orders (staging, prod), then one changed in five
 * ways (changed): equal organizations exit 0 and say so, the five differences are each named
 * (exit 1), a refused token exits 2. And export's determinism, which the comparison rests on: two
 * equal organizations give the same index.ts, byte for byte, whatever order their objects were made in
 * (their ids are in each stack's config).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { exportOrganization } from "../../provider/cli/export/export.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { type Emulator, type Fixture, startEmulator } from "../emulator/index.ts";
import { type Api, apiClient } from "../e2e/support/api.ts";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");
const TOKEN = "tok-docs-admin-secret";

/** Three organizations with the same people; each has its own spaces (ids differ, titles do not). */
const spaces = (prefix: string) => [
  { id: `spc-${prefix}-guides`, title: "Guides", emoji: "📘" },
  { id: `spc-${prefix}-api`, title: "API Reference", emoji: "🧩" },
  { id: `spc-${prefix}-changelog`, title: "Changelog", emoji: "📰" },
];
const members = [
  { user: "usr-ada", role: "admin" as const },
  { user: "usr-eli", role: "edit" as const },
  { user: "usr-rae", role: "read" as const },
];
const fixture: Fixture = {
  users: [
    { id: "usr-ada", displayName: "Ada", email: "ada@docs.test", token: TOKEN },
    { id: "usr-eli", displayName: "Eli", email: "eli@docs.test", token: "tok-docs-eli" },
    { id: "usr-rae", displayName: "Rae", email: "rae@docs.test", token: "tok-docs-rae" },
  ],
  organizations: [
    { id: "org-staging", title: "Docs (staging)", emailDomains: ["docs.test"], members, spaces: spaces("staging") },
    // Listed in another order: the API lists them in another order too.
    { id: "org-prod", title: "Docs (production)", emailDomains: ["docs.test"], members, spaces: spaces("prod").reverse() },
    { id: "org-changed", title: "Docs (changed)", emailDomains: ["docs.test"], members, spaces: spaces("changed") },
  ],
};

/**
 * The same content, made in the given order or the reverse one: two teams, a site "Docs" with a
 * section group and two sections (its default, "Guides", first in both; its top level in one order), a site "Partners" whose
 * section is also "Guides" (the same resource name, numbered by natural key, not by id).
 */
async function seed(api: Api, org: string, reverse: boolean): Promise<{ docs: string; partners: string; group: string; apiSection: string }> {
  const inOrder = async <T>(steps: (() => Promise<T>)[]): Promise<T[]> => {
    const results = new Map<number, T>();
    const order = steps.map((_, index) => index);
    for (const index of reverse ? order.reverse() : order) results.set(index, await steps[index]());
    return order.sort((a, b) => a - b).map((index) => results.get(index)!);
  };
  await inOrder([
    () => api.put(`/orgs/${org}/teams`, { title: "Writers", members: ["usr-eli"] }),
    () => api.put(`/orgs/${org}/teams`, { title: "Reviewers", members: ["usr-rae"] }),
  ]);
  const [docs, partners] = await inOrder<{ id: string }>([
    () => api.post(`/orgs/${org}/sites`, { title: "Docs", visibility: "public" }),
    () => api.post(`/orgs/${org}/sites`, { title: "Partners", visibility: "unlisted" }),
  ]);
  const [partnersGuides, docsGuides] = await inOrder<{ id: string }>([
    () => api.post(`/orgs/${org}/sites/${partners.id}/sections`, { spaceId: `spc-${org.slice(4)}-guides`, title: "Guides" }),
    () => api.post(`/orgs/${org}/sites/${docs.id}/sections`, { spaceId: `spc-${org.slice(4)}-guides`, title: "Guides" }),
  ]);
  expect(partnersGuides && docsGuides).toBeTruthy();
  // The site's top level lists what it holds in creation order, which is content (its order): the same in both.
  const apiSection = await api.post<{ id: string }>(`/orgs/${org}/sites/${docs.id}/sections`, { spaceId: `spc-${org.slice(4)}-api`, title: "API" });
  const group = await api.post<{ id: string }>(`/orgs/${org}/sites/${docs.id}/section-groups`, { title: "Reference", icon: "code" });
  return { docs: docs.id, partners: partners.id, group: group.id, apiSection: apiSection.id };
}

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:", fixture });
  const api = apiClient(emulator.url, TOKEN);
  await seed(api, "org-staging", false);
  await seed(api, "org-prod", true);
  const changed = await seed(api, "org-changed", false);
  // Five differences from staging: a team only in staging, a team only here, a site's title, a space's emoji, a section moved into a group.
  const reviewers = (await api.list<{ id: string; title: string }>("/orgs/org-changed/teams")).find((team) => team.title === "Reviewers")!;
  await api.delete(`/orgs/org-changed/teams/${reviewers.id}`);
  await api.put("/orgs/org-changed/teams", { title: "Translators", members: ["usr-ada"] });
  await api.patch(`/orgs/org-changed/sites/${changed.partners}`, { title: "Partner hub" });
  await api.patch("/spaces/spc-changed-changelog", { emoji: "🗞" });
  await api.patch(`/orgs/org-changed/sites/${changed.docs}/sections/${changed.apiSection}`, { siteSectionGroupId: changed.group });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function compareCli(args: string[], env: NodeJS.ProcessEnv, stdin = "", cwd = repositoryRoot): Promise<Run> {
  // A clean environment: no DOCS_PLATFORM_* but the ones given, no pulumi on PATH.
  const childEnv: NodeJS.ProcessEnv = { PATH: path.dirname(process.execPath), HOME: process.env.HOME, ...env };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "compare", ...args], { cwd, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const sides = (left: string, right: string, rightToken = TOKEN) => ({
  env: { DOCS_PLATFORM_LEFT_API_URL: emulator.url, DOCS_PLATFORM_LEFT_TOKEN: TOKEN, DOCS_PLATFORM_RIGHT_API_URL: emulator.url, DOCS_PLATFORM_RIGHT_TOKEN: rightToken },
  args: ["--left-org", left, "--right-org", right],
});

describe("export is deterministic", () => {
  it("gives two equal organizations made in different orders the same index.ts, byte for byte, adopting or not", async () => {
    const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
    try {
      const exported = (organizationId: string, adopt: boolean) =>
        exportOrganization({ api: client, organizationId, kinds: EXPORTERS, adopt, apiUrl: emulator.url, project: "docs", stack: "dev" });
      const [staging, prod] = [await exported("org-staging", false), await exported("org-prod", false)];
      expect(staging.warnings).toEqual([]);
      expect(prod.files["index.ts"]).toBe(staging.files["index.ts"]);
      // The Partners site's "Guides" is numbered after the Docs site's in both: by natural key, not by id.
      expect(staging.files["index.ts"]).toContain(`new docs.SiteSection("guides-2", {\n  siteId: partners.id,`);
      expect(staging.files["index.ts"].indexOf(`new docs.Team("reviewers"`)).toBeLessThan(staging.files["index.ts"].indexOf(`new docs.Team("writers"`));
      // The stack config differs only where it names the organization.
      const organizationLines = (text: string) => text.split("\n").filter((line) => !/organizationId|^ {4}title: "Docs \(/.test(line));
      expect(organizationLines(prod.files["Pulumi.dev.yaml"])).toEqual(organizationLines(staging.files["Pulumi.dev.yaml"]));
      // Adopting, the program is the same again, and the same as without adopting: each
      // organization's ids are in its stack config (`adopt`), under the same names.
      const [adoptStaging, adoptProd] = [await exported("org-staging", true), await exported("org-prod", true)];
      expect(adoptProd.files["index.ts"]).toBe(adoptStaging.files["index.ts"]);
      expect(adoptStaging.files["index.ts"]).toBe(staging.files["index.ts"]);
      expect(adoptStaging.files["index.ts"]).not.toMatch(/adopt: \{ id/);
      const adoptOf = (result: typeof staging) => result.program.config.find((entry) => entry.key === "adopt")?.value as Record<string, Record<string, string>>;
      const namesOf = (ids: Record<string, Record<string, string>>) => Object.fromEntries(Object.entries(ids).map(([type, byName]) => [type, Object.keys(byName)]));
      expect(namesOf(adoptOf(adoptProd))).toEqual(namesOf(adoptOf(adoptStaging)));
      expect(adoptOf(adoptStaging).Team).toEqual({ reviewers: expect.any(String), writers: expect.any(String) });
      expect(adoptOf(adoptStaging).Team.writers).not.toBe(adoptOf(adoptProd).Team.writers);
      expect(adoptOf(staging)).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe("compare", () => {
  it("says two equal organizations have no difference, and exits 0", async () => {
    const { env, args } = sides("org-staging", "org-prod");
    const run = await compareCli(args, env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^<!-- pulumi-docs-platform:compare left=org-staging right=org-prod -->\n### Comparison of `org-staging` and `org-prod`\n/);
    expect(run.stdout).toMatch(/\nNo difference: \d+ objects the same\.\n/);
    expect(run.stdout).toContain("Not compared: ids, which user id each email has, and what identifies each organization");
    expect(run.stderr).toContain("compare: left: organization org-staging, API");
    expect(run.stderr).toContain("token from DOCS_PLATFORM_RIGHT_TOKEN");
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  it("says, at the top, that a side's stack config adopts the other side's objects (a config copied by hand), and exits 1", async () => {
    const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
    const project = await fs.mkdtemp(path.join(os.tmpdir(), "compare-crossing-"));
    try {
      const prod = await exportOrganization({ api: client, organizationId: "org-prod", kinds: EXPORTERS, adopt: true, apiUrl: emulator.url, project: "docs", stack: "prod" });
      // Staging's stack file, copied from prod's: staging's organization, prod's ids.
      const copied = prod.files["Pulumi.prod.yaml"].replace("docs-platform:organizationId: org-prod", "docs-platform:organizationId: org-staging");
      await fs.writeFile(path.join(project, "Pulumi.yaml"), prod.files["Pulumi.yaml"]);
      await fs.writeFile(path.join(project, "Pulumi.staging.yaml"), copied);
      const prodIds = prod.program.config.find((entry) => entry.key === "adopt")!.value as Record<string, Record<string, string>>;
      const { env } = sides("org-staging", "org-prod");
      const run = await compareCli(["--left-stack", "staging", "--right-org", "org-prod"], env, "", project);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain(
        "> [!CAUTION]\n> **`staging`'s stack config adopts objects of `org-prod`'s organization** (`org-prod`), not of its own (`org-staging`): its `pulumi up` would be refused, an adoption never crosses organizations.\n",
      );
      expect(run.stdout).toContain(`> - Team \`writers\`: \`${prodIds.Team.writers}\`\n`);
      expect(run.stdout).toContain("> Write `staging`'s own ids with `export --org org-staging`, or remove `adopt` from its stack config to create these objects.");
      // The organizations themselves are the same.
      expect(run.stdout).toMatch(/\nNo difference: \d+ objects the same\.\n/);
      expect(run.stderr).toContain("left: its stack config adopts");
    } finally {
      await client.close();
      await fs.rm(project, { recursive: true, force: true });
    }
  });

  it("names each of five differences in a table and a detail per object, and exits 1", async () => {
    const { env, args } = sides("org-staging", "org-changed");
    const run = await compareCli([...args, "--left-name", "staging", "--right-name", "changed"], env);
    expect(run.code, run.stderr).toBe(1);
    const markdown = run.stdout;
    // What a reviewer sees: the counts, then one row per object that differs, in the registry's order of kinds.
    expect(markdown).toMatch(/\*\*6 differences\*\*: 1 only in `staging` · 1 only in `changed` · 4 differ · \d+ the same\n/);
    const table = markdown.slice(markdown.indexOf("| difference |"), markdown.indexOf("\n\n", markdown.indexOf("| difference |")));
    expect(table.split("\n")).toEqual([
      "| difference | type | natural key | differing inputs |",
      "|---|---|---|---|",
      "| - only in `staging` | Team | `Reviewers` | – |",
      "| + only in `changed` | Team | `Translators` | – |",
      "| ~ differs | Space | `Changelog` | `emoji` |",
      "| ~ differs | Site | `Partners` → `Partner hub` | `title` |",
      "| ~ differs | SiteSection | `Docs › API` | `siteSectionGroupId` |",
      "| ~ differs | SiteStructure | `Docs › structure` | `root` |",
    ]);
    expect(markdown).toContain(
      "<details><summary>- Team <code>Reviewers</code> (only in <code>staging</code>)</summary>\n\n- `members`: `rae@docs.test`\n- `title`: `Reviewers`\n",
    );
    expect(markdown).toContain(
      "<details><summary>+ Team <code>Translators</code> (only in <code>changed</code>)</summary>\n\n- `members`: `ada@docs.test`\n- `title`: `Translators`\n",
    );
    expect(markdown).toContain("- `emoji`: `📰` → `🗞`");
    expect(markdown).toContain("- `title`: `Partners` → `Partner hub`");
    expect(markdown).toContain(
      "<details><summary>~ SiteSection <code>Docs › API</code></summary>\n\n- `siteSectionGroupId`: _(the site's top level)_ → `SiteSectionGroup Docs › Reference`\n",
    );
    expect(markdown).toContain("<details><summary>~ SiteStructure <code>Docs › structure</code></summary>\n\n- the site's top level: `SiteSection Docs › API` only in `staging`\n");
    // The renamed site's section is the same object on both sides: not listed as gone and new.
    expect(markdown).not.toContain("Partners › Guides");
    expect(run.stderr).toMatch(/compare: 6 differences, \d+ objects the same/);
    expect(markdown + run.stderr).not.toContain(TOKEN);
  });

  it("reads both tokens from standard input, left then right, and writes the Markdown to --output", async () => {
    const { args } = sides("org-staging", "org-prod");
    const os = await import("node:os");
    const fs = await import("node:fs/promises");
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "compare-"));
    try {
      const output = path.join(dir, "compare.md");
      const run = await compareCli(
        [...args, "--left-token-stdin", "--right-token-stdin", "--left-api-url", emulator.url, "--right-api-url", emulator.url, "--output", output],
        {},
        `${TOKEN}\n${TOKEN}\n`,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("");
      expect(await fs.readFile(output, "utf8")).toContain("No difference:");
      expect(run.stderr).toContain("token from --left-token-stdin");
      expect(run.stderr).toContain("token from --right-token-stdin");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("could not tell with a token the API refuses: says which side's, never the token, and exits 2", async () => {
    const { env, args } = sides("org-staging", "org-prod", "tok-wrong-secret");
    const run = await compareCli(args, env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("pulumi-docs-platform compare: the API refused the token (from DOCS_PLATFORM_RIGHT_TOKEN)");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout + run.stderr).not.toContain("tok-wrong-secret");
  });

  it("could not tell without a side's token: says where it looked, and exits 2 before any request", async () => {
    const run = await compareCli(["--left-org", "org-staging", "--right-org", "org-prod"], {
      DOCS_PLATFORM_LEFT_API_URL: emulator.url,
      DOCS_PLATFORM_LEFT_TOKEN: TOKEN,
      DOCS_PLATFORM_RIGHT_API_URL: emulator.url,
      DOCS_PLATFORM_TOKEN: TOKEN,
    });
    expect(run.code).toBe(2);
    // DOCS_PLATFORM_TOKEN is not a side's: a token goes only to the API it was given for.
    expect(run.stderr).toContain("pulumi-docs-platform compare: no API token: give it with the environment variable DOCS_PLATFORM_RIGHT_TOKEN or --right-token-stdin");
  });

  it("could not tell when the API refuses to list a kind: writes what it compared, names the kind, and exits 2", async () => {
    const { env, args } = sides("org-staging", "org-prod", "tok-docs-eli");
    const run = await compareCli(args, env);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toContain("> **Not compared**, the API refused to list them (403): the comparison cannot tell whether these differ.\n> - org-prod: SamlProvider (");
    expect(run.stdout).toContain("No difference in what was compared:");
    expect(run.stderr).toContain("could not tell: the API refused to list some kinds");
  });

  it("in a rehearsal, refuses an API other than the twin before any request, and exits 2", async () => {
    const { env, args } = sides("org-staging", "org-prod");
    const run = await compareCli(args, { ...env, DOCS_PLATFORM_REHEARSAL: "http://127.0.0.1:9/v1" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("pulumi-docs-platform compare: Refused configuration docs-platform:apiUrl: this is a rehearsal");
    expect(run.stderr).not.toContain(TOKEN);
  });
});
