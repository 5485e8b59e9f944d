/**
 * `npx pulumi-docs-platform export` through the real CLI, on the organization the quickstart makes:
 *
 * 1. the quickstart runs against the emulator; the export reads that organization (its token from
 *    the quickstart stack's own config, through `pulumi config`) into a fresh directory;
 * 2. `pulumi up` of the exported program on a new stack adopts every object (their ids in the
 *    stack config's `adopt`, none in the program) with no write request to the API (the emulator's
 *    request counts), then `preview --expect-no-changes` and `refresh --expect-no-changes` pass;
 *    the program type-checks against the package's types;
 * 3. a second export is byte-identical;
 * 3b. with --import-file, `pulumi import --file` records every object from the file, without a
 *    single request to the API (the engine takes each state as given and calls no read), and the
 *    program (the same index.ts, its stack config without `adopt`) then previews, refreshes and
 *    ups with no change;
 * 4. the same exported program, `up` as a second stack with the second demo organization's config
 *    (its organization, its people, no `adopt`), makes an organization equal to the first one
 *    object by object (read through the API), team roles included (a team with an owner is
 *    declared with TeamMembers), except ids and what the stack config says differs (the
 *    organization's name and domains, its people); `--no-adopt` writes that same index.ts.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, createStack, workRoot } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { renderSummary } from "../../provider/cli/pr-summary/render.ts";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown; dump(value: unknown): string };
const minutes = (n: number) => n * 60_000;
const bin = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the package's bin with exactly `env` on top of a clean environment (no DOCS_PLATFORM_* of the caller's). */
function exportCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("DOCS_PLATFORM_") && !key.startsWith("VITEST")) env[key] = value;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "export", ...args], { cwd: options.cwd, env: { ...env, ...options.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

async function readDir(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await fs.readdir(dir)).sort()) files[name] = await fs.readFile(path.join(dir, name), "utf8");
  return files;
}

/** Runs the export's secrets.sh for a stack (its arguments go to `pulumi config set`). */
async function setSecrets(dir: string, stack: TestStack): Promise<void> {
  await promisify(execFile)("sh", ["secrets.sh", "--stack", stack.name, "--config-file", stack.configFile], { cwd: dir, env: stack.env });
}

/** The API's request counts of everything but reads. */
async function writeRequests(emulator: Emulator): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

const byJson = <T>(items: T[]): T[] => items.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/**
 * One organization as the API shows it, with ids replaced by what they name (a title, a path) and
 * people by their key in the stack config's `members`: what a copy must reproduce.
 */
