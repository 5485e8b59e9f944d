/**
 * Previews of real changes through the real Pulumi CLI, for the pull-request summary's tests:
 * each case brings up the `base` variant of preview-program/ on a fresh emulator, changes one
 * thing in the stack config, and returns `pulumi preview --json` of it. `many` previews the fault
 * program's 201 creates. `scrub` makes a preview stable for a golden file (ids, ports, times).
 * Used by capture-previews.ts (writes fixtures/) and test/e2e/pr-summary.test.ts.
 */
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
export type CaseName = keyof typeof CASES | "many";

async function withStack<T>(programDir: string, config: Record<string, string | { value: string; secret: boolean }>, body: (stack: TestStack, emulator: Emulator) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ db: ":memory:" });
  const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
  const stack = await createStack({
    programDir,
    stackName: "dev",
    config: { organizationId: organization.id, ...config },
    env: { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token },
  });
  try {
    return await body(stack, emulator);
  } finally {
    await stack.destroy().catch(() => undefined);
    await stack.remove().catch(() => undefined);
    await emulator.close();
  }
}

/** The raw stdout of `pulumi preview --json` for a case (a failed preview still prints its JSON). */
export async function capturePreview(name: CaseName): Promise<string> {
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
