/**
 * The provider plugin's SDKs, generated from the committed schema with the CLI's own code
 * generators (which also validate the schema against Pulumi's metaschema): the Go SDK builds
 * (`go build ./...` against github.com/pulumi/pulumi/sdk/v3 at the CLI's version), the Python SDK
 * imports (`python -c "import pulumi_docs_platform"` in a virtual environment with the `pulumi`
 * package of the same version from PyPI), the Node.js SDK compiles (its program run is
 * test/e2e/plugin-migrate.test.ts). C# and Java are not generated here: see docs/plugin.md.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";
import { generateSdk, installNodeSdk } from "./support/sdks.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const scratch = path.join(workRoot, "plugin-sdks", `${process.pid}-${Date.now()}`);

afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

describe("the plugin's generated SDKs", () => {
  it("Go: builds against the Pulumi Go SDK", { timeout: minutes(6) }, async () => {
    const dir = path.join(scratch, "go");
    expect(await generateSdk("go", dir)).toBeGreaterThan(20);
    await fs.writeFile(
      path.join(dir, "go.mod"),
      `module github.com/docs-platform/pulumi-docs-platform/sdk/go\n\ngo 1.25.11\n\nrequire github.com/pulumi/pulumi/sdk/v3 v${requiredPulumiVersion()}\n`,
    );
    await run("go", ["mod", "tidy"], { cwd: dir, env: { ...process.env, GOFLAGS: "-mod=mod" }, maxBuffer: 1 << 26 });
    await run("go", ["build", "./..."], { cwd: dir, maxBuffer: 1 << 26 });
    await run("go", ["vet", "./..."], { cwd: dir, maxBuffer: 1 << 26 });
    const team = await fs.readFile(path.join(dir, "docsplatform", "team.go"), "utf8");
    expect(team).toContain('Type: pulumi.String("pulumi-nodejs:dynamic/docs-platform:Team")');
  });

  it("Python: imports with the Pulumi Python SDK", { timeout: minutes(6) }, async () => {
    const dir = path.join(scratch, "python");
    expect(await generateSdk("python", dir)).toBeGreaterThan(20);
    const venv = path.join(scratch, "venv");
    await run("python3", ["-m", "venv", venv]);
    const python = path.join(venv, "bin", "python");
    await run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `pulumi==${requiredPulumiVersion()}`, dir], { maxBuffer: 1 << 26 });
    const { stdout } = await run(python, [
      "-c",
      "import pulumi_docs_platform as d; print(d.Team.__name__, d.SiteCustomization.__name__, d.get_space.__name__, d.Provider.__name__, len([n for n in dir(d) if n[0].isupper()]))",
    ]);
    expect(stdout.trim()).toMatch(/^Team SiteCustomization get_space Provider \d+$/);
  });

  it("Node.js: compiles with TypeScript", { timeout: minutes(3) }, async () => {
    const target = await installNodeSdk(path.join(scratch, "program"), path.join(scratch, "node"));
    const index = await fs.readFile(path.join(target, "bin", "index.d.ts"), "utf8");
    for (const name of ["Team", "SiteStructure", "getSpaces", "Provider"]) expect(index).toContain(name);
  });
});
