/**
 * The provider plugin from Python, Go and TypeScript, with the real CLI against the emulator. Each
 * SDK is generated from the committed schema with the CLI's own code generators
 * (test/pulumi-cli/sdkgen, which also validates the schema against Pulumi's metaschema):
 *
 * - Python: the SDK installed with `pulumi` from PyPI in a virtual environment; a program run by
 *   this repository's Python language host (the Python mode of test/pulumi-cli/language-host.mjs).
 * - Go: the SDK builds and vets against github.com/pulumi/pulumi/sdk/v3 at the CLI's version; a
 *   program run by the Go mode of the same host (Pulumi's own Python and Go hosts are not served by
 *   the Go module proxy).
 * - TypeScript: the SDK compiles; its program run is test/e2e/plugin-migrate.test.ts.
 * - Java: the SDK (pulumi-java's generator) compiles with Maven against com.pulumi:pulumi from
 *   Maven Central; a program run by Pulumi's own Java language host (pulumi-java's, built beside
 *   the CLI), which compiles and runs it with Maven.
 *
 * Each program looks the organization up, makes a team, a collection and a space in it, previews
 * with no change and is destroyed.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, changeCounts, createStack, workRoot, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { type Api, apiClient } from "./support/api.ts";
import { generateSdk, installNodeSdk, javaPom, pluginDir } from "./support/sdks.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;
const scratch = path.join(workRoot, "plugin-languages", `${process.pid}-${Date.now()}`);
const pluginsSection = ["plugins:", "  providers:", "    - name: docs-platform", `      path: ${pluginDir}`, ""].join("\n");

const PYTHON_PROGRAM = `import pulumi
import pulumi_docs_platform as docs

organization = docs.get_organization()
writers = docs.Team("writers", title="Python writers", members=["eli@acme.test"])
handbook = docs.Collection("handbook", title="Python handbook", description="How we work")
onboarding = docs.Space("onboarding", title="Onboarding", parent=handbook.id)
pulumi.export("organizationTitle", organization.title)
pulumi.export("writersTeam", writers.id)
pulumi.export("onboardingSpace", onboarding.id)
`;

const GO_PROGRAM = `package main

import (
\tdocs "github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
\t\torganization, err := docs.GetOrganization(ctx, &docs.GetOrganizationArgs{})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\twriters, err := docs.NewTeam(ctx, "writers", &docs.TeamArgs{Title: pulumi.String("Go writers"), Members: pulumi.StringArray{pulumi.String("eli@acme.test")}})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\thandbook, err := docs.NewCollection(ctx, "handbook", &docs.CollectionArgs{Title: pulumi.String("Go handbook"), Description: pulumi.String("How we work")})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tonboarding, err := docs.NewSpace(ctx, "onboarding", &docs.SpaceArgs{Title: pulumi.String("Onboarding"), Parent: handbook.ID().ToStringOutput()})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tctx.Export("organizationTitle", pulumi.String(organization.Title))
\t\tctx.Export("writersTeam", writers.ID())
\t\tctx.Export("onboardingSpace", onboarding.ID())
\t\treturn nil
\t})
}
`;

const JAVA_PROGRAM = `package docs;

import com.docsplatform.docsplatform.Collection;
import com.docsplatform.docsplatform.CollectionArgs;
import com.docsplatform.docsplatform.DocsplatformFunctions;
import com.docsplatform.docsplatform.Space;
import com.docsplatform.docsplatform.SpaceArgs;
import com.docsplatform.docsplatform.Team;
import com.docsplatform.docsplatform.TeamArgs;
import com.docsplatform.docsplatform.inputs.GetOrganizationArgs;
import com.pulumi.Pulumi;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var organization = DocsplatformFunctions.getOrganization(GetOrganizationArgs.builder().build());
            var writers = new Team("writers", TeamArgs.builder().title("Java writers").members("eli@acme.test").build());
            var handbook = new Collection("handbook", CollectionArgs.builder().title("Java handbook").description("How we work").build());
            var onboarding = new Space("onboarding", SpaceArgs.builder().title("Onboarding").parent(handbook.id()).build());
            ctx.export("organizationTitle", organization.applyValue(result -> result.title()));
            ctx.export("writersTeam", writers.id());
            ctx.export("onboardingSpace", onboarding.id());
        });
    }
}
`;

let emulator: Emulator;
let api: Api;
const stacks: TestStack[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
  api = apiClient(emulator.url, emulator.fixture.organizations[0]!.admin.token);
});

afterAll(async () => {
  for (const stack of stacks) await stack.remove().catch(() => undefined);
  await emulator?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function stackOf(programDir: string, name: string): Promise<TestStack> {
  const acme = emulator.fixture.organizations[0]!;
  const stack = await createStack({
    programDir,
    stackName: name,
    config: { "docs-platform:organizationId": acme.id, "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: acme.admin.token, secret: true } },
  });
  stacks.push(stack);
  return stack;
}

/** Up, the objects in the API, a no-change preview, destroy. */
async function upPreviewDestroy(stack: TestStack, prefix: string): Promise<void> {
  await stack.up();
  const outputs = (await stack.outputs()) as { organizationTitle: string; writersTeam: string; onboardingSpace: string };
  expect(outputs.organizationTitle).toBe((await api.get("/orgs/org-acme")).title);
  const team = await api.get(`/orgs/org-acme/teams/${outputs.writersTeam}`);
  expect(team).toMatchObject({ title: `${prefix} writers`, members: 1 });
  expect((await api.get(`/spaces/${outputs.onboardingSpace}`)).title).toBe("Onboarding");
  expect(changeCounts(await stack.preview())).toEqual({});
  await stack.destroy();
  expect(await api.status(`/orgs/org-acme/teams/${outputs.writersTeam}`)).toBe(404);
}

