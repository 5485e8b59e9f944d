/**
 * The Terraform pages' examples run by the real OpenTofu (full tier, issue 43 item 5: "each with an
 * HCL example run by the tests"). Every resource page's and data source page's Example Usage is
 * read from the generated Markdown (docs/terraform/, what a user copies), written as it stands
 * into a module of its own, and all 26 modules go into one configuration: apply, then
 * `plan -detailed-exitcode` exits 0, then destroy, three tofu runs in all after `tofu get` has
 * installed the modules (a tofu run costs 15 to 50 s under load: not 26 projects of three runs).
 *
 * Between the no-change plan and the destroy, each resource page's Import command: the page's
 * resource taken out of the state (`tofu state rm`), then its `tofu import <address> '<id form>'`
 * as the page writes it, with the address in the page's module and the id form's placeholders
 * (`<site_id>/<site_space_id>`) filled from the object's state, gives the resource back under the
 * same id; the destroy after it finds every resource again.
 *
 * A module each, because the examples reuse their names (eight declare `docsplatform_site.portal`)
 * as any page's example does: a module is Terraform's own namespace, so every example runs word
 * for word, beside the `terraform { required_providers }` block the provider's index page gives.
 *
 * The gap the pages leave, filled here visibly: a data source looks up an object the user already
 * has, by its title ("Developer portal", "Getting started", "Guides", "Writers"), and fails when
 * none or several match. The resource examples make several of those titles (eight sites titled
 * "Developer portal", four spaces "Getting started"), so the data source examples read a second
 * emulator (an aliased provider whose only setting is `api_url`) in which the test first made one
 * object of each looked-up title through the API; the members they look up (ada@acme.test, the
 * admins) are the fixture's.
 */
import fs from "node:fs/promises";
import type { Code } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUPS } from "../../provider/lookups/registry.ts";
import { KINDS } from "../../provider/resources/kinds.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { repositoryRoot, scratch, stepTimings } from "./support/tofu.ts";
import { type SharedProvider } from "./support/shared-provider.ts";
import { apiGet, listAll, sharedProvider, shown, type TofuProject, tofuProject } from "./support/tofu-project.ts";

const DOCS = path.join(repositoryRoot, "docs", "terraform");

/** A page's Example Usage: the first `terraform` fence after that heading, as the page has it. */
function exampleOf(markdown: string, page: string): string {
  const section = markdown.split(/^## Example Usage$/m)[1];
  const hcl = section && /^```terraform\n([^]*?)^```$/m.exec(section)?.[1];
  if (!hcl) throw new Error(`docs/terraform/${page}: no \`\`\`terraform fence under "## Example Usage"`);
  return hcl;
}

/** A resource page's Import command, `tofu import <address> '<id form>'`, from its `shell` block (read as Markdown). */
function importCommandOf(markdown: string, page: string): { address: string; idForm: string } {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const block = tree.children.find((node): node is Code => node.type === "code" && node.lang === "shell" && node.value.startsWith("tofu import "));
  const match = block && /^tofu import (\S+) '([^']+)'$/.exec(block.value.trim());
  if (!match) throw new Error(`docs/terraform/${page}: no \`tofu import <address> '<id>'\` shell block`);
  return { address: match[1], idForm: match[2] };
}

interface Example {
  /** `resources/site_space.md` */
  page: string;
  /** The module's name in the root configuration: `resource_site_space`, `data_source_site`. */
  module: string;
  hcl: string;
  dataSource: boolean;
  /** A resource page's Import command. */
  importCommand?: { address: string; idForm: string };
}

async function pageExamples(): Promise<Example[]> {
  const examples: Example[] = [];
  for (const folder of ["resources", "data-sources"]) {
    for (const file of (await fs.readdir(path.join(DOCS, folder))).filter((name) => name.endsWith(".md")).sort()) {
      const page = `${folder}/${file}`;
      const dataSource = folder === "data-sources";
      const markdown = await fs.readFile(path.join(DOCS, page), "utf8");
      examples.push({
        page,
        module: `${dataSource ? "data_source" : "resource"}_${file.replace(/\.md$/, "")}`,
        hcl: exampleOf(markdown, page),
        dataSource,
        ...(dataSource ? {} : { importCommand: importCommandOf(markdown, page) }),
      });
    }
  }
  return examples;
}