async function snapshot(api: Api, org: string, personOf: (email: string) => string) {
  const organization = await api.get(`/orgs/${org}`);
  const teams: any[] = await api.list(`/orgs/${org}/teams`);
  const teamTitle = new Map(teams.map((team) => [team.id, team.title]));
  const collections: any[] = await api.list(`/orgs/${org}/collections`, { nested: "true" });
  const collectionTitle = new Map(collections.map((collection) => [collection.id, collection.title]));
  const spaces: any[] = await api.list(`/orgs/${org}/spaces`);
  const spaceTitle = new Map(spaces.map((space) => [space.id, space.title]));
  const sites: any[] = await api.list(`/orgs/${org}/sites`);
  const siteTitle = new Map(sites.map((site) => [site.id, site.title]));
  const emailOf = new Map((await api.list<any>(`/orgs/${org}/members`)).map((member) => [member.id, member.user.email]));
  const rules = (mergeRules: any) =>
    mergeRules?.type === "rules"
      ? { ...mergeRules, rules: mergeRules.rules.map((rule: any) => ({ ...rule, users: rule.users?.map((id: string) => personOf(emailOf.get(id))) })) }
      : mergeRules;

  const node = (item: any): unknown => ({
    object: item.object,
    title: item.title,
    path: item.path,
    icon: item.icon,
    description: item.description,
    condition: item.condition,
    default: item.default,
    space: item.space ? spaceTitle.get(item.space.id) : undefined,
    children: item.children?.map(node),
    siteSpaces: item.siteSpaces?.map(node),
  });
  const members: any[] = await api.list(`/orgs/${org}/members`);
  const translations: any[] = await api.list(`/orgs/${org}/translations`);
  return {
    settings: {
      defaultRole: organization.defaultRole,
      sso: organization.sso,
      ai: organization.ai,
      inviteLinks: organization.inviteLinks,
      mergeRules: rules(organization.mergeRules),
      defaultContent: organization.defaultContent && siteTitle.get(organization.defaultContent.site),
    },
    memberRoles: Object.fromEntries(members.map((member) => [personOf(member.user.email), member.role]).sort(([a], [b]) => (a < b ? -1 : 1))),
    teams: byJson(
      await Promise.all(
        teams.map(async (team) => ({
          title: team.title,
          members: (await api.list<any>(`/orgs/${org}/teams/${team.id}/members`)).map((item) => personOf(item.organization.user.email)).sort(),
          roles: Object.fromEntries((await api.list<any>(`/orgs/${org}/teams/${team.id}/members`)).map((item) => [personOf(item.organization.user.email), item.team.role])),
        })),
      ),
    ),
    saml: byJson(
      (await api.list<any>(`/orgs/${org}/saml`)).map((saml) => ({
        label: saml.label,
        entityID: saml.entityID,
        ssoURL: saml.ssoURL,
        certificate: saml.certificate,
        defaultRole: saml.defaultRole,
        defaultTeam: teamTitle.get(saml.defaultTeam?.id),
      })),
    ),
    collections: byJson(
      collections.map((item) => ({ title: item.title, description: item.description, defaultLevel: item.defaultLevel, parent: collectionTitle.get(item.parent) })),
    ),
    spaces: byJson(
      spaces.map((space) => ({
        title: space.title,
        emoji: space.emoji,
        editMode: space.editMode,
        language: space.language,
        defaultLevel: space.defaultLevel,
        mergeRules: rules(space.mergeRules),
        parent: collectionTitle.get(space.parent),
      })),
    ),
    sites: byJson(
      await Promise.all(
        sites.map(async (site) => {
          const base = `/orgs/${org}/sites/${site.id}`;
          const siteSpaces: any[] = await api.list(`${base}/site-spaces`);
          const sections: any[] = await api.list(`${base}/sections`);
          const sectionPath = new Map(sections.map((section) => [section.id, section.path]));
          return {
            title: site.title,
            type: site.type,
            visibility: site.visibility,
            published: site.published,
            basename: site.basename,
            adaptiveContent: site.adaptiveContent,
            agentsContext: site.agentsContext,
            structure: ((await api.get(`${base}/structure`)).structure as any[]).map(node),
            customization: await api.get(`${base}/customization`),
            siteSpaceCustomizations: byJson(
              await Promise.all(
                siteSpaces.map(async (item) => ({
                  at: `${sectionPath.get(item.section) ?? ""}/${item.path}`,
                  customization: await api.get(`${base}/site-spaces/${item.id}/customization`),
                })),
              ),
            ),
            adaptiveSchema: await api.status(`${base}/adaptive-schema`),
          };
        }),
      ),
    ),
    translations: byJson(
      translations.map((translation) => ({
        language: translation.language,
        source: { space: spaceTitle.get(translation.source?.space), language: translation.source?.language },
        instructions: translation.instructions,
      })),
    ),
    agentInstructions: (await api.get(`/orgs/${org}/agent-instructions`)).instructions,
    openApiSpecs: byJson((await api.list<any>(`/orgs/${org}/openapi`)).map((spec) => ({ slug: spec.slug, sourceURL: spec.sourceURL, visibility: spec.visibility }))),
    organizationSpecific: { title: organization.title, emailDomains: organization.emailDomains, hostname: organization.hostname },
  };
}

/**
 * What the quickstart does not declare, made through the API so the export meets every kind: a
 * nested section group (and so a group's order), a visitor schema, a site space's customization
 * override, a header link to the OpenAPI spec, a space's merge rules naming a member by id, a
 * member's role no program set, and a translation with neither instructions nor source language.
 */