describe("the provider plugin from Python", () => {
  it("installs the generated SDK with pulumi from PyPI, and a program goes up, previews with no change and is destroyed", { timeout: minutes(8) }, async () => {
    const sdk = path.join(scratch, "python-sdk");
    expect(await generateSdk("python", sdk)).toBeGreaterThan(20);
    const venv = path.join(scratch, "venv");
    await run("python3", ["-m", "venv", venv]);
    await run(path.join(venv, "bin", "python"), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `pulumi==${requiredPulumiVersion()}`, sdk], { maxBuffer: 1 << 26 });
    const programDir = await writeProgram("plugin-python", {
      "Pulumi.yaml": ["name: docs-python", "runtime:", "  name: python", "  options:", `    virtualenv: ${venv}`, pluginsSection].join("\n"),
      "__main__.py": PYTHON_PROGRAM,
    });
    await upPreviewDestroy(await stackOf(programDir, "python"), "Python");
  });
});

describe("the provider plugin from Go", () => {
  it("builds and vets the generated SDK, and a program goes up, previews with no change and is destroyed", { timeout: minutes(8) }, async () => {
    const sdk = path.join(scratch, "go-sdk");
    expect(await generateSdk("go", sdk)).toBeGreaterThan(20);
    const version = requiredPulumiVersion();
    await fs.writeFile(path.join(sdk, "go.mod"), `module github.com/docs-platform/pulumi-docs-platform/sdk/go\n\ngo 1.25.11\n\nrequire github.com/pulumi/pulumi/sdk/v3 v${version}\n`);
    const goEnv = { ...process.env, GOFLAGS: "-mod=mod" };
    await run("go", ["mod", "tidy"], { cwd: sdk, env: goEnv, maxBuffer: 1 << 26 });
    await run("go", ["build", "./..."], { cwd: sdk, maxBuffer: 1 << 26 });
    await run("go", ["vet", "./..."], { cwd: sdk, maxBuffer: 1 << 26 });
    expect(await fs.readFile(path.join(sdk, "docsplatform", "team.go"), "utf8")).toContain('Type: pulumi.String("pulumi-nodejs:dynamic/docs-platform:Team")');

    const programDir = await writeProgram("plugin-go", {
      "Pulumi.yaml": ["name: docs-go", "runtime: go", pluginsSection].join("\n"),
      "main.go": GO_PROGRAM,
      "go.mod": [
        "module docs-go",
        "",
        "go 1.25.11",
        "",
        `require (\n\tgithub.com/docs-platform/pulumi-docs-platform/sdk/go v0.0.0\n\tgithub.com/pulumi/pulumi/sdk/v3 v${version}\n)`,
        "",
        `replace github.com/docs-platform/pulumi-docs-platform/sdk/go => ${sdk}`,
        "",
      ].join("\n"),
    });
    await run("go", ["mod", "tidy"], { cwd: programDir, env: goEnv, maxBuffer: 1 << 26 });
    await upPreviewDestroy(await stackOf(programDir, "go"), "Go");
  });
});

describe("the provider plugin from TypeScript", () => {
  it("compiles the generated SDK", { timeout: minutes(3) }, async () => {
    const target = await installNodeSdk(path.join(scratch, "program"), path.join(scratch, "node"));
    const index = await fs.readFile(path.join(target, "bin", "index.d.ts"), "utf8");
    for (const name of ["Team", "SiteStructure", "getSpaces", "Provider"]) expect(index).toContain(name);
  });
});

/**
 * The Java program's Maven build: its sources and the generated SDK's, against the Pulumi Java SDK
 * and the annotations the SDK uses; `mvn compile exec:java` runs it (what pulumi-language-java does).
 */
const JAVA_POM = javaPom({ groupId: "com.docsplatform", artifactId: "docs-java", dependencies: ["com.google.code.findbugs:jsr305:3.0.2"], mainClass: "docs.App" });

describe("the provider plugin from Java", () => {
  it("compiles the generated SDK with Maven, and a program goes up, previews with no change and is destroyed", { timeout: minutes(10) }, async () => {
    const sdk = path.join(scratch, "java-sdk");
    expect(await generateSdk("java", sdk)).toBeGreaterThan(100);
    // The program builds the SDK's sources with its own (a generated SDK is used from source or from
    // a repository it was published to): compiled once here, then pulumi-language-java runs it with
    // Maven, whose compile step finds it up to date.
    const programDir = await writeProgram("plugin-java", {
      "Pulumi.yaml": ["name: docs-java", "runtime: java", pluginsSection].join("\n"),
      "pom.xml": JAVA_POM,
      "src/main/java/docs/App.java": JAVA_PROGRAM,
    });
    await fs.cp(path.join(sdk, "src", "main"), path.join(programDir, "src", "main"), { recursive: true });
    await run("mvn", ["-q", "-B", "compile"], { cwd: programDir, maxBuffer: 1 << 26 });
    const classes = await fs.readdir(path.join(programDir, "target", "classes", "com", "docsplatform", "docsplatform"));
    for (const name of ["Team.class", "SiteStructure.class", "Provider.class", "DocsplatformFunctions.class"]) expect(classes).toContain(name);
    await upPreviewDestroy(await stackOf(programDir, "java"), "Java");
  });
});