/** The objects the data source pages look up by title, made in the lookups' emulator first. */
const LOOKED_UP = [
  { path: "collections", method: "POST", title: "Guides", dataSource: "data.docsplatform_collection.guides" },
  { path: "spaces", method: "POST", title: "Getting started", dataSource: "data.docsplatform_space.guides" },
  { path: "sites", method: "POST", title: "Developer portal", dataSource: "data.docsplatform_site.portal" },
  { path: "teams", method: "PUT", title: "Writers", dataSource: "data.docsplatform_team.writers" },
] as const;

let work: Awaited<ReturnType<typeof scratch>>;
/** Where the resource examples make their objects. */
let emulator: Emulator;
/** Where the data source examples look theirs up. */
let lookups: Emulator;
let tofu: string;
let project: TofuProject;
/** The file's one provider process: every command reattaches to it (support/shared-provider.ts). */
let provider: SharedProvider;
let examples: Example[] = [];
/** The id of each object made for a lookup, by the data source that must find it. */
const lookedUpIds = new Map<string, string>();
const started = Date.now();
const { timings, timed } = stepTimings();

/** The index page's `terraform { required_providers }` block: what a user's configuration has beside an example. */
async function requiredProvidersBlock(): Promise<string> {
  const hcl = exampleOf(await fs.readFile(path.join(DOCS, "index.md"), "utf8"), "index.md");
  const block = /^terraform \{\n[^]*?^\}$/m.exec(hcl)?.[0];
  if (!block) throw new Error("docs/terraform/index.md: its example has no `terraform { ... }` block");
  return `${block}\n`;
}

