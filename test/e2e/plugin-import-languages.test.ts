/**
 * `pulumi import` prints the imported object's code in the project's language (issue 40): a Go, a
 * Python, a TypeScript and a Java project, each naming the provider plugin by path, import one team
 * by type, name and id, as a user types it, and the CLI prints the code the language host generates
 * (GenerateProgram: for Go, Python and TypeScript test/pulumi-cli/language-host.mjs runs Pulumi's
 * own program generators through docs-platform-sdkgen; for Java, Pulumi's Java host). The code
 * names the resource and each of its inputs as the language's SDK spells them. The import itself
 * only reads; the Go code is valid Go (gofmt parses it), and `--out` writes the same code to a
 * file. YAML's import, of every kind, is plugin-import.test.ts's.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, assertSucceeded, createStack, workRoot } from "../pulumi-cli/run-pulumi.ts";
import { apiClient } from "./support/api.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const pluginDir = path.join(repositoryRoot, "provider", "docs-platform");

async function writeRequests(emulator: Emulator): Promise<Record<string, number>> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.fromEntries(Object.entries(counts).filter(([route]) => !route.startsWith("GET ")));
}

/** The code Pulumi prints after `pulumi import`: what follows its "Please copy the following code" notice. */
function printedCode(stdout: string): string {
  const notice = "will cause Pulumi to report that an update will happen on the next update command.";
  const at = stdout.indexOf(notice);
  expect(at, stdout).toBeGreaterThanOrEqual(0);
  return stdout.slice(at + notice.length).trim();
}

describe("pulumi import prints the code in the project's language", () => {
  let emulator: Emulator;
  let teamId = "";
  let organizationId = "";
  let token = "";
  const stacks: TestStack[] = [];
  const dir = path.join(workRoot, "plugin-import-languages", `${process.pid}-${Date.now()}`);

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const acme = emulator.fixture.organizations[0];
    organizationId = acme.id;
    token = acme.admin.token;
    teamId = (await apiClient(emulator.url, token).put(`/orgs/${acme.id}/teams`, { title: "Support", members: [] })).id;
  }, minutes(2));

  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => undefined);
    await emulator?.close();
  });

  /** A project of `runtime` naming the plugin by path, with a stack configured for the emulator. */
  async function project(runtime: string, files: Record<string, string> = {}): Promise<TestStack> {
    const programDir = path.join(dir, runtime);
    await fs.mkdir(programDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(programDir, name), text);
    await fs.writeFile(
      path.join(programDir, "Pulumi.yaml"),
      [`name: imported-${runtime}`, `runtime: ${runtime}`, "plugins:", "  providers:", "    - name: docs-platform", `      path: ${pluginDir}`, ""].join("\n"),
    );
    const stack = await createStack({
      programDir,
      stackName: "imported",
      config: { "docs-platform:apiUrl": emulator.url, "docs-platform:organizationId": organizationId, "docs-platform:token": { value: token, secret: true } },
    });
    stacks.push(stack);
    return stack;
  }

  async function importTeam(stack: TestStack, extra: string[] = []): Promise<string> {
    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const imported = assertSucceeded(await stack.run(["import", "docs-platform:index:Team", "support", teamId, "--protect=false", "--yes", ...extra]));
    expect(imported.stdout).toContain("1 imported");
    expect(imported.stderr).not.toMatch(/error:/);
    expect(await writeRequests(emulator)).toEqual({});
    return imported.stdout;
  }

  it("Go: prints docsplatform.NewTeam with its inputs, valid Go, and --out writes it", { timeout: minutes(4) }, async () => {
    const stack = await project("go");
    const code = printedCode(await importTeam(stack));
    expect(code).toContain('"github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"');
    expect(code).toContain('docsplatform.NewTeam(ctx, "support", &docsplatform.TeamArgs{');
    expect(code).toMatch(/Title:\s+pulumi\.String\("Support"\)/);
    expect(code).toMatch(new RegExp(`OrganizationId:\\s+pulumi\\.String\\("${organizationId}"\\)`));
    expect(code).toMatch(/Members:\s+pulumi\.StringArray\{\}/);
    const file = path.join(stack.programDir, "imported.go");
    await fs.writeFile(file, `${code}\n`);
    // gofmt -l parses the file (an error on invalid Go) and lists it if it is not formatted.
    const { stdout } = await run("gofmt", ["-l", file]);
    expect(stdout).toBe("");

    // Again into a file: the same resource, nothing printed.
    assertSucceeded(await stack.run(["state", "delete", "--yes", `urn:pulumi:imported::imported-go::docs-platform:index:Team::support`]));
    const out = path.join(stack.programDir, "team.go");
    const printed = await importTeam(stack, ["--out", out]);
    expect(printed).not.toContain("docsplatform.NewTeam");
    expect(await fs.readFile(out, "utf8")).toContain('docsplatform.NewTeam(ctx, "support", &docsplatform.TeamArgs{');
  });

  it("Python: prints docs_platform.Team with its inputs in snake_case", { timeout: minutes(4) }, async () => {
    const code = printedCode(await importTeam(await project("python")));
    expect(code).toContain("import pulumi_docs_platform as docs_platform");
    expect(code).toContain('support = docs_platform.Team("support",');
    expect(code).toContain('title="Support"');
    expect(code).toContain(`organization_id="${organizationId}"`);
    expect(code).toContain("members=[]");
  });

  it("TypeScript: prints new docs_platform.Team with its inputs", { timeout: minutes(4) }, async () => {
    const code = printedCode(await importTeam(await project("nodejs")));
    expect(code).toContain('import * as docs_platform from "@docs-platform/pulumi";');
    expect(code).toContain('const support = new docs_platform.Team("support", {');
    expect(code).toContain('title: "Support",');
    expect(code).toContain(`organizationId: "${organizationId}",`);
  });

  it("Java: prints new Team with TeamArgs.builder() and its inputs", { timeout: minutes(4) }, async () => {
    // Pulumi's Java host picks Maven by the project's pom.xml (it needs none of its dependencies to import).
    const pom =
      '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>imported</groupId><artifactId>imported</artifactId><version>1.0</version></project>\n';
    const code = printedCode(await importTeam(await project("java", { "pom.xml": pom })));
    expect(code).toContain("import com.docsplatform.docsplatform.Team;");
    expect(code).toContain('var support = new Team("support", TeamArgs.builder()');
    expect(code).toContain('.title("Support")');
    expect(code).toContain(`.organizationId("${organizationId}")`);
  });
});
