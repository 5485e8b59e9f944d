// Vitest global setup: make the Pulumi CLI available before any end-to-end test starts, so that
// `npm test` on a fresh machine builds it once (minutes, with progress on stderr) instead of every
// e2e test timing out while waiting for it. Its teardown fails the run when a process the tests
// started is still running (see leftover-processes.ts).
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { ensurePulumi } from "./ensure-pulumi.ts";
import { RUN_MARKER, describeLeftovers, leftoverProcesses } from "./leftover-processes.ts";
import { workRoot } from "./run-pulumi.ts";

export default async function setup(): Promise<() => Promise<void>> {
  // Set before vitest starts its workers, which inherit it and hand it to everything they start.
  const runId = `${process.pid}-${randomUUID()}`;
  process.env[RUN_MARKER] = runId;
  // Scratch programs and stacks of an earlier run (kept when a run is interrupted).
  await fs.rm(workRoot, { recursive: true, force: true });
  const started = Date.now();
  const installation = await ensurePulumi();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`pulumi v${installation.version} (${installation.source}, ${seconds}s): ${installation.pulumi}\n`);

  return async function failOnLeftoverProcesses(): Promise<void> {
    const left = await leftoverProcesses(runId, { runnerPid: process.pid });
    if (left.length > 0) throw new Error(`${describeLeftovers(left)}\nEvery test stops what it starts (test/pulumi-cli/process-groups.ts).`);
  };
}
