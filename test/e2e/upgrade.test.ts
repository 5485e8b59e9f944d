/**
 * Upgrade without churn: a stack made by an earlier version of the package (test/upgrade/
 * fixture-0.1.0: the quickstart program as it was, its checkpoint, stack config and the
 * emulator's database at that moment, taken from `npm start` at d529b87) is run with today's
 * package. The state's `__provider` values are the earlier version's; a preview and a refresh must
 * still show no change at all (no update, no replace, no `__provider` diff shown to the user), and
 * an `up` then rewrites them to today's without touching the API.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { type TestStack, assertSucceeded, createStack, workRoot } from "../pulumi-cli/run-pulumi.ts";

const fixture = fileURLToPath(new URL("../upgrade/fixture-0.1.0", import.meta.url));
const PROJECT = "docs-platform-quickstart";
const STACK = "quickstart";
/** The port the fixture's emulator listened on when the state was written (site URLs hold it). */
const FIXTURE_ORIGIN = "127.0.0.1:4010";

let emulator: Emulator;
let stack: TestStack;
let stateDir: string;

async function writes(): Promise<number> {
  const { counts } = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { counts: Record<string, number> };
  return Object.entries(counts).reduce((sum, [route, count]) => (route.startsWith("GET ") ? sum : sum + count), 0);
}

/** The `__provider` values of the state's inputs or outputs. */
async function providerValues(of: "inputs" | "outputs"): Promise<Set<string>> {
  const { deployment } = await stack.exportState();
  const values = new Set<string>();
  for (const resource of deployment.resources ?? []) {
    const bag = resource[of] as Record<string, unknown> | undefined;
    if (typeof bag?.__provider === "string") values.add(bag.__provider);
  }
  return values;
}

beforeAll(async () => {
  stateDir = path.join(workRoot, "stacks", `upgrade-${process.pid}-${Date.now()}`);
  const database = path.join(stateDir, "emulator.db");
  await fs.mkdir(path.join(stateDir, "project"), { recursive: true });
  await fs.copyFile(path.join(fixture, "emulator.db"), database);
  emulator = await startEmulator({ db: database });
  // The same stack on another port: site URLs in the state follow the emulator's origin.
  await fs.cp(path.join(fixture, "state"), path.join(stateDir, "backend"), { recursive: true });
  const checkpoint = path.join(stateDir, "backend", ".pulumi", "stacks", PROJECT, `${STACK}.json`);
  await fs.writeFile(checkpoint, (await fs.readFile(checkpoint, "utf8")).replaceAll(FIXTURE_ORIGIN, `127.0.0.1:${emulator.port}`));
  await fs.copyFile(path.join(fixture, `Pulumi.${STACK}.yaml`), path.join(stateDir, "project", `Pulumi.${STACK}.yaml`));
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  stack = await createStack({
    programDir: path.join(fixture, "program"),
    stackName: STACK,
    stateDir,
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token },
  });
  await fetch(`${emulator.controlUrl}/requests`, { method: "DELETE" });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  await fs.rm(stateDir, { recursive: true, force: true });
});

describe("a stack made by version 0.1.0, run with today's package", () => {
  const oldProviders = new Set<string>();

  it("preview shows no change: no update, no replace, no __provider diff", { timeout: 180_000 }, async () => {
    for (const value of await providerValues("inputs")) oldProviders.add(value);
    expect(oldProviders.size).toBeGreaterThan(0);
    const result = assertSucceeded(await stack.run(["preview", "--expect-no-changes", "--diff"]));
    expect(result.stdout).not.toContain("__provider");
    expect(result.stdout).toMatch(/19 unchanged/);
    expect(await writes()).toBe(0);
  });

  it("refresh shows no change", { timeout: 180_000 }, async () => {
    const result = assertSucceeded(await stack.run(["refresh", "--preview-only", "--expect-no-changes", "--diff"]));
    expect(result.stdout).not.toContain("__provider");
    expect(await writes()).toBe(0);
  });

  it("up changes nothing in the API, and a preview after it still shows no change", { timeout: 180_000 }, async () => {
    const up = await stack.up();
    expect(up.stdout).not.toMatch(/updated|replaced|created|deleted/);
    expect(await writes()).toBe(0);
    // The engine records today's stub among the inputs; the outputs keep the one the object was
    // last written with until its next update, so the host's entry points stay compatible.
    const inputs = await providerValues("inputs");
    expect(
      [...inputs].some((value) => oldProviders.has(value)),
      "the inputs still hold 0.1.0's __provider",
    ).toBe(false);
    assertSucceeded(await stack.run(["preview", "--expect-no-changes"]));
    assertSucceeded(await stack.run(["refresh", "--preview-only", "--expect-no-changes"]));
    expect(await writes()).toBe(0);
  });
});