async function beyondTheQuickstart(api: Api, org: string): Promise<void> {
  const [site] = await api.list(`/orgs/${org}/sites`);
  const base = `/orgs/${org}/sites/${site.id}`;
  const [apis] = await api.list(`${base}/section-groups`);
  await api.post(`${base}/section-groups`, { title: "Legacy APIs", icon: "archive", parent: apis.id });
  await api.put(`${base}/adaptive-schema`, {
    jsonSchema: {
      type: "object",
      properties: {
        unsigned: { type: "object", properties: { beta: { type: "boolean" } }, additionalProperties: false },
        isStaff: { type: "boolean", description: "Signed-in staff" },
      },
      additionalProperties: false,
    },
  });
  const changelog = (await api.list(`${base}/site-spaces`)).find((item: { path: string }) => item.path === "changelog");
  await api.patch(`${base}/site-spaces/${changelog.id}/customization`, { title: "What's new", styling: { primaryColor: { light: "#B42318", dark: "#F97066" } } });
  const customization = await api.get(`${base}/customization`);
  await api.put(`${base}/customization`, { ...customization, header: { links: [{ title: "REST API", to: { kind: "openapi", spec: "petstore" } }] } });
  const space = (await api.list(`/orgs/${org}/spaces`)).find((item: { title: string }) => item.title === "API reference");
  await api.patch(`/spaces/${space.id}`, { mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] } });
  await api.patch(`/orgs/${org}/members/usr-acme-editor`, { role: "review" });
  const releaseNotes = (await api.list(`/orgs/${org}/spaces`)).find((item: { title: string }) => item.title === "Release notes");
  await api.post(`/orgs/${org}/translations`, { language: "de", source: { space: releaseNotes.id, language: "en" } });
}