beforeAll(async () => {
  tofu = await ensureTofu();
  work = await scratch("terraform-tofu-docs-examples");
  // The OpenAPI example waits for processing (wait_for_processing = true): the emulator's is short.
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 100 });
  lookups = await startEmulator({ db: ":memory:" });
  const organization = lookups.fixture.organizations[0];
  for (const object of LOOKED_UP) {
    const response = await fetch(`${lookups.url}/orgs/${organization.id}/${object.path}`, {
      method: object.method,
      headers: { authorization: `Bearer ${organization.admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: object.title }),
    });
    expect(response.status, `${object.method} ${object.path}: ${await response.clone().text()}`).toBeLessThan(300);
    lookedUpIds.set(object.dataSource, ((await response.json()) as { id: string }).id);
  }

  examples = await pageExamples();
  provider = await sharedProvider(work.dir, emulator);
  project = await tofuProject(tofu, work.dir, "pages", emulator, { provider });
  const versions = await requiredProvidersBlock();
  const modules: string[] = [];
  for (const example of examples) {
    const folder = path.join("examples", example.page.replace(/\.md$/, ""));
    await fs.mkdir(path.join(project.dir, folder), { recursive: true });
    await project.write(path.join(folder, "main.tf"), example.hcl);
    await project.write(path.join(folder, "versions.tf"), versions);
    modules.push(
      [`module "${example.module}" {`, `  source = "./${folder}"`, ...(example.dataSource ? ["  providers = { docsplatform = docsplatform.lookups }"] : []), "}"].join("\n"),
    );
  }
  await project.write(
    "main.tf",
    [
      versions,
      "# The resource examples: the emulator of DOCS_PLATFORM_API_URL.",
      'provider "docsplatform" {}',
      "",
      "# The data source examples: the emulator holding one object of each title they look up.",
      'provider "docsplatform" {',
      '  alias   = "lookups"',
      `  api_url = ${JSON.stringify(lookups.url)}`,
      "}",
      "",
      ...modules.map((module) => `${module}\n`),
    ].join("\n"),
  );
  // Modules are installed by `tofu get` (not `tofu init`: the provider comes from dev_overrides, no registry).
  const got = await timed("get", () => project.tofu("get"));
  expect(got.code, shown(got)).toBe(0);
}, 30 * 60_000);

afterAll(async () => {
  console.log(`tofu-docs-examples: ${((Date.now() - started) / 1000).toFixed(0)}s in all: ${timings.join(", ")}`);
  await provider?.close();
  await emulator?.close();
  await lookups?.close();
  await work?.remove();
});

/** Resource blocks in the resource examples: what apply adds and destroy removes. */
const resourceCount = () => examples.reduce((count, example) => count + (example.hcl.match(/^resource "/gm) ?? []).length, 0);

describe("the Terraform pages' examples, as written, through OpenTofu", () => {
  it("has an example on every resource and data source page", () => {
    expect(examples.filter((example) => !example.dataSource)).toHaveLength(KINDS.length);
    expect(examples.filter((example) => example.dataSource)).toHaveLength(LOOKUPS.length);
  });

  it("applies every example, then plans no change", async () => {
    const apply = await timed("apply", () => project.tofu("apply", "-auto-approve"));
    expect(apply.code, shown(apply)).toBe(0);
    expect(apply.stdout).toContain(`${resourceCount()} added, 0 changed, 0 destroyed`);
    const plan = await timed("plan", () => project.tofu("plan", "-detailed-exitcode"));
    expect(plan.code, shown(plan)).toBe(0);

    // Each data source found the one object the test made for it.
    const state = JSON.parse((await project.tofu("show", "-json")).stdout) as {
      values: { root_module: { child_modules?: { address: string; resources?: { address: string; values: Record<string, any> }[] }[] } };
    };
    const read = new Map(
      (state.values.root_module.child_modules ?? []).flatMap((module) =>
        (module.resources ?? [])
          .filter((resource) => resource.address.startsWith(`${module.address}.data.`))
          .map((resource) => [resource.address.slice(module.address.length + 1), resource.values] as const),
      ),
    );
    for (const [dataSource, id] of lookedUpIds) expect(read.get(dataSource)?.id, dataSource).toBe(id);
    expect(read.get("data.docsplatform_member.ada")?.id).toBe("usr-acme-admin");
    // The resource examples' objects are in the API.
    const organizationId = emulator.fixture.organizations[0].id;
    const sitesDeclared = examples.reduce((count, example) => count + (example.hcl.match(/^resource "docsplatform_site" /gm) ?? []).length, 0);
    expect((await listAll(emulator, `/orgs/${organizationId}/sites`)).filter((site) => site.title === "Developer portal")).toHaveLength(sitesDeclared);
    expect((await apiGet(emulator, `/orgs/${organizationId}`)).title).toBe("Acme Documentation");
  }, 600_000);

  it("imports each resource page's object again by its Import command, under the same id", async () => {
    const state = JSON.parse((await project.tofu("show", "-json")).stdout) as {
      values: { root_module: { child_modules?: { address: string; resources?: { address: string; values: Record<string, unknown> }[] }[] } };
    };
    const byAddress = new Map(
      (state.values.root_module.child_modules ?? []).flatMap((module) => (module.resources ?? []).map((resource) => [resource.address, resource.values] as const)),
    );
    const failures: string[] = [];
    for (const example of examples.filter((candidate) => candidate.importCommand)) {
      const { address, idForm } = example.importCommand!;
      const inModule = `module.${example.module}.${address}`;
      const values = byAddress.get(inModule);
      if (!values) {
        failures.push(`${example.page}: ${address} is no resource of its example`);
        continue;
      }
      // Each placeholder is the attribute of its name, else the object's own id (`<site_space_id>` of a site space).
      const id = idForm.replace(/<([a-z_]+)>/g, (_all, name: string) => String(values[name] ?? values.id));
      const removed = await timed("state rm", () => project.tofu("state rm", inModule));
      const imported = await timed("import", () => project.tofu("import", inModule, id));
      if (removed.code !== 0 || imported.code !== 0) failures.push(`${example.page}: tofu import ${inModule} '${id}': ${shown(imported)}`);
    }
    expect(failures).toEqual([]);
    const after = JSON.parse((await project.tofu("show", "-json")).stdout) as typeof state;
    const ids = new Map(
      (after.values.root_module.child_modules ?? []).flatMap((module) => (module.resources ?? []).map((resource) => [resource.address, resource.values.id] as const)),
    );
    for (const [address, values] of byAddress) expect(ids.get(address), address).toBe(values.id);
  }, 600_000);

  it("destroys every example: the API no longer lists what they made", async () => {
    const destroy = await timed("destroy", () => project.tofu("destroy", "-auto-approve"));
    expect(destroy.code, shown(destroy)).toBe(0);
    expect(destroy.stdout).toContain(`${resourceCount()} destroyed`);
    const organization = `/orgs/${emulator.fixture.organizations[0].id}`;
    expect(await listAll(emulator, `${organization}/sites`)).toEqual([]);
    expect(await listAll(emulator, `${organization}/collections`)).toEqual([]);
    expect(await listAll(emulator, `${organization}/saml`)).toEqual([]);
    expect(await listAll(emulator, `${organization}/openapi`)).toEqual([]);
    expect(await listAll(emulator, `${organization}/translations`)).toEqual([]);
    expect((await listAll(emulator, `${organization}/teams`)).map((team) => team.title)).toEqual([]);
  }, 600_000);
});
