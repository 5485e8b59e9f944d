/**
 * Release rehearsals for Python, Go, Java and TypeScript, as a user on a clean machine: each
 * program is built on the release's SDK artifact alone (release/sdk/), with an empty PULUMI_HOME,
 * automatic plugin acquisition on and no `plugins.providers`; the plugin is found through the
 * `server` the SDK carries and downloaded from release/, served by a loopback HTTP server
 * (serveRelease, shared with rehearsal-yaml.test.ts, whose override sends the release's download
 * URL there). One download per language: each stack has its own PULUMI_HOME.
 *
 * Each program looks the organization up and makes a team with a member, a collection and a space
 * in it: every language's SDK through the plugin, end to end (the suite's one run of each; the
 * SDKs are the ones the release generates from the schema with the CLI's own code generators).
 * Each program also runs every resource page's example in its language (the committed conversions
 * of docs/resources/examples/, one per kind, as examples-program.ts assembles them: each
 * example's resources and outputs named `<kind>-<name>`, as in resource-examples.test.ts's YAML
 * stack), after the lookup (the organization-settings example retitles the organization): the
 * first `up` must have made them all (every renamed output, objects read back from the API),
 * the no-change previews and the destroy cover them too. Each language has its own emulator: the
 * examples hold an organization's singletons (its settings, its agents' instructions) and names
 * unique in it (the OpenAPI specification's slug), which four programs side by side would fight
 * over in one.
 *
 * Then every guide's sample (docs/guides/examples/, the README's among them) goes up in one more
 * stack per language, all the samples in it, on an emulator of its own (rehearseGuideSamples): the
 * same checks as their YAML run's (test/e2e/support/guide-samples.ts) and a no-change preview.
 * Beside it, every lookup's example (docs/resources/examples/functions/) in one more stack per
 * language, on an emulator seeded with one object of each looked-up title (rehearseLookups, the
 * checks of test/e2e/support/lookup-examples.ts, as their YAML run's), and a no-change preview.
 *
 * - Python: `pulumi up` before `pulumi install` says the virtualenv is missing and how to make it;
 *   `pulumi install` makes the virtualenv from a requirements.txt naming the wheel and `pulumi`
 *   from PyPI; the language host, asked as the engine asks, reports the wheel's plugin (name,
 *   version, server); up, with the stack's config read through pulumi.Config in each form (get,
 *   require, get_int, require_secret, another namespace, None when absent; the secret stays
 *   encrypted in the state); a no-change preview, a change read from stack config (`pulumi config
 *   set`, then up changes exactly that resource), destroy.
 * - Go: the release's module through a `replace`, the team's title from stack config; TypeScript: the release's tarball `npm install`ed;
 *   Java: the release's jar and pom installed into the local Maven repository. Each: up, a no-change
 *   preview, destroy.
 *
 * Python and Go run through this repository's language host (test/pulumi-cli/language-host.mjs,
 * which behaves as Pulumi's for config, required plugins and `pulumi install`), Java through
 * pulumi-java's. Those hosts are Node.js programs, so `node` stays on the PATH here: that the
 * plugin needs none is what rehearsal-yaml.test.ts proves.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requiredPulumiVersion } from "../pulumi-cli/ensure-pulumi.ts";
import { type ConfigValue, type TestStack, assertSucceeded, changeCounts, changedSteps, createStack, runPulumi, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { expectGuideSamplesMade, prepareGuideSamples } from "../e2e/support/guide-samples.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type Api, apiClient } from "../e2e/support/api.ts";
import { VERSION, archiveName } from "../../provider/scripts/release/release-info.mts";
import { javaPom } from "../e2e/support/sdks.ts";
import { expectLookupsFound, prepareLookupExamples } from "../e2e/support/lookup-examples.ts";
import { type ExampleLanguage, type ExampleSet, type ExamplesProgram, examplesProgram } from "./examples-program.ts";
import { startLanguageHost } from "./language-host-client.ts";
import {
  type ServedRelease,
  archivePath,
  ensureReleasedArchive,
  ensureReleasedSdks,
  installReleasedJar,
  goEnvironment,
  installedDocsPlatformPlugins,
  linuxAmd64,
  mavenEnvironment,
  onlyFile,
  pluginDownloadUrl,
  rehearsalTmpdir,
  sdkDir,
  serveRelease,
} from "./released-plugin.ts";

const run = promisify(execFile);
const minutes = (n: number) => n * 60_000;

let release: ServedRelease;
const emulators: Emulator[] = [];
const stacks: TestStack[] = [];

beforeAll(async () => {
  // Each part built only if missing (a build of one never rebuilds another file's part under it).
  await ensureReleasedArchive();
  await ensureReleasedSdks();
  release = await serveRelease();
}, minutes(15));

afterAll(async () => {
  for (const stack of stacks) await stack.remove().catch(() => undefined);
  for (const emulator of emulators) await emulator.close();
  await release?.close();
});

/** One language's own emulator (see the header: the examples' singletons), its admin's API client, and the examples in its language. */
interface Target {
  emulator: Emulator;
  api: Api;
  language: ExampleLanguage;
  examples: ExamplesProgram;
}