describe("export of the quickstart's organization through the real CLI", () => {
  let emulator: Emulator;
  let quickstart: TestStack;
  const stacks: TestStack[] = [];
  const base = path.join(workRoot, "export", `${process.pid}-${Date.now()}`);
  const adoptDir = path.join(base, "adopt");
  let acme: { id: string; token: string };
  let globex: { id: string; token: string };
  /** The index.ts the first export wrote: every route and every stack uses it, byte for byte. */
  let exportedProgram: string;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const [first, second] = emulator.fixture.organizations;
    acme = { id: first.id, token: first.admin.token };
    globex = { id: second.id, token: second.admin.token };
    quickstart = await createStack({
      programDir: repositoryRoot,
      stackName: "quickstart",
      config: { "docs-platform:token": { value: acme.token, secret: true } },
      env: { DOCS_PLATFORM_API_URL: emulator.url },
    });
    stacks.push(quickstart);
    await quickstart.up();
    await beyondTheQuickstart(apiClient(emulator.url, acme.token), acme.id);
  }, minutes(4));

  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => undefined);
    await emulator?.close();
    await fs.rm(base, { recursive: true, force: true });
  });

  it(
    "exports every object; the adopting up sends no write request; preview and refresh find nothing to change; a second export is byte-identical",
    { timeout: minutes(6) },
    async () => {
      // The token from the quickstart stack's own config (a secret, read with `pulumi config`), the
      // API URL from the environment, the organization from the token (its only one).
      const exported = await exportCli(["--config-stack", quickstart.name, "--out", adoptDir], {
        cwd: path.dirname(quickstart.configFile),
        env: { ...quickstart.env, DOCS_PLATFORM_API_URL: emulator.url },
      });
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stderr).toContain(`token from \`pulumi config\` of stack ${quickstart.name}`);
      const objects = Number(/(\d+) objects of \d+ kinds exported from org-acme/.exec(exported.stderr)?.[1]);
      // The quickstart's 23 resources (its TeamMember too: the team it fills has an owner), the
      // organization's two other members' roles, the demo organization's three fixture spaces, and
      // what beyondTheQuickstart made: a section group, a visitor schema, a site space's
      // customization, a translation.
      expect(objects).toBe(32);
      for (const kind of [
        "OrganizationSettings: 1 object",
        "OrganizationMember: 3 objects",
        "Team: 3 objects",
        "TeamMember: 1 object",
        "SamlProvider: 1 object",
        "Collection: 2 objects",
        "Space: 6 objects",
        "Translation: 2 objects",
        "AgentInstructions: 1 object",
        "Site: 1 object",
        "SiteSectionGroup: 2 objects",
        "SiteSection: 2 objects",
        "SiteSpace: 2 objects",
        "SiteStructure: 1 object",
        "SiteCustomization: 1 object",
        "SiteSpaceCustomization: 1 object",
        "SiteAdaptiveSchema: 1 object",
        "OpenApiSpec: 1 object",
      ]) {
        expect(exported.stderr).toContain(kind);
      }
      expect(exported.stderr).toContain(`32 objects of ${KINDS.length} kinds exported from org-acme`);
      expect(exported.stderr).not.toContain("warning:");
      console.log(
        `export: ${objects} objects in ${exported.ms} ms (the whole command; ${/exported from org-acme in ([\d.]+ s)/.exec(exported.stderr)?.[1]} by its own clock, credentials included)`,
      );

      const files = await readDir(adoptDir);
      expect(Object.keys(files)).toEqual(["Pulumi.org-acme.yaml", "Pulumi.yaml", "index.ts", "package.json", "secrets.sh"]);
      const program = files["index.ts"];
      exportedProgram = program;
      // References, not literals: every id of the organization is in the stack config's `adopt`
      // (type, resource name, id), none in the program, which reads them with `adopted(type, name)`.
      const stackFile = yaml.load(files["Pulumi.org-acme.yaml"]) as { config: Record<string, unknown> };
      const projectName = (yaml.load(files["Pulumi.yaml"]) as { name: string }).name;
      const adoptConfig = stackFile.config[`${projectName}:adopt`] as Record<string, Record<string, string>>;
      const ids = Object.values(adoptConfig).flatMap((byName) => Object.values(byName));
      for (const [type, byName] of Object.entries(adoptConfig))
        for (const name of Object.keys(byName)) expect(program).toContain(`adopt: adopted(${JSON.stringify(type)}, ${JSON.stringify(name)}),`);
      expect(program.match(/adopt: adopted\(/g)).toHaveLength(ids.length);
      expect(program).not.toMatch(/adopt: \{/);
      // Every object but those of the kinds that always take over (OrganizationSettings,
      // OrganizationMember, AgentInstructions, SiteStructure, SiteCustomization,
      // SiteSpaceCustomization, SiteAdaptiveSchema).
      expect(ids).toHaveLength(23);
      // (An OpenAPI spec's id is its slug, which the program declares too.)
      for (const id of ids.filter((id) => id !== "petstore")) expect(program).not.toContain(id);
      expect(program).not.toContain("org-acme");
      expect(program).toContain("defaultTeam: reviewers.id");
      expect(program).toContain("parent: productDocumentation.id");
      expect(program).toContain("members: [members.ada, members.rae]");
      // The team the quickstart filled with a TeamMember, its owner: declared the same way, the
      // Team without `members` and the owner's TeamMember (the other teams' people are all members).
      expect(program).toContain(`new docs.Team("translators", {\n  title: "Translators",\n  adopt: adopted("Team", "translators"),\n});`);
      const translators = adoptConfig.Team.translators;
      expect(translators).toMatch(/^[a-z0-9]{20}$/);
      expect(program).toContain(
        `new docs.TeamMember("translators-eli", {\n  teamId: translators.id,\n  email: members.eli,\n  role: "owner",\n  adopt: adopted("TeamMember", "translators-eli"),\n});`,
      );
      expect(adoptConfig.TeamMember).toEqual({ "translators-eli": `${translators}/usr-acme-editor` });
      expect(program.match(/new docs\.TeamMember\(/g)).toHaveLength(1);
      expect(program.match(/members: \[/g)).toHaveLength(2);
      expect(program).toContain(`new docs.OrganizationMember("rae", {\n  email: members.rae,\n  role: "comment",\n});`);
      expect(program).toContain(`new docs.OrganizationMember("eli", {\n  email: members.eli,\n  role: "review",\n});`);
      expect(program).not.toContain("removeOnDestroy");
      expect(program).toMatch(
        /new docs\.Translation\("getting-started-fr", \{\n {2}language: "fr",\n {2}source: \{ space: gettingStarted\.id, language: "en" \},\n {2}instructions: \{/,
      );
      expect(program).toContain(
        `new docs.Translation("release-notes-de", {\n  language: "de",\n  source: { space: releaseNotes.id, language: "en" },\n  adopt: adopted("Translation", "release-notes-de"),\n});`,
      );
      expect(program).not.toContain("runTrigger");
      expect(program).toContain(`new docs.AgentInstructions("agent-instructions", {\n  instructions: {`);
      expect(program).not.toContain("clearOnDestroy");
      expect(program).toContain("parentSectionGroupId: apis.id");
      expect(program).toContain(`to: { kind: "openapi", spec: petstore.slug }`);
      expect(program).toContain(`{ rule: "require_specific_reviewers", users: [memberIds.ada] }`);
      expect(program).toMatch(/siteSpaceId: changelog\.id,\n {2}title: "What's new",/);
      // The SAML certificate is a secret: read from config, never written in the program or the stack file.
      expect(program).toContain(`certificate: config.requireSecret("oktaCertificate")`);
      expect(program + files["Pulumi.org-acme.yaml"]).not.toContain("MIIDpDCC");
      for (const text of [exported.stdout, exported.stderr, ...Object.values(files)]) expect(text).not.toContain(acme.token);

      // It type-checks against the package's types.
      const tsc = await promisify(execFile)(
        process.execPath,
        [
          path.join(repositoryRoot, "node_modules/typescript/bin/tsc"),
          "--noEmit",
          "--strict",
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--target",
          "es2023",
          "--skipLibCheck",
          "--types",
          "node",
          path.join(adoptDir, "index.ts"),
        ],
        { cwd: repositoryRoot },
      ).catch((error: { stdout: string; stderr: string }) => error);
      expect("stderr" in tsc ? tsc.stdout + tsc.stderr : "").toBe("");

      const stack = await createStack({ programDir: adoptDir, stackName: "org-acme", env: { DOCS_PLATFORM_TOKEN: acme.token } });
      stacks.push(stack);
      await setSecrets(adoptDir, stack);
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      const up = await stack.up();
      expect(up.stdout).toMatch(new RegExp(`\\+ ${objects + 1} created`)); // and the stack
      expect(await writeRequests(emulator)).toEqual({});
      console.log(`adopting up: ${objects} objects, 0 write requests, ${up.durationMs} ms`);

      assertSucceeded(await stack.run(["preview", "--expect-no-changes"]));
      assertSucceeded(await stack.run(["refresh", "--expect-no-changes", "--yes", "--skip-preview"]));
      expect(await writeRequests(emulator)).toEqual({});

      const again = path.join(base, "again");
      const second = await exportCli(["--org", acme.id, "--out", again], { cwd: base, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: acme.token } });
      expect(second.code, second.stderr).toBe(0);
      expect(await readDir(again)).toEqual(files);

      // `adopt` is never an update (issue 39, item 2): the stack's adopted ids removed from its
      // config, beside one real change: the preview, its diff and the pull-request summary show the
      // change alone.
      assertSucceeded(await stack.run(["config", "rm", `${projectName}:adopt`]));
      await fs.writeFile(path.join(adoptDir, "index.ts"), program.replace(`title: "Translators",`, `title: "Translators team",`));
      const preview = assertSucceeded(await stack.run(["preview", "--diff", "--json"]));
      const json = JSON.parse(preview.stdout) as { steps: { op: string; urn: string }[] };
      const changed = json.steps.filter((step) => step.op !== "same");
      expect(changed.map((step) => [step.op, step.urn.split("::").pop()])).toEqual([["update", "translators"]]);
      const summary = renderSummary(readPreview(json), { stack: "org-acme" });
      expect(summary).toContain("| ~ update | Team | `translators` | `title` |");
      expect(summary).toContain("- `title`: `Translators` → `Translators team`");
      expect(summary).not.toContain("adopt");
      const text = assertSucceeded(await stack.run(["preview", "--diff"])).stdout;
      // The update's unchanged inputs are listed as context (`adopt : {...}`), never as a change.
      expect(text).not.toMatch(/[-+~] adopt/);
      expect(text).toMatch(/~ title\s*: "Translators" => "Translators team"/);
      expect(await writeRequests(emulator)).toEqual({});
      // The program as exported again, for the stack of the other organization below.
      await fs.writeFile(path.join(adoptDir, "index.ts"), program);
    },
  );

  it("with --import-file, `pulumi import --file` records every object without a request to the API; the program then changes nothing", { timeout: minutes(6) }, async () => {
    const importDir = path.join(base, "import");
    const importFile = path.join(base, "import.json");
    const exported = await exportCli(["--org", acme.id, "--out", importDir, "--import-file", importFile], {
      cwd: base,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: acme.token },
    });
    expect(exported.code, exported.stderr).toBe(0);
    // The same program: the import file, not the stack config, names the organization's objects.
    expect(await fs.readFile(path.join(importDir, "index.ts"), "utf8")).toBe(exportedProgram);
    expect(await fs.readFile(path.join(importDir, "Pulumi.org-acme.yaml"), "utf8")).not.toContain(":adopt:");
    const entries = (JSON.parse(await fs.readFile(importFile, "utf8")) as { resources: { type: string; outputs: Record<string, unknown> }[] }).resources;
    expect(entries).toHaveLength(32);
    // Secrets are marked secret, so the state keeps them encrypted.
    expect(entries.find((entry) => entry.type.endsWith(":SamlProvider"))!.outputs.certificate).toMatchObject({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    });

    const stack = await createStack({ programDir: importDir, stackName: "org-acme", env: { DOCS_PLATFORM_TOKEN: acme.token } });
    stacks.push(stack);
    await setSecrets(importDir, stack);
    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const imported = assertSucceeded(await stack.run(["import", "--file", importFile, "--yes", "--skip-preview", "--generate-code=false", "--protect=false"]));
    expect(imported.stdout).toContain("= 32 imported");
    // Not a single request: the engine took every state from the file and called no read.
    expect(((await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { total: number }).total).toBe(0);

    assertSucceeded(await stack.run(["preview", "--expect-no-changes"]));
    assertSucceeded(await stack.run(["refresh", "--expect-no-changes", "--yes", "--skip-preview"]));
    expect((await stack.up()).stdout).toMatch(/33 unchanged/);
    expect(await writeRequests(emulator)).toEqual({});
    expect((await stack.exportState()).text).not.toContain("MIIDpDCC");
  });

  it(
    "the same program reproduces the organization in org-globex, a second stack with its config: equal object by object but ids and what the stack config says",
    { timeout: minutes(6) },
    async () => {
      // The program the adopting stack runs, as exported; a stack of another organization has its own config.
      const copyDir = adoptDir;
      expect(await fs.readFile(path.join(copyDir, "index.ts"), "utf8")).toBe(exportedProgram);
      // `--no-adopt` writes that same program, with a stack config that adopts nothing.
      const noAdoptDir = path.join(base, "no-adopt");
      const noAdopt = await exportCli(["--org", acme.id, "--no-adopt", "--out", noAdoptDir], {
        cwd: base,
        env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: acme.token },
      });
      expect(noAdopt.code, noAdopt.stderr).toBe(0);
      expect(await fs.readFile(path.join(noAdoptDir, "index.ts"), "utf8")).toBe(exportedProgram);
      expect(await fs.readFile(path.join(noAdoptDir, "Pulumi.org-acme.yaml"), "utf8")).not.toContain(":adopt:");

      // An empty organization: globex's fixture spaces go (the export declares acme's, same titles).
      const acmeApi = apiClient(emulator.url, acme.token);
      const globexApi = apiClient(emulator.url, globex.token);
      for (const space of await globexApi.list(`/orgs/${globex.id}/spaces`)) await globexApi.delete(`/spaces/${space.id}`);

      // The stack config of the copy: the exported one with what belongs to the other organization.
      const exportedConfig = yaml.load(await fs.readFile(path.join(copyDir, "Pulumi.org-acme.yaml"), "utf8")) as { config: Record<string, unknown> };
      const project = (yaml.load(await fs.readFile(path.join(copyDir, "Pulumi.yaml"), "utf8")) as { name: string }).name;
      const acmeMembers = exportedConfig.config[`${project}:members`] as Record<string, string>;
      expect(acmeMembers).toEqual({ ada: "ada@acme.test", eli: "eli@acme.test", rae: "rae@acme.test" });
      const globexMembers = { ada: "gus@globex.test", eli: "gia@globex.test", rae: "gil@globex.test" };
      // What binds the program to acme, replaced: its organization, its people, its adopted ids (none here).
      const { [`${project}:adopt`]: acmeIds, ...shared } = exportedConfig.config;
      expect(Object.keys(acmeIds as object)).toContain("Team");
      const config = {
        ...shared,
        "docs-platform:organizationId": globex.id,
        [`${project}:organization`]: { title: "Globex Documentation", emailDomains: ["globex.test"] },
        [`${project}:members`]: globexMembers,
        [`${project}:memberIds`]: { ada: "usr-globex-admin" },
      };
      expect(exportedConfig.config[`${project}:memberIds`]).toEqual({ ada: "usr-acme-admin" });
      await fs.writeFile(path.join(copyDir, "Pulumi.globex.yaml"), yaml.dump({ config }));
      const stack = await createStack({ programDir: copyDir, stackName: "globex", env: { DOCS_PLATFORM_TOKEN: globex.token } });
      stacks.push(stack);
      await setSecrets(copyDir, stack);
      await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
      const up = await stack.up();
      expect(up.stdout).toMatch(/\+ 33 created/);
      console.log(
        `the same program as stack globex: ${/\+ \d+ created/.exec(up.stdout)?.[0]}, ${Object.values(await writeRequests(emulator)).reduce((a, b) => a + b, 0)} write requests`,
      );

      const person = (members: Record<string, string>) => (email: string) => Object.entries(members).find(([, value]) => value === email)?.[0] ?? `unknown ${email}`;
      const original = await snapshot(acmeApi, acme.id, person(acmeMembers));
      const copy = await snapshot(globexApi, globex.id, person(globexMembers));
      expect(copy.organizationSpecific).toEqual({ title: "Globex Documentation", emailDomains: ["globex.test"], hostname: undefined });
      // Team roles included: the copy's Translators has eli's counterpart as its owner.
      expect({ ...copy, organizationSpecific: undefined }).toEqual({ ...original, organizationSpecific: undefined });
      expect(copy.teams.map((team) => team.roles)).toEqual(original.teams.map((team) => team.roles));
      // What the comparison covers, so an empty snapshot cannot pass.
      expect(original.teams).toEqual([
        { title: "Reviewers", members: ["ada", "rae"], roles: { ada: "member", rae: "member" } },
        { title: "Translators", members: ["eli"], roles: { eli: "owner" } },
        { title: "Writers", members: ["eli"], roles: { eli: "member" } },
      ]);
      expect(original.memberRoles).toEqual({ ada: "admin", eli: "review", rae: "comment" });
      expect(original.translations).toEqual([
        // No instructions were set: the API answers the empty document (DESIGN.md 8).
        { language: "de", source: { space: "Release notes", language: "en" }, instructions: expect.objectContaining({ object: "document", nodes: [] }) },
        { language: "fr", source: { space: "Getting started", language: "en" }, instructions: expect.objectContaining({ object: "document" }) },
      ]);
      expect(original.translations[1].instructions.nodes).toHaveLength(2);
      expect(original.agentInstructions.nodes).toHaveLength(2);
      expect(original.sites[0].structure).toHaveLength(2);
      expect(original.sites[0].adaptiveSchema).toBe(200);
      expect(original.spaces.find((space) => space.title === "API reference")!.mergeRules.rules[0].users).toEqual(["ada"]);
      expect(original.sites[0].siteSpaceCustomizations.find((item) => item.at === "guides/changelog")!.customization.title).toBe("What's new");
      expect(original.spaces).toHaveLength(6);
      expect(original.saml).toHaveLength(1);

      assertSucceeded(await stack.run(["preview", "--expect-no-changes"]));
    },
  );

  it(
    "writes a package.json that installs: --package-spec names the packed tarball, npm installs it outside the repository, and the program adopts with no write",
    { timeout: minutes(6) },
    async () => {
      const outside = await fs.mkdtemp(path.join(os.tmpdir(), "docs-platform-export-"));
      try {
        // Scripts off: the pack only reads the checkout (no build), so this file runs beside the others.
        const pack = await promisify(execFile)("npm", ["pack", "--workspace", "provider", "--ignore-scripts", "--pack-destination", outside, "--json"], { cwd: repositoryRoot });
        const tarball = path.join(outside, (JSON.parse(pack.stdout) as { filename: string }[])[0].filename);
        const programDir = path.join(outside, "program");
        const exported = await exportCli(["--org", acme.id, "--only", "Team", "--package-spec", tarball, "--out", programDir], {
          cwd: outside,
          env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: acme.token },
        });
        expect(exported.code, exported.stderr).toBe(0);
        const manifest = JSON.parse(await fs.readFile(path.join(programDir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
        expect(manifest.dependencies["pulumi-docs-platform"]).toBe(tarball);
        const install = await promisify(execFile)("npm", ["install", "--no-audit", "--no-fund"], { cwd: programDir });
        expect(install.stdout).toContain("added");
        const installed = JSON.parse(await fs.readFile(path.join(programDir, "node_modules", "pulumi-docs-platform", "package.json"), "utf8")) as { version: string };
        expect(installed.version).toBe("0.1.0");

        const stack = await createStack({ programDir, stackName: "org-acme", env: { DOCS_PLATFORM_TOKEN: acme.token } });
        stacks.push(stack);
        await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
        const up = await stack.up();
        expect(up.stdout).toMatch(/\+ \d+ created/);
        expect(await writeRequests(emulator)).toEqual({});
        assertSucceeded(await stack.run(["preview", "--expect-no-changes"]));
      } finally {
        await fs.rm(outside, { recursive: true, force: true });
      }
    },
  );
});
