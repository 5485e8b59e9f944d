/**
 * One program through dev, staging and prod (issue 39, item 4): docs/environments.md's "One
 * program through dev, staging and prod", its shell blocks run word for word, one after the
 * other, against three emulators standing in for three organizations on three APIs, with the same
 * people. Production holds teams, a collection, spaces and a site with a section group and two
 * sections; dev and staging hold nothing but their members.
 *
 * What each block must do: the export writes prod's ids into Pulumi.prod.yaml and none into the
 * program; prod's `up` adopts with 0 write requests; staging's and dev's create everything (and
 * nothing reaches production); `compare` of prod and staging exits 0; the change (a team)
 * previews the same on the three stacks; it is applied to dev, staging and prod in that order;
 * `compare` of prod with dev and with staging exits 0 and says there is no difference.
 *
 * `npm install` in the exported directory is not a block (the page says it in a sentence): the
 * program resolves the package from this repository's node_modules (test/.work is inside it), as
 * every e2e program here does, and `npx pulumi-docs-platform` finds its bin there.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, type Fixture, startEmulator } from "../emulator/index.ts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { stateDirEnvironment, workRoot } from "../pulumi-cli/run-pulumi.ts";
import { apiClient } from "./support/api.ts";
import { bash, sectionSteps } from "./support/markdown-steps.ts";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const minutes = (n: number) => n * 60_000;
const TOKEN = "tok-ada-admin";

const users: Fixture["users"] = [
  { id: "usr-ada", displayName: "Ada", email: "ada@docs.test", token: TOKEN },
  { id: "usr-eli", displayName: "Eli", email: "eli@docs.test", token: "tok-eli" },
  { id: "usr-rae", displayName: "Rae", email: "rae@docs.test", token: "tok-rae" },
];
const members = [
  { user: "usr-ada", role: "admin" as const },
  { user: "usr-eli", role: "edit" as const },
  { user: "usr-rae", role: "read" as const },
];
const organization = (id: string, title: string, withSpaces: boolean): Fixture => ({
  users,
  organizations: [
    {
      id,
      title,
      emailDomains: ["docs.test"],
      members,
      spaces: withSpaces
        ? [
            { id: "spc-guides", title: "Guides", emoji: "📘" },
            { id: "spc-api", title: "API Reference", emoji: "🧩" },
            { id: "spc-changelog", title: "Changelog", emoji: "📰" },
          ]
        : [],
    },
  ],
});

const environments = ["dev", "staging", "prod"] as const;
type Environment = (typeof environments)[number];
const emulators = {} as Record<Environment, Emulator>;
let dir: string;
let env: NodeJS.ProcessEnv;

/** Production, made by hand through the API: what the export finds. */
async function seedProduction(emulator: Emulator): Promise<void> {
  const api = apiClient(emulator.url, TOKEN);
  const org = "org-prod";
  await api.put(`/orgs/${org}/teams`, { title: "Writers", members: ["usr-eli"] });
  await api.put(`/orgs/${org}/teams`, { title: "Reviewers", members: ["usr-ada", "usr-rae"] });
  const product = await api.post<{ id: string }>(`/orgs/${org}/collections`, { title: "Product documentation", description: "Everything customers read." });
  await api.post(`/spaces/spc-changelog/move`, { parent: product.id });
  const site = await api.post<{ id: string }>(`/orgs/${org}/sites`, { title: "Docs", visibility: "public" });
  const base = `/orgs/${org}/sites/${site.id}`;
  await api.post(`${base}/sections`, { spaceId: "spc-guides", title: "Guides" });
  const group = await api.post<{ id: string }>(`${base}/section-groups`, { title: "Reference", icon: "code" });
  const reference = await api.post<{ id: string }>(`${base}/sections`, { spaceId: "spc-api", title: "API" });
  await api.patch(`${base}/sections/${reference.id}`, { siteSectionGroupId: group.id });
}

async function requests(environment: Environment): Promise<{ total: number; writes: Record<string, number> }> {
  const { total, counts } = (await (await fetch(`${emulators[environment].controlUrl}/requests`)).json()) as { total: number; counts: Record<string, number> };
  return { total, writes: Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET "))) };
}

async function resetRequests(): Promise<void> {
  for (const environment of environments) await fetch(`${emulators[environment].controlUrl}/requests`, { method: "DELETE" });
}

const writeCount = (writes: Record<string, number>) => Object.values(writes).reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  emulators.dev = await startEmulator({ db: ":memory:", fixture: organization("org-dev", "Docs (dev)", false) });
  emulators.staging = await startEmulator({ db: ":memory:", fixture: organization("org-staging", "Docs (staging)", false) });
  emulators.prod = await startEmulator({ db: ":memory:", fixture: organization("org-prod", "Docs (production)", true) });
  await seedProduction(emulators.prod);
  dir = path.join(workRoot, `promotion-${process.pid}-${Date.now()}`);
  await fs.mkdir(dir, { recursive: true });
  const installation = await ensurePulumi();
  const base = await stateDirEnvironment(path.join(dir, "state"), { binDir: installation.binDir });
  // No DOCS_PLATFORM_* of the caller's: the page's commands say where each value comes from.
  env = Object.fromEntries(Object.entries(base).filter(([key]) => !key.startsWith("DOCS_PLATFORM_")));
  Object.assign(env, {
    DEV_ORG: "org-dev",
    DEV_API_URL: emulators.dev.url,
    DEV_TOKEN: TOKEN,
    STAGING_ORG: "org-staging",
    STAGING_API_URL: emulators.staging.url,
    STAGING_TOKEN: TOKEN,
    PROD_ORG: "org-prod",
    PROD_API_URL: emulators.prod.url,
    PROD_TOKEN: TOKEN,
  });
}, minutes(3));

