/**
 * Identity and discovery with the real CLIs (full tier), against an emulator seeded with every
 * kind (support/seeded-organization.ts):
 * - Terraform 1.16.0 (ensure-terraform.ts): `terraform query -generate-config-out` over a `list`
 *   block of every kind finds every object export finds, and writes a resource block and an
 *   `import { identity = {...} }` block for each; `list` blocks narrowed by `limit` and `site_id`
 *   find what they name (`terraform query -json`);
 * - that generated configuration (the SAML certificate, which Terraform leaves out as `null #
 *   sensitive`, given as a variable) plans only imports, no change, then applies (reads only)
 *   and plans nothing, in Terraform 1.16.0 and in OpenTofu 1.12.6 alike (each its own state),
 *   each state holding every object's identity;
 * - Terraform 1.16.0's own create (a section's identity names its site), update (the identity
 *   kept) and destroy;
 * - OpenTofu has no `query` command: its own error and version are shown.
 * Independent runs go side by side.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { discover, discoverableKinds } from "../../provider/door-layer/discovery.ts";
import { identityOf } from "../../provider/terraform/identity.ts";
import { resourceTypeName } from "../../provider/terraform/schema.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { ensureTerraform } from "../pulumi-cli/ensure-terraform.ts";
import { ensureTofu } from "../pulumi-cli/ensure-tofu.ts";
import { PROVIDER_HEADER, type TofuProject, shown, tofuProject } from "./support/tofu-project.ts";
import { scratch, stepTimings } from "./support/tofu.ts";
import { SAML_CERTIFICATE, type SeededOrganization, seedOrganization } from "./support/seeded-organization.ts";

let work: Awaited<ReturnType<typeof scratch>>;
let emulator: Emulator;
let seeded: SeededOrganization;
let tofu: string;
let terraform: string;
/** Every object the walk finds, by resource type: what each list must find. */
const expected = new Map<string, { identities: Record<string, string>[]; names: string[] }>();

beforeAll(async () => {
  [tofu, terraform] = await Promise.all([ensureTofu(), ensureTerraform()]);
  work = await scratch("terraform-discovery");
  emulator = await startEmulator({ db: ":memory:", openapiProcessingMs: 0 });
  const organization = emulator.fixture.organizations[0];
  seeded = await seedOrganization(emulator.url, organization.admin.token, organization.id);
  const client = new ApiClient({ baseUrl: emulator.url, token: organization.admin.token });
  for (const kind of discoverableKinds()) {
    const found = await discover(client, organization.id, kind);
    const identities = found.map((object) => {
      const state: Record<string, unknown> = { ...object.imported.props, id: object.imported.id };
      return Object.fromEntries(
        identityOf(kind).attributes.map((attribute) => [attribute.name, String(state[attribute.part])]),
      );
    });
    expected.set(resourceTypeName(kind), { identities, names: found.map((object) => object.name) });
  }
  await client.close();
}, 40 * 60_000);
afterAll(async () => {
  await emulator?.close();
  await work?.remove();
});

/** Objects Terraform creates itself: a team, a site and a section in it (an identity with site_id). */
const CREATED = [
  PROVIDER_HEADER,
  'resource "docsplatform_team" "made" {\n  title = "Made by terraform"\n}\n',
  'resource "docsplatform_site" "made" {\n  title = "Terraform site"\n}\n',
  'resource "docsplatform_site_section" "made" {\n  site_id  = docsplatform_site.made.id\n  space_id = "spc-acme-guides"\n  title    = "Terraform section"\n}\n',
].join("\n");

/** A `list` block of every resource type, named `all`. */
function everyKindQuery(): string {
  return [...expected.keys()].map((type) => `list "${type}" "all" {\n  provider = docsplatform\n}\n`).join("\n");
}

/** `terraform query -json`'s results: each found object's list address, display name and identity. */
function foundIn(stdout: string): { address: string; name: string; identity: Record<string, string> }[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map(
      (line) =>
        JSON.parse(line) as {
          type: string;
          list_resource_found?: { address: string; display_name: string; identity: Record<string, string> };
        },
    )
    .filter((message) => message.type === "list_resource_found")
    .map(({ list_resource_found: found }) => ({
      address: found!.address,
      name: found!.display_name,
      identity: found!.identity,
    }));
}

