/**
 * Previews that tell the truth (issue 19), through the real CLI: what `up` would find is said by
 * `pulumi preview`, which sends no write. Each case shows the exact lines the preview prints.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiClient } from "./support/api.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type PulumiResult, type TestStack, workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
const adopt = config.getObject("adopt");
switch (config.require("scenario")) {
  case "team":
    new docs.Team("platform", { title: "Platform Engineering", ...(adopt === undefined ? {} : { adopt }) });
    new docs.Collection("products", { title: "Products" });
    break;
  case "spec":
    new docs.OpenApiSpec("petstore", { slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml" } });
    break;
}
`;

const lines = (result: PulumiResult) => (result.stdout + result.stderr).split("\n").map((line) => line.trim());

describe("previews that tell the truth", () => {
  let emulator: Emulator;
  let api: Api;
  let programDir: string;
  const stacks: TestStack[] = [];
  const org = "org-acme";
  let existingTeam: string;
  let existingCollection: string;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const token = emulator.fixture.organizations.find((o) => o.id === org)!.admin.token;
    api = apiClient(emulator.url, token);
    existingTeam = (await api.put(`/orgs/${org}/teams`, { title: "Platform Engineering" })).id;
    existingCollection = (await api.post(`/orgs/${org}/collections`, { title: "Products" })).id;
    await api.post(`/orgs/${org}/openapi`, { slug: "petstore", source: { url: "https://specs.example.com/other.yaml" } });
    programDir = path.join(workRoot, `preview-checks-${process.pid}`);
    await fs.mkdir(programDir, { recursive: true });
    await fs.writeFile(path.join(programDir, "Pulumi.yaml"), "name: preview-checks\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n");
    await fs.writeFile(path.join(programDir, "index.mjs"), PROGRAM);
    process.env.PREVIEW_CHECKS_TOKEN = token;
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => {});
    await emulator?.close();
  });

  async function preview(scenario: string, adopt?: unknown): Promise<PulumiResult> {
    const stack = await createStack({
      programDir,
      stackName: `${scenario}-${stacks.length}`,
      config: { scenario, "docs-platform:organizationId": org, ...(adopt === undefined ? {} : { adopt: JSON.stringify(adopt) }) },
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: process.env.PREVIEW_CHECKS_TOKEN },
    });
    stacks.push(stack);
    await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
    const result = await stack.run(["preview"]);
    const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
    // Reads only: a preview writes nothing.
    expect(Object.keys(counts).filter((route) => !route.startsWith("GET "))).toEqual([]);
    return result;
  }

  it("adopt: { id } of an object that does not exist fails the preview, naming the resource and the id", { timeout: minutes(3) }, async () => {
    const result = await preview("team", { id: "team-does-not-exist" });
    expect(result.exitCode).not.toBe(0);
    expect(lines(result)).toContain(
      "error: pulumi-nodejs:dynamic/docs-platform:Team resource 'platform' has a problem: adopt: Team team-does-not-exist does not exist (or is not visible to this token): there is nothing to take over. Fix the id, or leave adopt out to create one.",
    );
  });

  it("adopt: true says which object it takes over", { timeout: minutes(3) }, async () => {
    const result = await preview("team", true);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(lines(result), result.stdout).toContain(`adopt: true takes over the existing team ${existingTeam} (same title within the organization)`);
  });

  it("adopt: { id } of an existing object says it takes it over", { timeout: minutes(3) }, async () => {
    const result = await preview("team", { id: existingTeam });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(lines(result)).toContain(`adopt: takes over the existing team ${existingTeam}`);
  });

  it("a create whose title is taken warns with the existing id and how to adopt it", { timeout: minutes(3) }, async () => {
    const result = await preview("team");
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    expect(lines(result)).toContain(
      `warning: a team with the same title within the organization already exists (${existingTeam}): \`up\` creates another one beside it. To manage the existing one instead, set adopt: { id: "${existingTeam}" } (or adopt: true), unless another resource of this program already manages it.`,
    );
    expect(lines(result)).toContain(
      `warning: a collection with the same title within its parent collection already exists (${existingCollection}): \`up\` creates another one beside it. To manage the existing one instead, set adopt: { id: "${existingCollection}" } (or adopt: true), unless another resource of this program already manages it.`,
    );
  });

  it("a create whose OpenAPI slug is taken fails the preview, as the API would refuse it", { timeout: minutes(3) }, async () => {
    const result = await preview("spec");
    expect(result.exitCode).not.toBe(0);
    expect(
      lines(result).some((line) =>
        line.includes("resource 'petstore' has a problem: slug: an OpenAPI spec with the same slug already exists (petstore), and the API refuses a second one"),
      ),
    ).toBe(true);
  });
});
