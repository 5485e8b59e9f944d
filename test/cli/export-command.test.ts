/**
 * `pulumi-docs-platform export` as a command, against the in-process emulator: where the API URL,
 * token and organization come from (flags, then environment, then the stack config of the current
 * directory), and its errors: no token, an unknown organization, a kind the token may not list
 * (403: the rest is exported and the skipped kind named). The token is printed nowhere.
 */
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError, exportCommand } from "../../provider/cli/export/command.ts";
import { resolveCredentials, parseConfigJson, parseStackFile } from "../../provider/cli/export/credentials.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import { KNOWN_KINDS } from "../../provider/cli/pr-summary/kinds.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";
const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(repositoryRoot, "provider", "bin", "pulumi-docs-platform.js");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The bin with `env` on a clean environment (no DOCS_PLATFORM_*, no pulumi on PATH unless given). */
function exportCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string }): Promise<Run> {
  // PATH holds Node.js alone: no `pulumi` there, whatever the machine has installed.
  const env: NodeJS.ProcessEnv = { PATH: path.dirname(process.execPath), HOME: process.env.HOME, ...options.env };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "export", ...args], { cwd: options.cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}

let emulator: Emulator;
let dir: string;
let admin: string;
let editor: string;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  const acme = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  admin = acme.tokens.admin!;
  editor = acme.tokens.edit!;
  const api = apiClient(emulator.url, admin);
  const team = await api.put("/orgs/org-acme/teams", { title: "Writers", members: ["usr-acme-editor"] });
  await api.post("/orgs/org-acme/saml", { label: "Okta", certificate: "MIIC-secret-certificate", defaultTeam: team.id, defaultRole: "read" });
  const site = await api.post("/orgs/org-acme/sites", { title: "Docs", visibility: "unlisted" });
  await api.post(`/orgs/org-acme/sites/${site.id}/sections`, { spaceId: "spc-acme-guides", title: "Guides" });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "export-command-"));
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const everywhere = (run: Run, files: Record<string, string> = {}) => [run.stdout, run.stderr, ...Object.values(files)].join("\n");

