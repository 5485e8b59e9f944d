/**
 * The first errors a new user meets, as the real CLI shows them (issue 18), in one place: each
 * case runs a program against the emulator and expects the exact line the user reads. A reviewer
 * reads the `EXPECTED` table below; the test proves each line is what `pulumi` prints.
 *
 * Token rotation is here too: with the token in stack config, `refresh` and `destroy` use the
 * configuration the last update recorded, so after a rotation (the old token revoked in the
 * emulator) they fail with a message that says so, and `pulumi refresh --run-program` takes the
 * new token, after which plain `refresh` and `destroy` work.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiClient } from "./support/api.ts";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type PulumiResult, type TestStack, workRoot } from "../pulumi-cli/run-pulumi.ts";

const minutes = (n: number) => n * 60_000;
const TEAM = "pulumi-nodejs:dynamic/docs-platform:Team";
const SPEC = "pulumi-nodejs:dynamic/docs-platform:OpenApiSpec";

/** What the user reads, case by case (`<id>` and `<token>` stand for the object's id and the API's words). */
const EXPECTED = {
  missingInput: `error: ${TEAM} resource 'writers' has a problem: title: is required (a string)`,
  nestedTypo: `error: ${SPEC} resource 'petstore' has a problem: source.urll: unknown property; check the spelling against the resource's documented inputs`,
  lookup: `error: getSpace: no space titled "Guidez" in organization org-acme (searched 3 spaces).`,
  deletedOutside:
    "error: Team <id> no longer exists in the API (deleted outside Pulumi?): run `pulumi refresh` to drop it from the state, or `pulumi up --refresh` to create it again",
  refreshRefused:
    "error: the API refused the token (GET /v1/orgs/org-acme/teams failed with 401 Unauthorized: Authorization: unknown token). `pulumi refresh` uses the provider configuration the last update recorded, token included: after changing the token, run `pulumi refresh --run-program` (or `pulumi up`) so the new one is used.",
  destroyRefused:
    "error: the API refused the token (DELETE /v1/orgs/org-acme/teams/<id> failed with 401 Unauthorized: Authorization: unknown token). `pulumi destroy` uses the provider configuration the last update recorded, token included: after changing the token, run `pulumi destroy --run-program` (or `pulumi up` first) so the new one is used.",
};

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const config = new pulumi.Config();
switch (config.require("scenario")) {
  case "missing-input":
    new docs.Team("writers", {});
    break;
  case "nested-typo":
    new docs.OpenApiSpec("petstore", { slug: "petstore", source: { url: "https://specs.example.com/petstore.yaml", urll: "https://specs.example.com/typo.yaml" } });
    break;
  case "lookup":
    new docs.Team("writers", { title: docs.getSpaceOutput({ title: "Guidez" }).title });
    break;
  default:
    new docs.Team("writers", { title: config.get("title") ?? "Writers" });
}
`;

const outputOf = (result: PulumiResult) => result.stdout + result.stderr;
/** The diagnostic lines of a failed command (the "error: ..." lines), trimmed. */
const errorLines = (result: PulumiResult) =>
  outputOf(result)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("error: ") && line !== "error: update failed" && !line.startsWith("error: preview failed"));

describe("first errors, as the CLI prints them", () => {
  let emulator: Emulator;
  let api: Api;
  let programDir: string;
  const stacks: TestStack[] = [];
  const organizationId = "org-acme";
  let adminToken: string;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    adminToken = emulator.fixture.organizations.find((org) => org.id === organizationId)!.admin.token;
    api = apiClient(emulator.url, adminToken);
    programDir = path.join(workRoot, `first-errors-${process.pid}`);
    await fs.mkdir(programDir, { recursive: true });
    await fs.writeFile(path.join(programDir, "Pulumi.yaml"), "name: first-errors\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n");
    await fs.writeFile(path.join(programDir, "index.mjs"), PROGRAM);
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.remove().catch(() => {});
    await emulator?.close();
  });

  async function stackFor(scenario: string, token = adminToken): Promise<TestStack> {
    const stack = await createStack({
      programDir,
      stackName: `${scenario}-${stacks.length}`,
      config: {
        scenario,
        "docs-platform:apiUrl": emulator.url,
        "docs-platform:organizationId": organizationId,
        "docs-platform:token": { value: token, secret: true },
      },
    });
    stacks.push(stack);
    return stack;
  }

  it("a missing required input says it is required, naming the resource and the property", { timeout: minutes(3) }, async () => {
    const preview = await (await stackFor("missing-input")).run(["preview"]);
    expect(preview.exitCode).not.toBe(0);
    expect(errorLines(preview)).toContain(EXPECTED.missingInput);
  });

  it("an unknown key inside an object names its whole path and shows the object it is in", { timeout: minutes(3) }, async () => {
    const preview = await (await stackFor("nested-typo")).run(["preview"]);
    expect(preview.exitCode).not.toBe(0);
    expect(errorLines(preview)).toContain(EXPECTED.nestedTypo);
  });

  it("a lookup that finds nothing is one line: the lookup, its criteria, the cause; no stack trace", { timeout: minutes(3) }, async () => {
    const preview = await (await stackFor("lookup")).run(["preview"]);
    expect(preview.exitCode).not.toBe(0);
    expect(errorLines(preview), outputOf(preview)).toContain(EXPECTED.lookup);
    expect(outputOf(preview)).not.toMatch(/^\s+at /m);
    expect(outputOf(preview)).not.toContain("error serializing property");
    expect(outputOf(preview)).not.toContain("\u001b[");
  });

  it("a write to an object deleted outside Pulumi says so and what to run", { timeout: minutes(3) }, async () => {
    const stack = await stackFor("team");
    await stack.up();
    const id = (await stack.outputs(), (await stack.exportState()).deployment.resources!.find((resource) => resource.type === TEAM)!.id as string);
    await api.delete(`/orgs/${organizationId}/teams/${id}`);
    await stack.setConfig("title", "Writers renamed");
    const up = await stack.run(["up", "--yes", "--skip-preview"]);
    expect(up.exitCode).not.toBe(0);
    expect(errorLines(up).some((line) => line.startsWith(EXPECTED.deletedOutside.replace("<id>", id)))).toBe(true);
    // The advice works: `pulumi up --refresh` finds it gone and creates it again.
    const repaired = await stack.run(["up", "--yes", "--skip-preview", "--refresh"]);
    expect(repaired.exitCode, outputOf(repaired)).toBe(0);
  });

  it("after a token rotation, refresh and destroy say they use the recorded token; refresh --run-program takes the new one", { timeout: minutes(5) }, async () => {
    // The old token: a second token of the organization's admin, issued for this stack.
    const control = (method: string, token: string, body?: unknown) =>
      fetch(`${emulator.controlUrl}/tokens/${token}`, { method, headers: { "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const admin = emulator.fixture.organizations.find((org) => org.id === organizationId)!.admin;
    expect((await control("PUT", "tok-old", { user: admin.userId })).status).toBe(201);
    const stack = await stackFor("team", "tok-old");
    await stack.up();
    const id = (await stack.exportState()).deployment.resources!.find((resource) => resource.type === TEAM)!.id as string;

    // Rotate: a new token in stack config, the old one revoked.
    expect((await control("PUT", "tok-new", { user: admin.userId })).status).toBe(201);
    await stack.setConfig("docs-platform:token", { value: "tok-new", secret: true });
    expect((await control("DELETE", "tok-old")).status).toBe(205);

    const refresh = await stack.run(["refresh", "--yes", "--skip-preview"]);
    expect(refresh.exitCode).not.toBe(0);
    expect(errorLines(refresh), outputOf(refresh)).toContain(EXPECTED.refreshRefused);
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.exitCode).not.toBe(0);
    expect(errorLines(destroy)).toContain(EXPECTED.destroyRefused.replace("<id>", id));

    // The documented way: refresh once with the program, then everything uses the new token.
    const rotated = await stack.run(["refresh", "--yes", "--skip-preview", "--run-program"]);
    expect(rotated.exitCode, outputOf(rotated)).toBe(0);
    const plain = await stack.run(["refresh", "--yes", "--skip-preview"]);
    expect(plain.exitCode, outputOf(plain)).toBe(0);
    const destroyed = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroyed.exitCode, outputOf(destroyed)).toBe(0);
    expect(await api.status(`/orgs/${organizationId}/teams/${id}`)).toBe(404);
    // Where Pulumi keeps it: the default provider's recorded inputs, the token encrypted.
    const { text } = await stack.exportState();
    expect(text).not.toContain("tok-new");
  });
});