/** The identities of a state's resources (`show -json`), by address. */
async function stateIdentities(
  project: TofuProject,
): Promise<Map<string, { version: number; identity: Record<string, string> }>> {
  const result = await project.tofu("show", "-json");
  expect(result.code, shown(result)).toBe(0);
  const state = JSON.parse(result.stdout) as {
    values: {
      root_module: {
        resources: { address: string; identity_schema_version: number; identity: Record<string, string> }[];
      };
    };
  };
  return new Map(
    state.values.root_module.resources.map((resource) => [
      resource.address,
      { version: resource.identity_schema_version, identity: resource.identity },
    ]),
  );
}

describe("terraform query of a seeded organization, turned into configuration", () => {
  it(
    "lists every kind, generates configuration that plans no change in Terraform 1.16 and OpenTofu 1.12.6, and keeps every identity",
    async () => {
      const { timings, timed } = stepTimings();
      const objects = [...expected.values()].reduce((sum, kind) => sum + kind.identities.length, 0);
      expect(objects).toBeGreaterThan(25);
      const query = await tofuProject(terraform, work.dir, "query", emulator);
      const narrowed = await tofuProject(terraform, work.dir, "narrowed", emulator);
      const tofuQuery = await tofuProject(tofu, work.dir, "tofu-query", emulator);
      for (const project of [query, narrowed, tofuQuery]) await project.write("main.tf", PROVIDER_HEADER);
      await query.write("all.tfquery.hcl", everyKindQuery());
      await narrowed.write(
        "narrowed.tfquery.hcl",
        [
          `list "docsplatform_site_space" "partners" {\n  provider = docsplatform\n  config {\n    site_id = ${JSON.stringify(seeded.partnersSiteId)}\n  }\n}\n`,
          `list "docsplatform_space" "first" {\n  provider = docsplatform\n  limit    = 1\n}\n`,
        ].join("\n"),
      );
      await tofuQuery.write("all.tfquery.hcl", everyKindQuery());

      const [generated, narrow, tofuAnswer, tofuVersion] = await Promise.all([
        timed("terraform query -generate-config-out", () =>
          query.tofu("query", "-json", "-generate-config-out=generated.tf"),
        ),
        timed("terraform query (narrowed)", () => narrowed.tofu("query", "-json")),
        tofuQuery.tofu("query"),
        tofuQuery.tofu("version"),
      ]);

      // Every object of every kind, with the identity and name the walk gives it.
      expect(generated.code, shown(generated)).toBe(0);
      const found = foundIn(generated.stdout);
      for (const [type, { identities, names }] of expected) {
        const ofType = found.filter((result) => result.address === `list.${type}.all`);
        expect(ofType.map((result) => result.name).sort(), type).toEqual([...names].sort());
        expect(ofType.map((result) => result.identity).sort(byJson), type).toEqual([...identities].sort(byJson));
      }
      const config = await fs.readFile(path.join(query.dir, "generated.tf"), "utf8");
      expect(config.match(/^resource "/gm)).toHaveLength(objects);
      expect(config.match(/^ {2}identity = \{$/gm)).toHaveLength(objects);
      // The secret is not written: Terraform leaves it to the user.
      expect(config).toContain("certificate     = null # sensitive");
      expect(config).not.toContain(SAML_CERTIFICATE);

      expect(narrow.code, shown(narrow)).toBe(0);
      const narrowFound = foundIn(narrow.stdout);
      expect(
        narrowFound
          .filter((result) => result.address === "list.docsplatform_site_space.partners")
          .map((result) => result.identity.site_id),
      ).toEqual([seeded.partnersSiteId]);
      expect(narrowFound.filter((result) => result.address === "list.docsplatform_space.first")).toHaveLength(1);

      // OpenTofu calls no list: its own words, for the note.
      expect(tofuAnswer.code).toBe(1);
      expect(tofuAnswer.stderr).toContain('OpenTofu has no command named "query".');
      expect(tofuVersion.stdout).toMatch(/^OpenTofu v1\.12\.6/);

      // The generated configuration, the certificate given as a variable, in a root of each CLI.
      const root = [
        PROVIDER_HEADER,
        'variable "saml_certificate" {\n  type      = string\n  sensitive = true\n}\n',
        config.replace("certificate     = null # sensitive", "certificate     = var.saml_certificate"),
      ].join("\n");
      const roots = await Promise.all(
        [
          { binary: terraform, name: "terraform-root" },
          { binary: tofu, name: "tofu-root" },
        ].map(async ({ binary, name }) => {
          const project = await tofuProject(binary, work.dir, name, emulator, {
            env: { TF_VAR_saml_certificate: SAML_CERTIFICATE },
          });
          await project.write("main.tf", root);
          return { name, project };
        }),
      );
      // Beside them (after the query, which would list it), Terraform's own create, update and destroy with identities.
      const creating = await tofuProject(terraform, work.dir, "terraform-create", emulator);
      await creating.write("main.tf", CREATED);
      await Promise.all([
        timed("terraform-create: apply, plan, update, destroy", async () => {
          const applied = await creating.tofu("apply", "-auto-approve");
          expect(applied.code, shown(applied)).toBe(0);
          const again = await creating.tofu("plan", "-detailed-exitcode");
          expect(again.code, shown(again)).toBe(0);
          const identities = await stateIdentities(creating);
          const section = identities.get("docsplatform_site_section.made")!.identity;
          expect(section.site_id).toBe(identities.get("docsplatform_site.made")!.identity.id);
          expect(Object.keys(section).sort()).toEqual(["id", "organization_id", "site_id"]);
          await creating.write("main.tf", CREATED.replace('"Made by terraform"', '"Renamed by terraform"'));
          const updated = await creating.tofu("apply", "-auto-approve");
          expect(updated.code, shown(updated)).toBe(0);
          expect(updated.stdout).toContain("0 added, 1 changed, 0 destroyed");
          expect((await stateIdentities(creating)).get("docsplatform_team.made")).toEqual(
            identities.get("docsplatform_team.made"),
          );
          const destroyed = await creating.tofu("destroy", "-auto-approve");
          expect(destroyed.code, shown(destroyed)).toBe(0);
          expect(destroyed.stdout).toContain("3 destroyed");
        }),
        ...roots.map(({ name, project }) =>
          timed(`${name}: plan, apply, plan`, async () => {
            const planned = await project.tofu("plan");
            expect(planned.code, `${name}: ${shown(planned)}`).toBe(0);
            expect(planned.stdout, name).toContain(`Plan: ${objects} to import, 0 to add, 0 to change, 0 to destroy.`);
            const applied = await project.tofu("apply", "-auto-approve");
            expect(applied.code, `${name}: ${shown(applied)}`).toBe(0);
            expect(applied.stdout, name).toContain(`${objects} imported, 0 added, 0 changed, 0 destroyed`);
            const again = await project.tofu("plan", "-detailed-exitcode");
            expect(again.code, `${name}: ${shown(again)}`).toBe(0);
            const identities = await stateIdentities(project);
            expect(identities.size, name).toBe(objects);
            const stored = [...identities.values()];
            expect(
              stored.every((entry) => entry.version === 0 && entry.identity.organization_id === seeded.organizationId),
              name,
            ).toBe(true);
            expect(stored.map((entry) => entry.identity).sort(byJson), name).toEqual(
              [...expected.values()].flatMap((kind) => kind.identities).sort(byJson),
            );
          }),
        ),
      ]);
      console.log(`tofu-discovery (${objects} objects of ${expected.size} kinds): ${timings.join(", ")}`);
    },
    15 * 60_000,
  );
});

/** Identities in one order, whatever order each holds its attributes in. */
function byJson(a: Record<string, string>, b: Record<string, string>): number {
  const text = (identity: Record<string, string>) =>
    JSON.stringify(Object.entries(identity).sort(([x], [y]) => x.localeCompare(y)));
  return text(a).localeCompare(text(b));
}
