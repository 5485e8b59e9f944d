/**
 * Both doors enforce the same one-owner rules (issue 27.5): a Pulumi YAML program with two
 * `OrganizationSettings` for one organization fails at preview with the dynamic package's message,
 * naming both, before any write; the emulator counts no write request.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";

const pluginDir = fileURLToPath(new URL("../../provider/docs-platform", import.meta.url));
const minutes = (n: number) => n * 60_000;

let emulator: Emulator;
let stack: TestStack | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ db: ":memory:" });
});

afterAll(async () => {
  await stack?.remove().catch(() => undefined);
  await emulator?.close();
});

async function writes(): Promise<number> {
  const response = await fetch(`${emulator.controlUrl}/requests`);
  const { counts } = (await response.json()) as { counts: Record<string, number> };
  return Object.entries(counts)
    .filter(([route]) => !route.startsWith("GET "))
    .reduce((sum, [, count]) => sum + count, 0);
}

describe("one owner per object through the plugin", () => {
  it("two OrganizationSettings of one organization in a YAML program fail the preview, naming both, with no write", { timeout: minutes(3) }, async () => {
    const programDir = await writeProgram("plugin-owners", {
      "Pulumi.yaml": `name: plugin-owners
runtime: yaml
plugins:
  providers:
    - name: docs-platform
      path: ${pluginDir}
resources:
  settings:
    type: docs-platform:index:OrganizationSettings
    properties:
      inviteLinks: true
  moreSettings:
    type: docs-platform:index:OrganizationSettings
    properties:
      inviteLinks: false
`,
    });
    const token = emulator.fixture.organizations.find((org) => org.id === "org-acme")!.admin.token;
    stack = await createStack({
      programDir,
      stackName: "owners",
      config: { "docs-platform:apiUrl": emulator.url, "docs-platform:token": { value: token, secret: true }, "docs-platform:organizationId": "org-acme" },
    });
    const before = await writes();
    const preview = await stack.run(["preview", "--non-interactive"]);
    const printed = preview.stdout + preview.stderr;
    expect(preview.exitCode).not.toBe(0);
    // The diagnostic as the CLI prints it under the resource's row: from "error:" on.
    const line = printed.split("\n").map((text) => text.slice(text.indexOf("error: "))).find((text) => text.includes("both manage"));
    // One of the two is checked first; the other's check names both.
    expect(line).toMatch(
      /^error: docs-platform:index:OrganizationSettings resource '(settings|moreSettings)' has a problem: OrganizationSettings "(settings|moreSettings)" and OrganizationSettings "(settings|moreSettings)" both manage the settings of organization org-acme: an organization has one set of settings, so every up would undo the other's changes\. Declare one OrganizationSettings per organization\.$/,
    );
    console.log(`as printed:\n${line}`);
    expect(await writes()).toBe(before);
  });
});