afterAll(async () => {
  for (const environment of environments) await emulators[environment]?.close();
});

/** The lines of a block's output worth a transcript: pulumi's counts, compare's and export's verdicts. */
function highlights(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /^Resources:|^\s+[+~-] \d+ created|^\s+\d+ unchanged|No difference|differences|exported from|^compare: \d|^### |^\| [+~-] /.test(line))
    .map((line) => `    ${line.trimEnd()}`);
}

describe("docs/environments.md, one program through dev, staging and prod, word for word", () => {
  it("exports prod, adopts it with 0 writes, creates dev and staging, promotes a change in order, and compare finds no difference", { timeout: minutes(20) }, async () => {
    const page = await fs.readFile(path.join(repositoryRoot, "docs", "environments.md"), "utf8");
    const steps = sectionSteps(page, "One program through dev, staging and prod");
    expect(steps.map((step) => step.kind)).toEqual(Array(8).fill("shell"));
    const transcript: string[] = [];
    let cwd = dir;
    const run = async (index: number) => {
      const text = steps[index].text;
      const result = await bash(text, cwd, env);
      transcript.push(...text.split("\n").map((line) => `$ ${line}`), ...highlights(result.output));
      expect(result.code, `${text}\n${result.output}`).toBe(0);
      // The page moves into the exported directory once; the blocks after it run there.
      const moved = /^cd (\S+)$/m.exec(text)?.[1];
      if (moved) cwd = path.join(cwd, moved);
      return result.output;
    };
    try {
      // 1. The export of production: its ids in prod's stack config, none in the program.
      await resetRequests();
      const exported = await run(0);
      expect(exported).toMatch(/\d+ objects of \d+ kinds exported from org-prod/);
      expect((await requests("prod")).writes).toEqual({});
      const program = await fs.readFile(path.join(cwd, "index.ts"), "utf8");
      const prodConfig = await fs.readFile(path.join(cwd, "Pulumi.prod.yaml"), "utf8");
      expect(prodConfig).toContain("  docs:adopt:\n    Team:\n");
      expect(program).toContain(`adopt: adopted("Team", "writers")`);
      expect(program).not.toMatch(/adopt: \{ id/);
      expect(program).not.toContain("org-prod");

      // 2. prod adopts: not one write request.
      await resetRequests();
      const prodUp = await run(1);
      expect(prodUp).toMatch(/\+ \d+ created/);
      expect((await requests("prod")).writes).toEqual({});

      // 3. staging and dev: created from the same program, nothing sent to production.
      await resetRequests();
      const created = await run(2);
      expect(created.match(/\+ \d+ created/g)).toHaveLength(2);
      expect((await requests("prod")).total).toBe(0);
      for (const environment of ["dev", "staging"] as const) {
        const { writes } = await requests(environment);
        expect(writeCount(writes), environment).toBeGreaterThan(10);
        expect(writes["PUT /v1/orgs/{organizationId}/teams"], environment).toBe(2);
      }
      expect((await fs.readFile(path.join(cwd, "Pulumi.staging.yaml"), "utf8")).includes("docs:adopt")).toBe(false);
      expect(await fs.readFile(path.join(cwd, "index.ts"), "utf8")).toBe(program);

      // 4. prod and staging compared: the same.
      expect(await run(3)).toMatch(/No difference: \d+ objects the same\./);

      // 5 and 6. The change, previewed on the three stacks: one summary per stack, each the new team alone.
      await run(4);
      await resetRequests();
      await run(5);
      for (const environment of environments) expect(writeCount((await requests(environment)).writes), environment).toBe(0);
      const comment = await fs.readFile(path.join(cwd, "comment.md"), "utf8");
      for (const stack of environments) expect(comment).toContain(`<!-- pulumi-docs-platform:pr-summary stack=${stack} -->`);
      const rows = comment.split("\n").filter((line) => /^\| [+~-] /.test(line));
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row).toMatch(/^\| \+ create \| Team \| `support` \|/);

      // 7. Applied in order: one team more in each organization, and nothing else written.
      await resetRequests();
      const applied = await run(6);
      expect(applied.match(/\+ 1 created/g)).toHaveLength(3);
      for (const environment of environments) {
        // The team, then its member (Team.members is applied after the team exists).
        expect((await requests(environment)).writes, environment).toEqual({ "PUT /v1/orgs/{organizationId}/teams": 1, "PUT /v1/orgs/{organizationId}/teams/{teamId}/members": 1 });
        const org = environment === "prod" ? "org-prod" : `org-${environment}`;
        const teams = await apiClient(emulators[environment].url, TOKEN).list<{ title: string }>(`/orgs/${org}/teams`);
        expect(teams.map((team) => team.title).sort()).toEqual(["Reviewers", "Support", "Writers"]);
      }

      // 8. The comparisons: no difference, exit 0 (the block fails otherwise).
      const compared = await run(7);
      expect(compared.match(/No difference: \d+ objects the same\./g)).toHaveLength(2);
    } finally {
      console.log(`promotion, as run from docs/environments.md:\n${transcript.join("\n")}`);
    }
  });
});
