// Vitest global setup of every tier: marks this run in the environment (the workers inherit it
// and hand it to everything they start) and fails the run, at its end, when a process the tests
// started is still running (see leftover-processes.ts).
import { randomUUID } from "node:crypto";
import { RUN_MARKER, describeLeftovers, leftoverProcesses } from "./leftover-processes.ts";

export default function setup(): () => Promise<void> {
  const runId = `${process.pid}-${randomUUID()}`;
  process.env[RUN_MARKER] = runId;
  return async function failOnLeftoverProcesses(): Promise<void> {
    const left = await leftoverProcesses(runId, { runnerPid: process.pid });
    if (left.length > 0) throw new Error(`${describeLeftovers(left)}\nEvery test stops what it starts (test/pulumi-cli/process-groups.ts).`);
  };
}
