/**
 * The OpenTofu guides (docs/terraform/guides/), followed word for word with the real CLIs (full
 * tier): each guide's files and shell blocks in its order, as one bash script
 * (e2e/support/markdown-steps.ts), in a folder of its own, against an emulator whose fixture holds
 * what the guides name (the organizations `org_docs_dev`, `org_docs_staging`, `org_docs_prod`, a
 * member `lead@example.com` in each, prod's collection `col_products` and space `spc_handbook`).
 *
 * What the test puts around the words, as a user's machine has it: `tofu` (ensure-tofu.ts) and the
 * Pulumi CLI on PATH, the provider installed from a filesystem mirror (OpenTofu's unpacked layout,
 * the executable a launcher of this checkout's build: test/release/terraform-release.test.ts
 * installs the release's zip the same way), `DOCS_PLATFORM_API_URL` and the tokens the guides
 * read from the environment (`DOCS_PLATFORM_TOKEN`, `DEV_TOKEN`, ...), and
 * `TF_CLI_ARGS_apply=-auto-approve` for the prompt a person answers. Then the API is asked what
 * the guides promise.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { stateDirEnvironment } from "../pulumi-cli/run-pulumi.ts";
import { bash, scriptOf, sectionSteps } from "../e2e/support/markdown-steps.ts";
import { PROVIDER_EXECUTABLE, repositoryRoot, scratch, writeLauncher } from "./support/tofu.ts";

const minutes = (n: number) => n * 60_000;
const GUIDES = path.join(repositoryRoot, "docs", "terraform", "guides");
const VERSION = "0.1.0";

/** A guide's whole page as steps: every block after its `# ` heading. */
async function guideScript(file: string): Promise<string> {
  const markdown = await fs.readFile(path.join(GUIDES, file), "utf8");
  const title = /^# (.+)$/m.exec(markdown)![1];
  return scriptOf(sectionSteps(markdown, title, 1));
}

const ORGANIZATIONS = ["dev", "staging", "prod"] as const;
const admin = (environment: string) => `tok-docs-${environment}-admin`;

/** Three organizations, each with its admin and the lead (one person, one user id per organization as the guides say). */
function fixture(): object {
  return {
    users: ORGANIZATIONS.flatMap((environment) => [
      {
        id: `usr_${environment}_admin`,
        displayName: `Admin ${environment}`,
        email: `admin@${environment}.example.com`,
        token: admin(environment),
      },
    ]).concat([{ id: "usr_lead", displayName: "Lee Lead", email: "lead@example.com", token: "tok-docs-lead" }]),
    organizations: ORGANIZATIONS.map((environment) => ({
      id: `org_docs_${environment}`,
      title: `Docs (${environment})`,
      members: [
        { user: `usr_${environment}_admin`, role: "admin" },
        { user: "usr_lead", role: "edit" },
      ],
      ...(environment === "prod"
        ? {
            collections: [{ id: "col_products", title: "Products" }],
            spaces: [{ id: "spc_handbook", title: "Handbook", parent: "col_products" }],
          }
        : {}),
    })),
  };
}