async function target(language: ExampleLanguage): Promise<Target> {
  const emulator = await startEmulator({ db: ":memory:" });
  emulators.push(emulator);
  return { emulator, api: apiClient(emulator.url, emulator.fixture.organizations[0].admin.token), language, examples: examplesProgram(language) };
}

/**
 * A rehearsal stack's environment: automatic plugin acquisition on, the release's download URL sent
 * to the loopback server, and the build tools' options for tests (released-plugin.ts): Maven's
 * reach the Java program's runs, Go's the Go program's build.
 */
function rehearsalEnvironment(name: string): Record<string, string | undefined> {
  return {
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: undefined,
    PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: release.downloadOverride,
    ...mavenEnvironment,
    ...goEnvironment,
    ...rehearsalTmpdir(`rehearsal-${name}`),
  };
}

/** A stack of the program as a user makes one: the provider's config, the download sent to the loopback server. */
async function rehearsalStack({ emulator }: Target, programDir: string, name: string, config: Record<string, ConfigValue> = {}): Promise<TestStack> {
  const acme = emulator.fixture.organizations[0];
  const stack = await createStack({
    programDir,
    stackName: name,
    config: {
      "docs-platform:apiUrl": emulator.url,
      "docs-platform:organizationId": acme.id,
      "docs-platform:token": { value: acme.admin.token, secret: true },
      ...config,
    },
    env: rehearsalEnvironment(name),
  });
  stacks.push(stack);
  expect(installedDocsPlatformPlugins(String(stack.env.PULUMI_HOME))).toEqual([]);
  return stack;
}

/** The plugin this stack's CLI installed: the release's archive, downloaded once for it. */
function expectReleasedPluginInstalled(stack: TestStack): void {
  const installed = path.join(String(stack.env.PULUMI_HOME), "plugins", `resource-docs-platform-v${VERSION}`);
  expect(fs.readdirSync(installed)).toEqual(expect.arrayContaining(["LICENSE", "README.md", "pulumi-resource-docs-platform"]));
}

interface Outputs {
  organizationTitle?: string;
  writersTeam: string;
  handbookCollection: string;
  onboardingSpace: string;
  /** TypeScript: the examples' outputs, collected in one object (examples-program.ts). */
  examples?: Record<string, unknown>;
  /** Python, Go, Java: the examples' outputs, each a stack output. */
  [exampleOutput: string]: unknown;
}

/** The stack's outputs, checked: an id missing fails here, by name, rather than in a later request. */
function outputsOf(values: Record<string, unknown>): Outputs {
  const id = (key: string): string => {
    const value = values[key];
    if (typeof value !== "string") throw new Error(`stack output ${key}: expected an id, got ${JSON.stringify(value)}`);
    return value;
  };
  const { organizationTitle, examples } = values;
  if (organizationTitle !== undefined && typeof organizationTitle !== "string")
    throw new Error(`stack output organizationTitle: expected a title, got ${JSON.stringify(organizationTitle)}`);
  if (examples !== undefined && (typeof examples !== "object" || examples === null)) throw new Error(`stack output examples: expected an object, got ${JSON.stringify(examples)}`);
  return {
    ...values,
    organizationTitle,
    examples: examples as Record<string, unknown> | undefined,
    writersTeam: id("writersTeam"),
    handbookCollection: id("handbookCollection"),
    onboardingSpace: id("onboardingSpace"),
  };
}

/** The title the organization-settings example gives the organization. */
const EXAMPLES_ORGANIZATION_TITLE = "Acme Documentation";

/** The examples' outputs: the stack's own, but TypeScript's, which its program collects into `examples`. */
function exampleOutputs({ language }: Target, outputs: Outputs): Record<string, unknown> {
  return language === "typescript" ? (outputs.examples ?? {}) : outputs;
}

