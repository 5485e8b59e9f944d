/**
 * Faults through the real CLI (issue 7's bar): the 201-resource fault-scenario program under
 * injected 503s, a 429 burst and writes that commit and then lose their connection; then a
 * `kill -9` of the CLI mid-`up`. Each converges in at most two `up` runs, leaves the API holding
 * exactly what the state holds (no orphan, no duplicate, nothing missing, audited by listing the
 * API) and ends with a preview without changes. `npm run bench:faults` prints the same figures.
 * The heavier faults (20%) are in faults-heavy.test.ts: the two files mostly wait on retries and
 * backoff, so they run beside the other CLI files.
 */
import { describe, expect, it } from "vitest";
import { runScenario, type ScenarioResult } from "../faults/scenario.ts";

const minutes = (n: number) => n * 60_000;

function expectConverged(result: ScenarioResult): void {
  const detail = JSON.stringify({ ...result.audit, failures: result.failures }, null, 2);
  expect(result.runsToConverge, detail).toBeDefined();
  expect(result.runsToConverge!, detail).toBeLessThanOrEqual(2);
  expect(result.audit.orphans, detail).toEqual([]);
  expect(result.audit.duplicates, detail).toEqual([]);
  expect(result.audit.missing, detail).toEqual([]);
  expect(result.audit.inState, detail).toBeGreaterThanOrEqual(result.resources);
  expect(result.noChangesAfter, detail).toBe(true);
}

describe("under faults", () => {
  it("converges in at most two ups with 10% 503s, a 429 burst and 10% of writes dropped after commit", { timeout: minutes(10) }, async () => {
    const result = await runScenario("faults", { groups: 25, seed: 7 });
    expectConverged(result);
    expect(result.resources).toBeGreaterThanOrEqual(200);
  });

  it("converges after kill -9 of the CLI mid-up, pulumi cancel and a second up", { timeout: minutes(10) }, async () => {
    const result = await runScenario("kill", { groups: 25, killAfterWrites: 60 });
    // The kill came mid-up: some objects were made, not all.
    expect(result.killedMidUp).toBe(true);
    expect(result.objectsAfterKill).toBeGreaterThan(0);
    expectConverged(result);
  });

  it("converges after kill -9 of the CLI and its provider host while creates are in flight", { timeout: minutes(10) }, async () => {
    const result = await runScenario("kill", { groups: 25, killAfterWrites: 60, killProcessGroup: true, latencyMs: 400 });
    expect(result.killedMidUp).toBe(true);
    expect(result.objectsAfterKill).toBeGreaterThan(0);
    expectConverged(result);
  });
});
