import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type TestStack, createStack } from "../pulumi-cli/run-pulumi.ts";

const programDir = path.join(repositoryRoot, "examples", "multi-environment");
const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

/**
 * The environment variables `esc run` sets from the ESC environment of docs/configuration.md (The
 * token in Pulumi ESC), each `${docsPlatform.<key>}` replaced by `values[key]`: the stacks run
 * through that route, so a variable the page names that the provider does not read fails here.
 */
function escEnvironmentVariables(values: { apiUrl: string; token: string }): Record<string, string> {
  const page = fs.readFileSync(path.join(repositoryRoot, "docs", "configuration.md"), "utf8");
  const section = page.slice(page.indexOf("### The token in Pulumi ESC"));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)![1];
  const environment = yaml.load(block) as { values: { environmentVariables: Record<string, string> } };
  const variables = Object.entries(environment.values.environmentVariables).map(([name, reference]) => {
    const key = /^\$\{docsPlatform\.(apiUrl|token)\}$/.exec(reference)?.[1] as "apiUrl" | "token" | undefined;
    if (!key) throw new Error(`docs/configuration.md's ESC environment sets ${name} to ${reference}, not a docsPlatform value`);
    return [name, values[key]];
  });
  return Object.fromEntries(variables);
}
const minutes = (n: number) => n * 60_000;

interface Listed {
  id: string;
  title?: string;
  path?: string;
  visibility?: string;
  published?: boolean;
  slug?: string;
  members?: number;
}

describe("examples/multi-environment: one program, stacks dev and prod", () => {
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  const stacks: Record<"dev" | "prod", { stack: TestStack; organizationId: string; token: string }> = {} as never;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const [acme, globex] = emulator.fixture.organizations;
    for (const [name, organization] of [
      ["dev", acme],
      ["prod", globex],
    ] as const) {
      const token = organization.tokens.admin!;
      const stack = await createStack({
        programDir,
        stackName: name,
        env: escEnvironmentVariables({ apiUrl: emulator.url, token }),
      });
      stacks[name] = { stack, organizationId: organization.id, token };
    }
  }, minutes(2));
  afterAll(async () => {
    for (const { stack } of Object.values(stacks)) await stack.remove();
    await emulator?.close();
  });

  async function list(name: "dev" | "prod", suffix: string): Promise<Listed[]> {
    const { organizationId, token } = stacks[name];
    const response = await fetch(`${emulator.url}/orgs/${organizationId}${suffix}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: Listed[] }).items;
  }

  /** The site setup of one organization, without ids: what must be equal across environments. */
  async function siteSetup(name: "dev" | "prod") {
    const [site] = await list(name, "/sites");
    const sections = await list(name, `/sites/${site.id}/sections`);
    const siteSpaces = await list(name, `/sites/${site.id}/site-spaces`);
    return {
      site: { title: site.title, published: site.published },
      sections: sections.map((section) => ({ title: section.title, path: section.path })),
      siteSpaces: siteSpaces.map((siteSpace) => siteSpace.path).sort(),
      teams: (await list(name, "/teams")).map((team) => ({ title: team.title, members: team.members })),
      specs: (await list(name, "/openapi")).map((spec) => spec.slug),
    };
  }

  it("reproduces the same site setup in both organizations, each stack with its own config", { timeout: minutes(5) }, async () => {
    await Promise.all(Object.values(stacks).map(({ stack }) => stack.up()));

    const dev = await siteSetup("dev");
    const prod = await siteSetup("prod");
    expect(dev).toEqual(prod);
    expect(dev).toMatchObject({
      site: { title: "Product documentation", published: true },
      sections: [
        { title: "Guides", path: "guides" },
        { title: "API reference", path: "reference" },
      ],
      teams: [{ title: "Docs maintainers", members: 2 }],
      specs: ["product-api"],
    });
    // The per-environment differences come from the stack config only.
    expect((await list("dev", "/sites"))[0].visibility).toBe("unlisted");
    expect((await list("prod", "/sites"))[0].visibility).toBe("public");

    for (const { stack } of Object.values(stacks)) expect((await stack.preview()).changeSummary).toEqual({ same: 7 }); // six resources and the stack

    await Promise.all(Object.values(stacks).map(({ stack }) => stack.destroy()));
    for (const name of ["dev", "prod"] as const) {
      expect(await list(name, "/sites")).toEqual([]);
      expect(await list(name, "/teams")).toEqual([]);
      expect(await list(name, "/openapi")).toEqual([]);
    }
  });
});
