// AgentInstructions through the real Pulumi CLI beyond the standard scenario (that one is in
// scenarios/agent-instructions.ts, run by lifecycle.test.ts): a program declaring two
// AgentInstructions for the stack's organization, which must fail naming both before the document
// is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../emulator/index.ts";
import { createStack, type TestStack, writeProgram } from "../pulumi-cli/run-pulumi.ts";
import { apiClient, type Api } from "./support/api.ts";
import { scenarioTimeout } from "./support/resource-scenario.ts";

const documentOf = (...paragraphs: string[]) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: paragraphs.map((words) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] })),
});
const first = documentOf("Answer in English.");

describe("two AgentInstructions for one organization", () => {
  let emulator: Emulator;
  let api: Api;
  let stack: TestStack;
  const organizationId = "org-acme";
  const documentNow = async () => (await api.get<{ instructions: unknown }>(`/orgs/${organizationId}/agent-instructions`)).instructions;

  beforeAll(async () => {
    emulator = await startEmulator({ db: ":memory:" });
    const token = emulator.fixture.organizations[0].tokens.admin!;
    api = apiClient(emulator.url, token);
    const programDir = await writeProgram("e2e-agent-instructions-conflict", {
      "Pulumi.yaml": "name: e2e-agent-instructions-conflict\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.mjs\n",
      "index.mjs": `import * as pulumi from "@pulumi/pulumi";
import * as docs from "pulumi-docs-platform";

const document = ${JSON.stringify(first)};
// One takes the stack's organization, the other names it: the same document either way. As two
// Outputs, the organization is only compared once they resolve.
const outputs = new pulumi.Config().get("mode") === "outputs";
const acme = () => (outputs ? pulumi.output("${organizationId}") : "${organizationId}");
new docs.AgentInstructions("tone", { organizationId: outputs ? acme() : undefined, instructions: document });
new docs.AgentInstructions("tone-for-acme", { organizationId: acme(), instructions: document });
`,
    });
    stack = await createStack({
      programDir,
      env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: token, DOCS_PLATFORM_ORGANIZATION_ID: organizationId },
      timeoutMs: scenarioTimeout,
    });
  }, scenarioTimeout);

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  }, scenarioTimeout);

  it(
    "preview and up fail naming both, the organization given plainly or as Outputs, and the organization's document is not written",
    async () => {
      const before = await documentNow();
      const runs = [
        ["plain", ["preview"]],
        ["plain", ["up", "--yes"]],
        ["outputs", ["preview"]],
        ["outputs", ["up", "--yes"]],
      ] as const;
      for (const [mode, command] of runs) {
        await stack.setConfig("mode", mode);
        const result = await stack.run([...command]);
        const output = `${result.stdout}\n${result.stderr}`;
        expect(result.exitCode, output).not.toBe(0);
        expect(output).toContain(`AgentInstructions "tone-for-acme" and AgentInstructions "tone" both manage the agent instructions of organization ${organizationId}`);
        expect(output).toContain("Declare one AgentInstructions per organization.");
      }
      expect(await documentNow()).toEqual(before);
    },
    scenarioTimeout,
  );
});
