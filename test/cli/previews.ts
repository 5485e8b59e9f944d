/**
 * Previews of real changes through the real Pulumi CLI, for the pull-request summary's tests:
 * each case brings up the `base` variant of preview-program/ on a fresh emulator, changes one
 * thing in the stack config, and returns `pulumi preview --json` of it. `many` previews the fault
 * program's 201 creates. `scrub` makes a preview stable for a golden file (ids, ports, times).
 * Used by capture-previews.ts (writes fixtures/) and test/e2e/pr-summary-e2e.test.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Emulator, startEmulator } from "../emulator/index.ts";
import { createStack, type TestStack } from "../pulumi-cli/run-pulumi.ts";
import { programDir as faultProgramDir } from "../faults/scenario.ts";

export const previewProgramDir = fileURLToPath(new URL("./preview-program", import.meta.url));
const CERTIFICATE = "MIIC-base-certificate";

/** Each case: the config that changes, after an `up` of the base. */
export const CASES = {
  update: { variant: "update" },
  replace: { variant: "replace" },
  delete: { variant: "delete" },
  members: { variant: "members" },
  secret: { certificate: "MIIC-rotated-certificate" },
  error: { variant: "error" },
} as const;
export type CaseName = keyof typeof CASES | "many" | "policy";

/** The policy pack of examples/policy; the preview program's `petstore` spec breaks one of its rules. */
const policyPack = fileURLToPath(new URL("../../examples/policy", import.meta.url));

async function withStack<T>(
  programDir: string,
  config: Record<string, string | { value: string; secret: boolean }>,
  body: (stack: TestStack, emulator: Emulator) => Promise<T>,
): Promise<T> {
  const emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  const stack = await createStack({
    programDir,
    stackName: "dev",
    config: { organizationId: organization.id, ...config },
    // PULUMI_DEBUG_COMMANDS offers `--event-log`, where the policy case's violations are.
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token, PULUMI_DEBUG_COMMANDS: "true" },
  });
  try {
    return await body(stack, emulator);
  } finally {
    await stack.destroy().catch(() => undefined);
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }
}

/**
 * The `policy` case: the `update` variant previewed with examples/policy, whose mandatory rule
 * "OpenAPI specs private unless listed" the program's `petstore` spec breaks. Returns the preview's
 * JSON and the policy events of its event log (the JSON has none; see policy.ts), one per line.
 */
export async function capturePolicyPreview(): Promise<{ preview: string; events: string }> {
  return withStack(previewProgramDir, { variant: "base", certificate: { value: CERTIFICATE, secret: true } }, async (stack) => {
    await stack.up();
    await stack.setConfig("variant", "update");
    const eventLog = path.join(stack.stateDir, "events.jsonl");
    const preview = (await stack.run(["preview", "--json", "--policy-pack", policyPack, "--event-log", eventLog])).stdout;
    const lines = (await fs.readFile(eventLog, "utf8")).split("\n").filter((line) => line.includes('"policyEvent"'));
    if (lines.length === 0) throw new Error("the policy preview's event log holds no policy event");
    return { preview, events: `${lines.join("\n")}\n` };
  });
}

/** The raw stdout of `pulumi preview --json` for a case (a failed preview still prints its JSON). */
export async function capturePreview(name: CaseName): Promise<string> {
  if (name === "policy") return (await capturePolicyPreview()).preview;
  if (name === "many") {
    return withStack(faultProgramDir, { groups: "25" }, async (stack) => (await stack.run(["preview", "--json"])).stdout);
  }
  return withStack(previewProgramDir, { variant: "base", certificate: { value: CERTIFICATE, secret: true } }, async (stack) => {
    await stack.up();
    for (const [key, value] of Object.entries(CASES[name])) await stack.setConfig(key, key === "certificate" ? { value, secret: true } : value);
    return (await stack.run(["preview", "--json"])).stdout;
  });
}

/** A preview made stable for a golden file: ids, ports, times, paths and UUIDs replaced. */
export function scrub(text: string): string {
  const ids = new Map<string, string>();
  const json = JSON.parse(text) as Record<string, unknown>;
  delete json.duration;
  return `${JSON.stringify(json, null, 2)
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "2026-01-01T00:00:00Z")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:4010")
    // Provider references end in a random UUID; the engine's "unknown" sentinel is kept.
    .replace(/::default::[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "::default::00000000-0000-0000-0000-000000000000")
    .replace(/"(?:sourcePosition)": "[^"]*"/g, '"sourcePosition": "project:///index.ts"')
    .replace(/\b[a-z0-9]{20}\b/g, (id) => {
      if (!/\d/.test(id)) return id;
      if (!ids.has(id)) ids.set(id, `id${String(ids.size + 1).padStart(18, "0")}`);
      return ids.get(id)!;
    })}\n`;
}

/** Policy event lines made stable for a fixture: sequence numbers and times zeroed. */
export function scrubEvents(text: string): string {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.stringify({ ...(JSON.parse(line) as Record<string, unknown>), sequence: 0, timestamp: 0 }))
    .join("\n")
    .concat("\n");
}