/** A bash run's output without the terminal's colours (OpenTofu writes them whatever NO_COLOR says). */
async function followed(script: string, cwd: string): Promise<{ code: number | null; output: string }> {
  const run = await bash(script, cwd, env);
  // eslint-disable-next-line no-control-regex
  return { code: run.code, output: run.output.replace(/\u001b\[[0-9;]*m/g, "") };
}

let emulator: Emulator;
let work: Awaited<ReturnType<typeof scratch>>;
let env: NodeJS.ProcessEnv;

async function api(pathname: string, token = admin("prod")): Promise<any> {
  const response = await fetch(`${emulator.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, `GET ${pathname}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  const tofu = await ensureTofu();
  const pulumi = await ensurePulumi();
  work = await scratch("terraform-guides");
  const fixtureFile = path.join(work.dir, "fixture.json");
  await fs.writeFile(fixtureFile, JSON.stringify(fixture()));
  emulator = await startEmulator({ db: ":memory:", fixture: fixtureFile });

  // The provider as `tofu init` finds it in a filesystem mirror: <host>/<namespace>/<type>/<version>/<os>_<arch>/.
  const mirror = path.join(work.dir, "mirror");
  const platformDir = path.join(
    mirror,
    "registry.opentofu.org",
    "docs-platform",
    "docsplatform",
    VERSION,
    "linux_amd64",
  );
  await writeLauncher(platformDir);
  await fs.rename(
    path.join(platformDir, PROVIDER_EXECUTABLE),
    path.join(platformDir, `${PROVIDER_EXECUTABLE}_v${VERSION}`),
  );
  const cliConfig = path.join(work.dir, "tofu.rc");
  await fs.writeFile(
    cliConfig,
    `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["docs-platform/docsplatform"]\n  }\n}\n`,
  );

  const pulumiEnv = await stateDirEnvironment(path.join(work.dir, "pulumi"), { binDir: pulumi.binDir });
  env = {
    ...pulumiEnv,
    PATH: `${path.dirname(tofu)}:${pulumiEnv.PATH}`,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_PLUGIN_CACHE_DIR: "",
    TF_CLI_ARGS_apply: "-auto-approve",
    CHECKPOINT_DISABLE: "1",
    NO_COLOR: "1",
    DOCS_PLATFORM_API_URL: emulator.url,
    DOCS_PLATFORM_TOKEN: admin("prod"),
    DEV_TOKEN: admin("dev"),
    STAGING_TOKEN: admin("staging"),
    PROD_TOKEN: admin("prod"),
  };
}, minutes(30));

afterAll(async () => {
  await emulator?.close();
  await work?.remove();
});

describe("the OpenTofu guides, followed word for word", () => {
  it(
    "environments.md: one root, three organizations, each its own workspace and .tfvars",
    { timeout: minutes(12) },
    async () => {
      const folder = path.join(work.dir, "environments", "docs-platform");
      await fs.mkdir(folder, { recursive: true });
      const run = await followed(await guideScript("environments.md"), folder);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain("No changes.");

      for (const environment of ORGANIZATIONS) {
        const token = admin(environment);
        const organization = `org_docs_${environment}`;
        const spaces = (await api(`/orgs/${organization}/spaces`, token)).items.map(
          (space: { title: string }) => space.title,
        );
        expect(spaces, environment).toContain(environment === "prod" ? "Handbook" : `Handbook (${environment})`);
        const writers = (await api(`/orgs/${organization}/teams`, token)).items.find(
          (team: { title: string }) => team.title === "Writers",
        );
        expect(writers, environment).toBeDefined();
        // The lead, looked up by email in each organization, is the team's one member.
        const members = (await api(`/orgs/${organization}/teams/${writers.id}/members`, token)).items.map(
          (member: { organization: { id: string } }) => member.organization.id,
        );
        expect(members, environment).toEqual(["usr_lead"]);
      }
      // A state per environment, as `tofu workspace new` keeps them.
      for (const environment of ORGANIZATIONS)
        await fs.access(path.join(folder, "terraform.tfstate.d", environment, "terraform.tfstate"));
    },
  );

  it(
    "import-an-organization.md: import blocks, generated configuration, a plan with no change after",
    { timeout: minutes(10) },
    async () => {
      const folder = path.join(work.dir, "import");
      await fs.mkdir(folder, { recursive: true });
      const before = await api("/orgs/org_docs_prod/spaces");
      const run = await followed(await guideScript("import-an-organization.md"), folder);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain("Plan: 3 to import, 0 to add, 0 to change, 0 to destroy.");
      expect(run.output).toContain("Apply complete! Resources: 3 imported, 0 added, 0 changed, 0 destroyed.");
      expect(run.output).toContain("No changes.");
      const generated = await fs.readFile(path.join(folder, "generated.tf"), "utf8");
      for (const address of [
        'resource "docsplatform_organization_settings" "main"',
        'resource "docsplatform_collection" "products"',
        'resource "docsplatform_space" "handbook"',
      ])
        expect(generated).toContain(address);
      // Reads only: the organization's spaces are as they were.
      expect(await api("/orgs/org_docs_prod/spaces")).toEqual(before);
    },
  );

  /** The user's program before the move, for each door: a team, a space, a site and a section of it (an object inside a site). */
  const doors = [
    {
      door: "the provider plugin (a YAML program)",
      type: "docs-platform:index:",
      // Anywhere: the plugin is named by its path.
      parent: () => path.join(work.dir, "move-plugin"),
      files: {
        "Pulumi.yaml": [
          "name: docs-setup",
          "runtime: yaml",
          "plugins:",
          "  providers:",
          "    - name: docs-platform",
          `      path: ${path.join(repositoryRoot, "provider", "docs-platform")}`,
          "resources:",
          "  writers: { type: docs-platform:index:Team, properties: { title: Writers } }",
          "  handbook: { type: docs-platform:index:Space, properties: { title: Handbook } }",
          "  portal: { type: docs-platform:index:Site, properties: { title: Developer portal } }",
          "  handbook-section:",
          "    type: docs-platform:index:SiteSection",
          '    properties: { siteId: "${portal.id}", spaceId: "${handbook.id}", title: Handbook }',
          "",
        ].join("\n"),
      },
    },
    {
      door: "the TypeScript package (dynamic providers)",
      type: "pulumi-nodejs:dynamic/docs-platform:",
      // Inside the repository: the program and the dynamic provider's host resolve the package from its node_modules.
      parent: () => path.join(repositoryRoot, "test", ".work", `tofu-guides-move-${process.pid}`),
      files: {
        "Pulumi.yaml": [
          "name: docs-setup",
          "runtime:",
          "  name: nodejs",
          "  options:",
          "    typescript: false",
          "main: index.ts",
          "",
        ].join("\n"),
        "index.ts": [
          'import { Site, SiteSection, Space, Team } from "pulumi-docs-platform";',
          "",
          'new Team("writers", { title: "Writers" });',
          'const handbook = new Space("handbook", { title: "Handbook" });',
          'const portal = new Site("portal", { title: "Developer portal" });',
          'new SiteSection("handbook-section", { siteId: portal.id, spaceId: handbook.id, title: "Handbook" });',
          "",
        ].join("\n"),
      },
    },
  ];

  it.each(doors)(
    "move-from-pulumi.md: a stack of $door moved to OpenTofu, no object made again or deleted",
    { timeout: minutes(12) },
    async ({ type, parent: parentOf, files }) => {
      const parent = parentOf();
      const project = path.join(parent, "docs-setup");
      await fs.rm(parent, { recursive: true, force: true });
      await fs.mkdir(project, { recursive: true });
      try {
        for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(project, name), text);
        const made = await bash(
          [
            "pulumi stack init dev",
            'pulumi config set docs-platform:apiUrl "$DOCS_PLATFORM_API_URL"',
            "pulumi config set docs-platform:organizationId org_docs_prod",
            'pulumi config set --secret docs-platform:token "$DOCS_PLATFORM_TOKEN"',
            "pulumi up --yes --non-interactive",
            "pulumi stack export --file stack-before.json",
          ].join("\n"),
          project,
          env,
        );
        expect(made.code, made.output).toBe(0);
        const resources = (
          JSON.parse(await fs.readFile(path.join(project, "stack-before.json"), "utf8")) as {
            deployment: { resources: { type: string; id?: string; outputs?: { siteId?: string } }[] };
          }
        ).deployment.resources.filter((resource) => resource.type.startsWith(type));
        expect(resources.map((resource) => resource.type.slice(type.length)).sort()).toEqual([
          "Site",
          "SiteSection",
          "Space",
          "Team",
        ]);
        const idOf = (kind: string) => String(resources.find((resource) => resource.type === `${type}${kind}`)!.id);

        const run = await followed(await guideScript("move-from-pulumi.md"), parent);
        expect(run.code, run.output).toBe(0);
        expect(run.output).toContain("Plan: 4 to import, 0 to add, 0 to change, 0 to destroy.");
        expect(run.output).toContain("Apply complete! Resources: 4 imported, 0 added, 0 changed, 0 destroyed.");
        expect(run.output).toContain("No changes.");

        // OpenTofu holds the stack's objects under the same ids; the stack is gone; the objects are all still there.
        const state = JSON.parse(
          await fs.readFile(path.join(parent, "docs-setup-tofu", "terraform.tfstate"), "utf8"),
        ) as {
          resources: { instances: { attributes: { id: string } }[] }[];
        };
        expect(state.resources.map((resource) => resource.instances[0].attributes.id).sort()).toEqual(
          resources.map((resource) => String(resource.id)).sort(),
        );
        const stacks = await bash("pulumi stack ls --json", project, env);
        expect(JSON.parse(stacks.output.slice(stacks.output.indexOf("[")))).toEqual([]);
        const ids = async (pathname: string) => (await api(pathname)).items.map((item: { id: string }) => item.id);
        expect(await ids("/orgs/org_docs_prod/teams")).toContain(idOf("Team"));
        expect(await ids("/orgs/org_docs_prod/spaces")).toContain(idOf("Space"));
        expect(await ids("/orgs/org_docs_prod/sites")).toContain(idOf("Site"));
        expect(await ids(`/orgs/org_docs_prod/sites/${idOf("Site")}/sections`)).toContain(idOf("SiteSection"));
      } finally {
        await fs.rm(parent, { recursive: true, force: true });
      }
    },
  );
});