/**
 * The logical names of the resources in the stack's state, read from the file backend's checkpoint
 * (`<backend>/.pulumi/stacks/<project>/<stack>.json`) rather than with one more CLI command.
 */
function resourcesInState(stack: TestStack): string[] {
  const stacksDir = path.join(String(stack.env.PULUMI_BACKEND_URL).replace(/^file:\/\//, ""), ".pulumi", "stacks");
  const checkpoints = fs
    .readdirSync(stacksDir)
    .map((project) => path.join(stacksDir, project, `${stack.name}.json`))
    .filter((file) => fs.existsSync(file));
  expect(checkpoints).toHaveLength(1);
  const state = JSON.parse(fs.readFileSync(checkpoints[0], "utf8")) as { checkpoint: { latest?: { resources?: Array<{ urn: string }> } } };
  return (state.checkpoint.latest?.resources ?? []).map((resource) => resource.urn.slice(resource.urn.lastIndexOf("::") + 2));
}

/**
 * Every example ran: each of its resources in the stack, each renamed output there, and some of
 * their objects in the API. (The outputs alone would not do: an example with none could be left
 * out unseen, as TypeScript drops an import nothing reads.)
 */
async function expectExamplesMade(stack: TestStack, target: Target, outputs: Outputs): Promise<void> {
  const { api, examples } = target;
  expect(resourcesInState(stack)).toEqual(expect.arrayContaining(examples.resources));
  const made = exampleOutputs(target, outputs);
  // The kinds' examples' 10 outputs (the guides' samples run in a stack of their own: rehearseGuideSamples).
  expect(examples.outputs).toHaveLength(10);
  for (const name of examples.outputs) expect(made[name], name).toBeTruthy();
  if (target.language === "typescript") expect(Object.keys(made).sort()).toEqual([...examples.outputs].sort());
  expect((await api.get(`/orgs/org-acme/teams/${String(made["team-teamId"])}`)).title).toBe("Writers");
  expect((await api.get(`/spaces/${String(made["space-spaceId"])}`)).title).toBe("Getting started");
  expect((await api.get(`/orgs/org-acme/sites/${String(made["site-siteId"])}`)).title).toBe("Developer portal");
  expect(made["organization-settings-title"]).toBe(EXAMPLES_ORGANIZATION_TITLE);
  expect((await api.get("/orgs/org-acme")).title).toBe(EXAMPLES_ORGANIZATION_TITLE);
  expect(made["open-api-spec-processingState"]).toBeTruthy();
}

/** A preview with no change, every resource the same: the program's three, every example's, and the stack. */
async function expectNoChange(stack: TestStack, { examples }: Target): Promise<void> {
  const summary = await stack.preview();
  expect(changeCounts(summary)).toEqual({});
  expect(summary.changeSummary.same).toBe(3 + examples.resources.length + 1);
}

/** Up, the objects in the API, a no-change preview; returns the outputs. */
/** `lookup`: whether the program looks the organization up; `preview`: whether a no-change preview follows here. */
async function upAndPreview(stack: TestStack, target: Target, prefix: string, { lookup = true, preview = true } = {}): Promise<Outputs> {
  const { api, emulator } = target;
  await stack.up();
  expectReleasedPluginInstalled(stack);
  // Only the archive was asked of the release (no checksums file, nothing else).
  expect(new Set(release.served)).toEqual(new Set([archiveName(linuxAmd64)]));
  const outputs = outputsOf(await stack.outputs());
  // A lookup, a team with a member, a collection and a space inside it, through the SDK. The
  // lookup has its answer before the examples run: the organization's title before theirs.
  expect(outputs.organizationTitle).toBe(lookup ? emulator.fixture.organizations[0].title : undefined);
  expect(await api.get(`/orgs/org-acme/teams/${outputs.writersTeam}`)).toMatchObject({ title: `${prefix} writers`, members: 1 });
  expect(await api.get(`/collections/${outputs.handbookCollection}`)).toMatchObject({ title: `${prefix} handbook` });
  expect(await api.get(`/spaces/${outputs.onboardingSpace}`)).toMatchObject({ title: "Onboarding", parent: outputs.handbookCollection });
  await expectExamplesMade(stack, target, outputs);
  if (preview) await expectNoChange(stack, target);
  return outputs;
}

async function destroy(stack: TestStack, target: Target, outputs: Outputs): Promise<void> {
  const { api } = target;
  await stack.destroy();
  expect(await api.status(`/orgs/org-acme/teams/${outputs.writersTeam}`)).toBe(404);
  expect(await api.status(`/collections/${outputs.handbookCollection}`)).toBe(404);
  expect(await api.status(`/spaces/${outputs.onboardingSpace}`)).toBe(404);
  const made = exampleOutputs(target, outputs);
  expect(await api.status(`/orgs/org-acme/teams/${String(made["team-teamId"])}`)).toBe(404);
  expect(await api.status(`/orgs/org-acme/sites/${String(made["site-siteId"])}`)).toBe(404);
}

/** The folder, inside each language's program, of the guides' samples' program (see guideSamplesFiles). */
const GUIDES_FOLDER = "guides";
/** The folder, inside each language's program, of the lookups' examples' program (see rehearseLookups). */
const LOOKUPS_FOLDER = "lookups";

/**
 * The guides' samples (docs/guides/examples/, the README's among them) as one program of `language`
 * (examples-program.ts, `"guides"`), in the folder GUIDES_FOLDER of the language's rehearsal
 * program: a project of its own, which builds on what the rehearsal installed there (Python's
 * virtualenv `../venv`, Go's module, TypeScript's node_modules found up the tree, Java's local
 * Maven repository), so that the samples' stack costs no install of its own.
 */
function guideSamplesFiles(language: ExampleLanguage, project: string, set: ExampleSet = "guides", folder = GUIDES_FOLDER): Record<string, string> {
  const { files, run } = examplesProgram(language, set);
  const program: Record<string, string> = {};
  if (language === "python") {
    program["Pulumi.yaml"] = [`name: ${project}`, "runtime:", "  name: python", "  options:", "    virtualenv: ../venv", ""].join("\n");
    program["__main__.py"] = `import pulumi\n\n${run}`;
  } else if (language === "go") {
    program["Pulumi.yaml"] = [`name: ${project}`, "runtime: go", ""].join("\n");
    program["main.go"] = [
      "package main",
      "",
      'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      "\t\t// The examples, each a function of this package.",
      run,
      "\t\treturn nil",
      "\t})",
      "}",
      "",
    ].join("\n");
  } else if (language === "typescript") {
    program["Pulumi.yaml"] = [`name: ${project}`, "runtime: nodejs", ""].join("\n");
    program["package.json"] = JSON.stringify({ name: project, private: true, main: "index.ts" }, null, 2);
    // Their outputs in one object, as the rehearsal's (a module's export cannot be named `readme-siteId`).
    program["index.ts"] = `export const examples = ${run};\n`;
  } else {
    program["Pulumi.yaml"] = [`name: ${project}`, "runtime: java", ""].join("\n");
    program["pom.xml"] = javaPom({ groupId: "rehearsal", artifactId: project, dependencies: [`com.docsplatform:docs-platform:${VERSION}`], mainClass: "rehearsal.App" });
    program["src/main/java/rehearsal/App.java"] = [
      "package rehearsal;",
      "",
      "import com.pulumi.Pulumi;",
      "",
      "public class App {",
      "    public static void main(String[] args) {",
      "        // The examples, each class App of its own package.",
      "        Pulumi.run(ctx -> {",
      run,
      "        });",
      "    }",
      "}",
      "",
    ].join("\n");
  }
  return Object.fromEntries(Object.entries({ ...program, ...files }).map(([file, text]) => [path.posix.join(folder, file), text]));
}

/**
 * A stack of one of a language's side programs (the guides' samples, the lookups' examples: the
 * folder `folder` of the language's rehearsal program), with `config`, brought up. Java, in a
 * PULUMI_HOME of its own, installs the plugin first, as the README says a Java program that calls
 * a function must (pulumi-java 1.12.0 sends an invoke without the SDK's download URL). The others
 * share the rehearsal stack's PULUMI_HOME (`home`), as a user's projects share ~/.pulumi: the
 * plugin its SDK fetched there is not fetched again. Returns the stack and its outputs
 * (TypeScript's collected under `examples`, examples-program.ts).
 */
async function upSideStack(
  language: ExampleLanguage,
  programDir: string,
  home: string | undefined,
  folder: string,
  config: Record<string, ConfigValue>,
): Promise<{ stack: TestStack; outputs: Record<string, unknown> }> {
  const name = `${language}-${folder}`;
  const stack = await createStack({
    programDir: path.join(programDir, folder),
    stackName: name,
    config,
    env: { ...rehearsalEnvironment(name), ...(language === "java" ? {} : { PULUMI_HOME: home }) },
  });
  stacks.push(stack);
  if (language === "java") {
    expect(installedDocsPlatformPlugins(String(stack.env.PULUMI_HOME))).toEqual([]);
    assertSucceeded(await runPulumi(["plugin", "install", "resource", "docs-platform", VERSION, "--file", archivePath], { cwd: stack.programDir, env: stack.env }));
  }
  await stack.up();
  expectReleasedPluginInstalled(stack);
  const values = await stack.outputs();
  return { stack, outputs: language === "typescript" ? (values.examples as Record<string, unknown>) : values };
}

/** A preview that changes nothing, `same` resources unchanged (the stack among them). */
async function expectNoChangePreview(stack: TestStack, same: number): Promise<void> {
  const summary = await stack.preview();
  expect(changeCounts(summary)).toEqual({});
  expect(summary.changeSummary.same).toBe(same);
}

/**
 * Every guide sample in `language`, in one stack of the guides' program inside `programDir`, on an
 * emulator of its own: the README's lookup reads the stack's organization, which no example
 * retitles there (in the rehearsal's emulator the organization-settings example does), and the
 * adopt, stack-organization and explicit-provider samples need their emulator prepared
 * (support/guide-samples.ts, as the YAML run in guide-examples.test.ts). Up, each sample's objects
 * read back through the API, no secret in the state, a no-change preview. No destroy: the emulator
 * and the stack go with the run, and the rehearsal's destroy covers the SDK's deletes.
 */
async function rehearseGuideSamples(language: ExampleLanguage, programDir: string, home: string | undefined): Promise<void> {
  const emulator = await startEmulator({ db: ":memory:" });
  emulators.push(emulator);
  const prepared = await prepareGuideSamples(emulator);
  const { resources } = examplesProgram(language, "guides");
  const { stack, outputs } = await upSideStack(language, programDir, home, GUIDES_FOLDER, prepared.config);
  expect(resourcesInState(stack)).toEqual(expect.arrayContaining(resources));
  await expectGuideSamplesMade(prepared, outputs, (await stack.exportState()).text);
  // Every sample's resource (the explicit provider among them), and the stack.
  await expectNoChangePreview(stack, resources.length + 1);
}

/** The lookups' examples' program beside the guides' (guideSamplesFiles, the same installs reused). */
const lookupsFiles = (language: ExampleLanguage, project: string) => guideSamplesFiles(language, project, "functions", LOOKUPS_FOLDER);

/**
 * Every lookup's example (docs/resources/examples/functions/<getThing>/, the conversion each
 * function page shows) in `language`, in one stack of the lookups' program inside `programDir`, on
 * an emulator of its own seeded with exactly one object of each looked-up title
 * (support/lookup-examples.ts, as the YAML run in guide-examples.test.ts): the guides' samples and
 * the resource pages' examples make objects of the same titles, so in their stacks a lookup would
 * find two, or none yet. Up, each lookup's output the seeded object's, a no-change preview.
 */
async function rehearseLookups(language: ExampleLanguage, programDir: string, home: string | undefined): Promise<void> {
  const started = Date.now();
  const emulator = await startEmulator({ db: ":memory:" });
  emulators.push(emulator);
  const prepared = await prepareLookupExamples(emulator);
  const { stack, outputs } = await upSideStack(language, programDir, home, LOOKUPS_FOLDER, prepared.config);
  expectLookupsFound(prepared, outputs);
  // The stack alone: lookups make no resource.
  await expectNoChangePreview(stack, 1);
  console.log(`${language}: the lookups' stack took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The programs: `examples` is what runs the resource pages' examples (examples-program.ts), after the lookup. */
const pythonProgram = (examples: string) => `import pulumi
import pulumi_docs_platform as docs

config = pulumi.Config()
organization = docs.get_organization()
writers = docs.Team("writers", title=config.require("teamTitle"), members=["eli@acme.test"])
handbook = docs.Collection("handbook", title="Python handbook", description=config.get("handbookDescription"))
onboarding = docs.Space("onboarding", title="Onboarding", parent=handbook.id)
pulumi.export("organizationTitle", organization.title)
pulumi.export("writersTeam", writers.id)
pulumi.export("handbookCollection", handbook.id)
pulumi.export("onboardingSpace", onboarding.id)
# The stack's config as pulumi.Config reads it, in each form (the language host's part).
pulumi.export("count", config.get_int("count"))
pulumi.export("absentIsNone", config.get("absent") is None)
pulumi.export("password", config.require_secret("password"))
pulumi.export("region", pulumi.Config("elsewhere").get("region"))

${examples}`;

const PASSWORD = "correct horse battery staple";

const goProgram = (examples: string) => `package main

import (
\tdocs "github.com/docs-platform/pulumi-docs-platform/sdk/go/docsplatform"
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
\tpulumi.Run(func(ctx *pulumi.Context) error {
\t\torganization, err := docs.GetOrganization(ctx, &docs.GetOrganizationArgs{})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\twriters, err := docs.NewTeam(ctx, "writers", &docs.TeamArgs{Title: pulumi.String(config.Require(ctx, "teamTitle")), Members: pulumi.StringArray{pulumi.String("eli@acme.test")}})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\thandbook, err := docs.NewCollection(ctx, "handbook", &docs.CollectionArgs{Title: pulumi.String("Go handbook")})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tonboarding, err := docs.NewSpace(ctx, "onboarding", &docs.SpaceArgs{Title: pulumi.String("Onboarding"), Parent: handbook.ID().ToStringOutput()})
\t\tif err != nil {
\t\t\treturn err
\t\t}
\t\tctx.Export("organizationTitle", pulumi.String(organization.Title))
\t\tctx.Export("writersTeam", writers.ID())
\t\tctx.Export("handbookCollection", handbook.ID())
\t\tctx.Export("onboardingSpace", onboarding.ID())
\t\t// The resource pages' examples, each a function of this package.
${examples}
\t\treturn nil
\t})
}
`;

const typescriptProgram = (examples: string) => `import * as docs from "@docs-platform/pulumi";

const writers = new docs.Team("writers", { title: "TypeScript writers", members: ["eli@acme.test"] });
const handbook = new docs.Collection("handbook", { title: "TypeScript handbook" });
const onboarding = new docs.Space("onboarding", { title: "Onboarding", parent: handbook.id });
const organization = docs.getOrganization({});
export const organizationTitle = organization.then((found) => found.title);
export const writersTeam = writers.id;
export const handbookCollection = handbook.id;
export const onboardingSpace = onboarding.id;
// The resource pages' examples, loaded once the lookup has its answer (a static import would run
// them first): the organization-settings example retitles the organization. Their outputs in one object.
export const examples = organization.then(() => ${examples});
`;

const javaProgram = (examples: string) => `package rehearsal;

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
            var writers = new Team("writers", TeamArgs.builder().title("Java writers").members("eli@acme.test").build());
            var handbook = new Collection("handbook", CollectionArgs.builder().title("Java handbook").build());
            var onboarding = new Space("onboarding", SpaceArgs.builder().title("Onboarding").parent(handbook.id()).build());
            ctx.export("writersTeam", writers.id());
            ctx.export("handbookCollection", handbook.id());
            ctx.export("onboardingSpace", onboarding.id());
            // The resource pages' examples, each class App of its own package.
${examples}
            // See the test: the lookup once the plugin is installed.
            if (ctx.config().getBoolean("lookUpOrganization").orElse(false)) {
                var organization = DocsplatformFunctions.getOrganization(GetOrganizationArgs.builder().build());
                ctx.export("organizationTitle", organization.applyValue(result -> result.title()));
            }
        });
    }
}
`;

/** The Java program's build: the release's artifact from the local Maven repository, run by `exec:java` (what pulumi-language-java does). */
const JAVA_POM = javaPom({ groupId: "rehearsal", artifactId: "rehearsal-java", dependencies: [`com.docsplatform:docs-platform:${VERSION}`], mainClass: "rehearsal.App" });

// Side by side: each mostly waits on its toolchain, the CLI and the emulator.
describe.concurrent("release rehearsals per language", () => {
  it(
    "Python: before `pulumi install` the host says what to run; `pulumi install` makes the virtualenv from the wheel and pulumi, the host reports the wheel's plugin and it comes from the wheel's server; the stack's config in each form; up with every example, no-change preview, a config change, destroy",
    { timeout: minutes(12) },
    async () => {
      const python = await target("python");
      const wheel = onlyFile(path.join(sdkDir, "python"), ".whl");
      const programDir = await writeProgram("rehearsal-python", {
        "Pulumi.yaml": ["name: rehearsal-python", "runtime:", "  name: python", "  options:", "    virtualenv: venv", ""].join("\n"),
        "requirements.txt": `pulumi==${requiredPulumiVersion()}\n${wheel}\n`,
        "__main__.py": pythonProgram(python.examples.run),
        ...python.examples.files,
        ...guideSamplesFiles("python", "rehearsal-python-guides"),
        ...lookupsFiles("python", "rehearsal-python-lookups"),
      });
      const stack = await rehearsalStack(python, programDir, "python", {
        teamTitle: "Python writers",
        count: "3",
        password: { value: PASSWORD, secret: true },
        "elsewhere:region": "eu-west",
      });

      // Before `pulumi install`: the language host says the virtualenv is missing and how to make it.
      const early = await stack.run(["up", "--yes", "--skip-preview"]);
      expect(early.exitCode).not.toBe(0);
      expect(early.stdout + early.stderr).toContain(
        `The 'virtualenv' option in Pulumi.yaml is set to "venv", but ${path.join(programDir, "venv")} does not appear to be a virtual environment`,
      );
      expect(early.stdout + early.stderr).toContain("Run `pulumi install`");

      const install = assertSucceeded(await runPulumi(["install"], { cwd: programDir, env: stack.env, timeoutMs: minutes(8) }));
      expect(install.stdout + install.stderr).toContain("Creating virtual environment");
      const venvPackages = (await run(path.join(programDir, "venv", "bin", "python"), ["-m", "pip", "list", "--format=json"])).stdout;
      expect((JSON.parse(venvPackages) as Array<{ name: string; version: string }>).map((entry) => entry.name)).toEqual(expect.arrayContaining(["pulumi", "pulumi_docs_platform"]));
      // The language host reported the wheel's plugin (its pulumi-plugin.json), and `pulumi install`
      // installed it from the wheel's server: before any `up`.
      expectReleasedPluginInstalled(stack);
      // What the engine asked the host for, asked again here as the engine asks: the plugin the
      // installed wheel names in its pulumi-plugin.json, with its server.
      const host = await startLanguageHost("python", programDir, stack.env, { virtualenv: "venv" });
      try {
        const expected = [{ kind: "resource", name: "docs-platform", version: VERSION, server: pluginDownloadUrl }];
        expect(await host.requiredPackages()).toEqual(expected);
        expect(await host.requiredPlugins()).toEqual(expected);
      } finally {
        host.close();
      }

      const outputs = await upAndPreview(stack, python, "Python");
      // pulumi.Config: get_int, require_secret, another namespace, None for an absent key (get and
      // require are the team's title and the handbook's description); the secret stays one in the state.
      expect(outputs).toMatchObject({ count: 3, absentIsNone: true, password: PASSWORD, region: "eu-west" });
      expect((await stack.exportState()).text).not.toContain(PASSWORD);

      // A change read from stack config: exactly the team is updated, in place.
      await stack.setConfig("teamTitle", "Python editors");
      const preview = await stack.preview();
      expect(changeCounts(preview)).toEqual({ update: 1 });
      expect(changedSteps(preview).map((step) => step.urn)).toEqual([expect.stringMatching(/docs-platform:index:Team::writers$/)]);
      await stack.up();
      // The lookup now finds the title the organization-settings example gave in the first `up`.
      expect(await stack.outputs()).toEqual({ ...outputs, organizationTitle: EXAMPLES_ORGANIZATION_TITLE });
      expect(await python.api.get(`/orgs/org-acme/teams/${outputs.writersTeam}`)).toMatchObject({ title: "Python editors" });
      expect(await python.api.get(`/collections/${outputs.handbookCollection}`)).toMatchObject({ title: "Python handbook" });
      await expectNoChange(stack, python);

      // The guides' stack beside the destroy, which runs no program: each its own emulator.
      await Promise.all([
        destroy(stack, python, outputs),
        rehearseGuideSamples("python", programDir, stack.env.PULUMI_HOME),
        rehearseLookups("python", programDir, stack.env.PULUMI_HOME),
      ]);
    },
  );

  it("Go: the release's module vets and goes through a replace; up with every example, no-change preview, destroy", { timeout: minutes(12) }, async () => {
    const go = await target("go");
    const programDir = await writeProgram("rehearsal-go", {
      "Pulumi.yaml": ["name: rehearsal-go", "runtime: go", ""].join("\n"),
      "main.go": goProgram(go.examples.run),
      ...go.examples.files,
      ...guideSamplesFiles("go", "rehearsal-go-guides"),
      ...lookupsFiles("go", "rehearsal-go-lookups"),
      "go.mod": [
        "module rehearsal-go",
        "",
        "go 1.25.11",
        "",
        `require (\n\tgithub.com/docs-platform/pulumi-docs-platform/sdk/go v${VERSION}\n\tgithub.com/pulumi/pulumi/sdk/v3 v${requiredPulumiVersion()}\n)`,
        "",
        `replace github.com/docs-platform/pulumi-docs-platform/sdk/go => ${path.join(sdkDir, "go")}`,
        "",
      ].join("\n"),
    });
    // The module as published: every package of it builds and vets (the program builds only what it imports).
    await run("go", ["vet", "./..."], { cwd: path.join(sdkDir, "go"), env: { ...process.env, ...goEnvironment }, maxBuffer: 1 << 26 });
    await run("go", ["mod", "tidy"], { cwd: programDir, env: { ...process.env, GOFLAGS: "-mod=mod" }, maxBuffer: 1 << 26 });
    // The title from stack config: the Go SDK reads `<project>:teamTitle`, as the host now sends it.
    const stack = await rehearsalStack(go, programDir, "go", { teamTitle: "Go writers" });
    const outputs = await upAndPreview(stack, go, "Go");
    await Promise.all([destroy(stack, go, outputs), rehearseGuideSamples("go", programDir, stack.env.PULUMI_HOME), rehearseLookups("go", programDir, stack.env.PULUMI_HOME)]);
  });

  it("TypeScript: the release's tarball npm-installed; up with every example, no-change preview, destroy", { timeout: minutes(12) }, async () => {
    const typescript = await target("typescript");
    const tarball = onlyFile(path.join(sdkDir, "nodejs"), ".tgz");
    const programDir = await writeProgram("rehearsal-typescript", {
      "Pulumi.yaml": ["name: rehearsal-typescript", "runtime: nodejs", ""].join("\n"),
      "package.json": JSON.stringify({ name: "rehearsal-typescript", private: true, main: "index.ts" }, null, 2),
      "index.ts": typescriptProgram(typescript.examples.run),
      ...typescript.examples.files,
      ...guideSamplesFiles("typescript", "rehearsal-typescript-guides"),
      ...lookupsFiles("typescript", "rehearsal-typescript-lookups"),
    });
    // What a user types: the SDK's tarball and @pulumi/pulumi at the CLI's version.
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, `@pulumi/pulumi@${requiredPulumiVersion()}`], { cwd: programDir, maxBuffer: 1 << 26 });
    const installed = JSON.parse(fs.readFileSync(path.join(programDir, "node_modules", "@docs-platform", "pulumi", "package.json"), "utf8"));
    expect(installed).toMatchObject({ name: "@docs-platform/pulumi", version: VERSION });
    const stack = await rehearsalStack(typescript, programDir, "typescript");
    const outputs = await upAndPreview(stack, typescript, "TypeScript");
    await Promise.all([
      destroy(stack, typescript, outputs),
      rehearseGuideSamples("typescript", programDir, stack.env.PULUMI_HOME),
      rehearseLookups("typescript", programDir, stack.env.PULUMI_HOME),
    ]);
  });

  it(
    "Java: the release's jar and pom in the local Maven repository; up with every example, the lookup once the plugin is installed, no-change preview, destroy",
    { timeout: minutes(12) },
    async () => {
      // What a user does with an artifact not in a remote repository: `mvn install:install-file` (once for the run).
      await installReleasedJar();
      const java = await target("java");
      const programDir = await writeProgram("rehearsal-java", {
        "Pulumi.yaml": ["name: rehearsal-java", "runtime: java", ""].join("\n"),
        "pom.xml": JAVA_POM,
        "src/main/java/rehearsal/App.java": javaProgram(java.examples.run),
        ...java.examples.files,
        ...guideSamplesFiles("java", "rehearsal-java-guides"),
        ...lookupsFiles("java", "rehearsal-java-lookups"),
      });
      const stack = await rehearsalStack(java, programDir, "java");
      // Its no-change preview comes after the lookup's up (each command of a Java program is a Maven run).
      // The examples register resources only (no lookup): the first `up` installs the plugin as before.
      const outputs = await upAndPreview(stack, java, "Java", { lookup: false, preview: false });
      // pulumi-java 1.12.0 sends a function's invoke without the SDK's plugin download URL (only a
      // resource's registration carries it), so a first `up` whose first request is the lookup looks
      // for the plugin at get.pulumi.com (README, Java). Once the plugin is installed, the lookup works.
      await stack.setConfig("lookUpOrganization", "true");
      await stack.up();
      // After the first `up`'s examples: the title the organization-settings example gave.
      expect(await stack.outputs()).toEqual({ ...outputs, organizationTitle: EXAMPLES_ORGANIZATION_TITLE });
      await expectNoChange(stack, java);
      await Promise.all([destroy(stack, java, outputs), rehearseGuideSamples("java", programDir, undefined), rehearseLookups("java", programDir, undefined)]);
    },
  );
});
