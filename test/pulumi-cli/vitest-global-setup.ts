// Vitest global setup of the full suite, after the leftover check's (vitest-leftover-setup.ts):
// make the Pulumi CLI available before any end-to-end test starts, so that `npm test` on a fresh
// machine builds it once (minutes, with progress on stderr) instead of every e2e test timing out
// while waiting for it.
import fs from "node:fs/promises";
import { ensurePulumi } from "./ensure-pulumi.ts";
import { workRoot } from "./run-pulumi.ts";

export default async function setup(): Promise<void> {
  // Scratch programs and stacks of an earlier run (kept when a run is interrupted).
  await fs.rm(workRoot, { recursive: true, force: true });
  const started = Date.now();
  const installation = await ensurePulumi();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`pulumi v${installation.version} (${installation.source}, ${seconds}s): ${installation.pulumi}\n`);
}