describe("the command", () => {
  it("without a token says where it looked and how to give one, and exits 1", async () => {
    const run = await exportCli(["--org", "org-acme"], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^pulumi-docs-platform export: no API token: give it with the environment variable DOCS_PLATFORM_TOKEN or --token-stdin/);
    expect(run.stderr).toContain("there is no Pulumi project in the current directory");
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace for an expected error
  });

  it("for an unknown organization says so, and exits 1", async () => {
    const run = await exportCli(["--org", "org-nope"], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`unknown organization org-nope: the API at ${emulator.url} has no organization with this id`);
    expect(everywhere(run)).not.toContain(admin);
  });

  it("with a token the API refuses says which source it came from, never the token", async () => {
    const run = await exportCli(["--org", "org-acme"], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: "tok-wrong-secret" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the API refused the token (from DOCS_PLATFORM_TOKEN)");
    expect(everywhere(run)).not.toContain("tok-wrong-secret");
  });

  it("exports the rest when the API refuses to list one kind (403), names it with the reason, and exits 2", async () => {
    const out = path.join(dir, "editor");
    const run = await exportCli(["--out", out], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: editor, DOCS_PLATFORM_ORGANIZATION_ID: "org-acme" } });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("SamlProvider: skipped, the API refused to list it (403): ");
    expect(run.stderr).toMatch(/not exported, the API refused to list them \(403\): SamlProvider \(.*needs the role 'admin'.*\); the rest was written/);
    const program = await fs.readFile(path.join(out, "index.ts"), "utf8");
    expect(program).toContain(" * Not exported (the API refused to list them):\n * - SamlProvider: ");
    expect(program).not.toContain("new docs.SamlProvider");
    expect(program).toContain(`new docs.Team("writers", {`);
    expect(program).toContain(`new docs.SiteSection("guides", {`);
    expect(everywhere(run, { program })).not.toContain(editor);
  });

  it("with --import-file, an object its kind's check refuses is a warning naming it; the rest is written, exit 0", async () => {
    // The emulator keeps extra members in a document's block, which the provider's check refuses
    // (a known difference of the two readings): the agent instructions fail their kind's check.
    const api = apiClient(emulator.url, admin);
    const extra = { object: "document", data: { schemaVersion: 1 }, nodes: [{ object: "block", type: "paragraph", nodes: [], surprise: true }] };
    await api.put("/orgs/org-acme/agent-instructions", { instructions: extra });
    try {
      const out = path.join(dir, "import-file");
      const file = path.join(dir, "import.json");
      const run = await exportCli(["--org", "org-acme", "--out", out, "--import-file", file], {
        cwd: dir,
        env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/warning: AgentInstructions "[\w-]+" is left out of the import file: its inputs fail the provider's check \(instructions\.nodes\.0\.surprise: /);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      const entries = (JSON.parse(await fs.readFile(file, "utf8")) as { resources: { type: string; id: string }[] }).resources;
      expect(entries.some((entry) => entry.type.endsWith(":AgentInstructions"))).toBe(false);
      expect(entries.some((entry) => entry.type.endsWith(":Team"))).toBe(true);
    } finally {
      await api.put("/orgs/org-acme/agent-instructions", { instructions: { object: "document", data: { schemaVersion: 1 }, nodes: [] } });
    }
  });

  it("with --import-file and --door plugin, writes the import file alone (the plugin's types and import ids) and says how to import it", async () => {
    const file = path.join(dir, "plugin-import.json");
    const run = await exportCli(["--org", "org-acme", "--import-file", file, "--door", "plugin"], {
      cwd: dir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const entries = (JSON.parse(await fs.readFile(file, "utf8")) as { resources: { type: string; name: string; id: string }[] }).resources;
    expect(entries.find((entry) => entry.type === "docs-platform:index:Team")).toMatchObject({ name: "writers" });
    expect(entries.find((entry) => entry.type === "docs-platform:index:SiteSection")?.id).toMatch(/^[^/]+\/[^/]+$/);
    expect(entries.every((entry) => entry.type.startsWith("docs-platform:index:"))).toBe(true);
    expect(run.stderr).toContain(`wrote the import file ${file} for the provider plugin`);
    expect(run.stderr).toContain(`docs-platform:organizationId org-acme`);
    expect(run.stderr).toContain(`\`pulumi import --file ${file} --out <program file> --protect=false\``);
    // The plugin reads each object itself: no state, so no secret, in the file.
    expect(everywhere(run, { file: await fs.readFile(file, "utf8") })).not.toContain("MIIC-secret-certificate");
    expect(everywhere(run)).not.toContain(admin);
  });

  it("refuses --door plugin without --import-file, with the program's flags, and an unknown door, before reading anything", async () => {
    // In process: each is refused before credentials are looked for, so no request and no file.
    await expect(exportCommand(["--door", "plugin"])).rejects.toThrow("--door plugin is for the import file: give --import-file <file> too");
    await expect(exportCommand(["--door", "plugin", "--import-file", "x.json", "--out", "program", "--no-adopt"])).rejects.toThrow(
      "--door plugin writes the import file alone, no TypeScript program: it does not take --out, --no-adopt",
    );
    await expect(exportCommand(["--door", "yaml", "--import-file", "x.json"])).rejects.toThrow(`--door: "yaml" is not a door; give dynamic or plugin`);
    await expect(exportCommand(["--snapshot", "s.json", "--door", "plugin"])).rejects.toThrow("it does not take --door");
    await expect(exportCommand(["--door", "plugin"])).rejects.toBeInstanceOf(UsageError);
    await expect(fs.stat(path.join(process.cwd(), "x.json"))).rejects.toThrow();
  });

  it("reads the token from stdin with --token-stdin and writes the program to stdout without --out", async () => {
    const run = await exportCli(["--org", "org-acme", "--token-stdin", "--api-url", emulator.url, "--only", "team,SamlProvider"], { cwd: dir, stdin: `${admin}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\/\*\*\n \* A documentation platform organization as code/);
    expect(run.stdout).toContain(`const writers = new docs.Team("writers", {`);
    expect(run.stdout).toContain(`defaultTeam: writers.id,`);
    expect(run.stdout).not.toContain("new docs.Site(");
    expect(run.stderr).toContain("token from --token-stdin");
    expect(run.stderr).toContain("acme-docs-staging:members:\n    eli: eli@acme.test");
    expect(run.stderr).toContain("set them with `pulumi config set --secret <key>`");
    expect(everywhere(run)).not.toContain(admin);
    expect(everywhere(run)).not.toContain("MIIC-secret-certificate");
  });

  it("with --only, objects of kinds left out are named through the stack config, not as literals", async () => {
    const out = path.join(dir, "only");
    const run = await exportCli(["--org", "org-acme", "--only", "SiteSection", "--out", out, "--stack", "dev"], {
      cwd: dir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin },
    });
    expect(run.code, run.stderr).toBe(0);
    const program = await fs.readFile(path.join(out, "index.ts"), "utf8");
    const site = /siteId: config.require\("(site-[^"]+)"\)/.exec(program)?.[1];
    expect(site).toBeDefined();
    expect(program).toContain(`spaceId: config.require("space-spc-acme-guides"),`);
    const stackFile = await fs.readFile(path.join(out, "Pulumi.dev.yaml"), "utf8");
    expect(stackFile).toContain(`  acme-docs-staging:space-spc-acme-guides: spc-acme-guides\n`);
    // Read as YAML: a site id that starts with a digit is written quoted (it could read as a number).
    const config = (yaml.load(stackFile) as { config: Record<string, string> }).config;
    expect(config[`acme-docs-staging:${site}`]).toBe(site!.slice("site-".length));
  });

  it("prints the organization's title without the control characters in it (an escape sequence shows as its code point)", async () => {
    const api = apiClient(emulator.url, admin);
    const { title } = await api.get("/orgs/org-acme");
    await api.patch("/orgs/org-acme", { title: "Acme \u001b]0;owned\u0007\u001b[2J\u009b31m\r\u202edocs" });
    try {
      const run = await exportCli(["--org", "org-acme", "--only", "Team", "--stack", "dev"], {
        cwd: dir,
        env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin },
      });
      expect(run.code, run.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- terminal control characters other than tab and newline, which no output may hold.
      for (const output of [run.stdout, run.stderr]) expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(run.stderr).toContain("organization org-acme (Acme \\u001B]0;owned\\u0007\\u001B[2J\\u009B31m\\r\\u202Edocs)");
    } finally {
      await api.patch("/orgs/org-acme", { title });
    }
  });

  it("with --snapshot naming a directory, says so, naming it, before reading anything (no stack trace)", async () => {
    const directory = path.join(dir, "snapshots");
    await fs.mkdir(directory, { recursive: true });
    const run = await exportCli(["--org", "org-acme", "--snapshot", directory], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin } });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`pulumi-docs-platform export: --snapshot: ${directory} is a directory; give the file to write (e.g. ${path.join(directory, "snapshot.json")})\n`);
  });

  it("refuses an unknown kind in --only, naming the kinds", async () => {
    const run = await exportCli(["--only", "Teams"], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--only: unknown kind "Teams"; the kinds are OrganizationSettings, OrganizationMember, Team, TeamMember, SamlProvider`);
  });

  it("refuses TeamMember alone in --only, saying it comes with Team, before reading anything", async () => {
    const run = await exportCli(["--only", "TeamMember"], { cwd: dir, env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--only: TeamMember is exported with Team, never alone (");
    expect(run.stderr).toContain("give --only Team, which exports both");
    expect(run.stdout).toBe("");
  });

  it("refuses to write its `adopt` ids into the stack config of another organization, writing nothing (an adoption never crosses organizations)", async () => {
    const out = await fs.mkdtemp(path.join(dir, "other-stack-"));
    const staging = ["config:", "  docs-platform:organizationId: org-globex", ""].join("\n");
    await fs.writeFile(path.join(out, "Pulumi.staging.yaml"), staging);
    const env = { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin };
    const refused = await exportCli(["--org", "org-acme", "--out", out, "--stack", "staging"], { cwd: dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Pulumi.staging.yaml in ${out} is the stack config of organization org-globex; this export is of organization org-acme, and its \`adopt\` ids there would name org-acme's objects in a stack of org-globex`,
    );
    expect(refused.stderr).toContain("Nothing was written. Give --stack <the stack of org-acme>, or --no-adopt for a stack that creates everything, or export from org-globex.");
    expect(await fs.readdir(out)).toEqual(["Pulumi.staging.yaml"]);
    expect(await fs.readFile(path.join(out, "Pulumi.staging.yaml"), "utf8")).toBe(staging);
    // Without ids to adopt, the same stack file is the program's to write.
    const created = await exportCli(["--org", "org-acme", "--out", out, "--stack", "staging", "--no-adopt"], { cwd: dir, env });
    expect(created.code, created.stderr).toBe(0);
  });

  it("takes what the environment leaves out from the Pulumi project in the current directory (its stack file, without a pulumi CLI)", async () => {
    const project = path.join(dir, "project");
    await fs.mkdir(project, { recursive: true });
    await fs.writeFile(path.join(project, "Pulumi.yaml"), "name: docs\nruntime: nodejs\n");
    await fs.writeFile(
      path.join(project, "Pulumi.dev.yaml"),
      `config:\n  docs-platform:apiUrl: ${emulator.url}\n  docs-platform:organizationId: "org-acme"\n  docs-platform:token:\n    secure: v1:AAAAencrypted\n`,
    );
    const withToken = await exportCli(["--only", "Team"], { cwd: project, env: { DOCS_PLATFORM_TOKEN: admin } });
    expect(withToken.code, withToken.stderr).toBe(0);
    expect(withToken.stderr).toContain(`API ${emulator.url} (from ${path.join(project, "Pulumi.dev.yaml")}), token from DOCS_PLATFORM_TOKEN`);
    expect(withToken.stderr).toContain("exported from org-acme");
    const withoutToken = await exportCli(["--only", "Team"], { cwd: project });
    expect(withoutToken.code).toBe(1);
    expect(withoutToken.stderr).toContain("the token in Pulumi.dev.yaml is encrypted and there is no pulumi CLI on PATH to decrypt it");
  });
});

describe("in a rehearsal (DOCS_PLATFORM_REHEARSAL names the twin)", () => {
  // The production stand-in answers nothing useful: it only counts what reaches it.
  let production: http.Server;
  let productionUrl: string;
  let requests = 0;
  beforeAll(async () => {
    production = http.createServer((request, response) => {
      requests += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => production.listen(0, "127.0.0.1", resolve));
    productionUrl = `http://127.0.0.1:${(production.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => production.close(() => resolve())));

  const refusal = () =>
    `pulumi-docs-platform export: Refused configuration docs-platform:apiUrl: this is a rehearsal (DOCS_PLATFORM_REHEARSAL names the twin at ${emulator.url}), ` +
    `and no request of a rehearsal may reach ${new URL(productionUrl).origin}.`;
  const refused = (run: Run) => {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.startsWith(refusal()), run.stderr).toBe(true);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(everywhere(run)).not.toContain("tok-production-secret");
    expect(requests).toBe(0);
  };

  it("refuses production given by --api-url, with 0 requests", async () => {
    refused(
      await exportCli(["--org", "org-acme", "--api-url", productionUrl], {
        cwd: dir,
        env: { DOCS_PLATFORM_REHEARSAL: emulator.url, DOCS_PLATFORM_TOKEN: "tok-production-secret" },
      }),
    );
  });

  it("refuses production given by DOCS_PLATFORM_API_URL, with 0 requests", async () => {
    refused(
      await exportCli(["--org", "org-acme"], {
        cwd: dir,
        env: { DOCS_PLATFORM_REHEARSAL: emulator.url, DOCS_PLATFORM_API_URL: productionUrl, DOCS_PLATFORM_TOKEN: "tok-production-secret" },
      }),
    );
  });

  it("refuses a --snapshot of production, with 0 requests and no file written", async () => {
    const file = path.join(dir, "rehearsal-snapshot.json");
    refused(
      await exportCli(["--org", "org-acme", "--snapshot", file], {
        cwd: dir,
        env: { DOCS_PLATFORM_REHEARSAL: emulator.url, DOCS_PLATFORM_API_URL: productionUrl, DOCS_PLATFORM_TOKEN: "tok-production-secret" },
      }),
    );
    await expect(fs.stat(file)).rejects.toThrow(/ENOENT/);
  });

  it("refuses production named by the stack config of the current directory, with 0 requests", async () => {
    const project = path.join(dir, "production-project");
    await fs.mkdir(project, { recursive: true });
    await fs.writeFile(path.join(project, "Pulumi.yaml"), "name: docs\nruntime: nodejs\n");
    await fs.writeFile(
      path.join(project, "Pulumi.prod.yaml"),
      `config:\n  docs-platform:apiUrl: ${productionUrl}\n  docs-platform:organizationId: org-acme\n  docs-platform:token: tok-production-secret\n`,
    );
    refused(await exportCli([], { cwd: project, env: { DOCS_PLATFORM_REHEARSAL: emulator.url } }));
  });

  it("still exports from the twin itself", async () => {
    const run = await exportCli(["--org", "org-acme", "--only", "Team"], {
      cwd: dir,
      env: { DOCS_PLATFORM_REHEARSAL: emulator.url, DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: admin },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(requests).toBe(0);
  });
});

describe("credentials", () => {
  const stackConfig = (values: Record<string, string>) => () => Promise.resolve({ values, source: "stack dev" });

  it("take flags first, then the environment, then the stack config", async () => {
    const stack = stackConfig({ "docs-platform:apiUrl": "https://stack.example/v1", "docs-platform:token": "tok-stack", "docs-platform:organizationId": "org-stack" });
    const env = { DOCS_PLATFORM_API_URL: "https://env.example/v1", DOCS_PLATFORM_TOKEN: "tok-env", DOCS_PLATFORM_ORGANIZATION_ID: "org-env" };
    expect(await resolveCredentials({ flags: { apiUrl: "https://flag.example/v1", token: "tok-flag", organizationId: "org-flag" }, env, stackConfig: stack })).toMatchObject({
      apiUrl: "https://flag.example/v1",
      token: "tok-flag",
      organizationId: "org-flag",
      sources: { apiUrl: "--api-url", token: "--token-stdin", organizationId: "--org" },
    });
    expect(await resolveCredentials({ flags: {}, env, stackConfig: stack })).toMatchObject({ apiUrl: "https://env.example/v1", token: "tok-env", organizationId: "org-env" });
    expect(await resolveCredentials({ flags: {}, env: {}, stackConfig: stack })).toMatchObject({
      apiUrl: "https://stack.example/v1",
      token: "tok-stack",
      organizationId: "org-stack",
      sources: { apiUrl: "stack dev", token: "stack dev", organizationId: "stack dev" },
    });
  });

  it("do not read the stack config when flags and environment give everything", async () => {
    let read = false;
    const stack = () => {
      read = true;
      return Promise.resolve(undefined);
    };
    await resolveCredentials({ flags: { organizationId: "org" }, env: { DOCS_PLATFORM_API_URL: "https://a.example/v1", DOCS_PLATFORM_TOKEN: "t" }, stackConfig: stack });
    expect(read).toBe(false);
  });

  it("check the URL as the provider does, without repeating the token", async () => {
    await expect(
      resolveCredentials({
        flags: {},
        env: { DOCS_PLATFORM_API_URL: "https://user:pw@a.example/v1", DOCS_PLATFORM_TOKEN: "tok-x" },
        stackConfig: () => Promise.resolve(undefined),
      }),
    ).rejects.toThrow(/must not contain credentials/);
    await expect(
      resolveCredentials({
        flags: {},
        env: { DOCS_PLATFORM_API_URL: "https://a.example/v1", DOCS_PLATFORM_TOKEN: "tok with space" },
        stackConfig: () => Promise.resolve(undefined),
      }),
    ).rejects.toThrow(/^(?!.*tok with space).*must not contain whitespace/);
  });

  it("parse `pulumi config --json` and a stack file", () => {
    expect(parseConfigJson(JSON.stringify({ "docs-platform:token": { value: "t", secret: true }, "p:obj": { objectValue: { a: 1 }, secret: false } }))).toEqual({
      "docs-platform:token": "t",
    });
    const stack = parseStackFile(
      `encryptionsalt: v1:abc\nconfig:\n  docs-platform:apiUrl: "https://a.example/v1" # comment\n  docs-platform:organizationId: org-1 # comment\n  docs-platform:token:\n    secure: v1:xyz\n  p:name: 'it''s'\n`,
    );
    expect(stack).toEqual({
      values: { "docs-platform:apiUrl": "https://a.example/v1", "docs-platform:organizationId": "org-1", "p:name": "it's" },
      encrypted: ["docs-platform:token"],
    });
  });
});

describe("the list of exporters", () => {
  it("covers every resource kind of the package; a kind exported with another comes right after it", () => {
    const exported = EXPORTERS.map((exporter) => exporter.kind);
    expect(KNOWN_KINDS.filter((kind) => !exported.includes(kind))).toEqual([]);
    for (const exporter of EXPORTERS) expect(exporter.definition.kind).toBe(exporter.kind);
    // A team's membership is Team.members or TeamMembers, which the Team exporter decides (kinds/team.ts).
    expect(EXPORTERS.filter((exporter) => exporter.exportedWith).map((exporter) => [exporter.kind, exporter.exportedWith!.kind])).toEqual([["TeamMember", "Team"]]);
    expect(exported.indexOf("TeamMember")).toBe(exported.indexOf("Team") + 1);
  });
});
