/**
 * `npm run bench:faults [-- --groups 25 --repeat 1 --scenario faults|kill|both --kill-after-writes 60 --kill-group --latency-ms 20 --destroy --heavy --work-dir /tmp/docs-platform-faults]`
 *
 * Runs the fault scenarios of scenario.ts through the real Pulumi CLI and prints, per run: runs of
 * `pulumi up` to converge (--kill-group kills the CLI with its provider host, so creates die in flight), orphans, duplicates and missing objects found by listing the API,
 * whether `preview --expect-no-changes` passed, requests and time. With --repeat N, each scenario
 * runs N times (seeds 7, 8, ...) and the medians are printed too.
 *
 * It writes its stacks under --work-dir, not test/.work, so vitest (which empties test/.work) can
 * run beside it, as bench:soak does; do not rebuild provider/dist while it runs.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensurePulumi } from "../pulumi-cli/ensure-pulumi.ts";
import { runScenario, STANDARD_FAULTS, type ScenarioResult } from "./scenario.ts";

const { values } = parseArgs({
  options: {
    groups: { type: "string", default: "25" },
    repeat: { type: "string", default: "1" },
    scenario: { type: "string", default: "both" },
    "kill-after-writes": { type: "string", default: "60" },
    "kill-group": { type: "boolean", default: false },
    "latency-ms": { type: "string", default: "20" },
    // Then `pulumi destroy` under the same faults, counting runs to converge.
    destroy: { type: "boolean", default: false },
    // The heavier faults of issue 22: 20% 503s, a 429 burst, 20% of writes dropped after commit.
    heavy: { type: "boolean", default: false },
    "work-dir": { type: "string", default: path.join(os.tmpdir(), "docs-platform-faults") },
  },
});
const groups = Number(values.groups);
const repeat = Number(values.repeat);
const scenarios = values.scenario === "both" ? (["faults", "kill"] as const) : ([values.scenario] as ("faults" | "kill")[]);
if (!Number.isInteger(groups) || groups < 1 || !Number.isInteger(repeat) || repeat < 1) throw new Error("--groups and --repeat take positive integers");

await ensurePulumi();
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const faults = values.heavy ? { ...STANDARD_FAULTS, errorRate: 0.2, dropAfterCommit: { rate: 0.2 } } : STANDARD_FAULTS;
process.stdout.write(
  `${row(["scenario", "run", "resources", "ups to converge", "orphans", "duplicates", "missing", "no-change preview", "requests", "seconds", "destroys to converge", "left after destroy"])}\n|${"---|".repeat(12)}\n`,
);

let failed = false;
for (const scenario of scenarios) {
  const results: ScenarioResult[] = [];
  for (let run = 1; run <= repeat; run++) {
    const result = await runScenario(scenario, {
      groups,
      seed: 6 + run,
      killAfterWrites: Number(values["kill-after-writes"]),
      killProcessGroup: values["kill-group"],
      latencyMs: Number(values["latency-ms"]),
      faults,
      destroyUnderFaults: values.destroy,
      workDir: values["work-dir"],
      log: (line) => process.stderr.write(`  ${line}\n`),
    });
    results.push(result);
    const { audit } = result;
    process.stdout.write(
      `${row([scenario, run, result.resources, result.runsToConverge ?? "never", audit.orphans.length, audit.duplicates.length, audit.missing.length, result.noChangesAfter ? "passed" : "FAILED", result.requests, result.seconds.toFixed(1), result.destroy ? (result.destroy.runsToConverge ?? "never") : "", result.destroy ? result.destroy.leftInApi.length : ""])}\n`,
    );
    for (const line of [...audit.orphans.map((o) => `orphan ${o}`), ...audit.duplicates.map((d) => `duplicate ${d}`), ...audit.missing.map((m) => `missing ${m}`)]) {
      process.stderr.write(`  ${line}\n`);
    }
    if (scenario === "kill")
      process.stderr.write(
        `  killed mid-up: ${result.killedMidUp}; objects made before the kill: ${result.objectsAfterKill}; pending operations left: ${result.pendingOperations}\n`,
      );
    for (const failure of result.failures) process.stderr.write(`  --- failed command\n${failure}\n`);
    const destroyOk = !result.destroy || (result.destroy.runsToConverge === 1 && result.destroy.leftInApi.length === 0);
    const ok =
      destroyOk &&
      result.runsToConverge !== undefined &&
      result.runsToConverge <= 2 &&
      result.noChangesAfter &&
      audit.orphans.length + audit.duplicates.length + audit.missing.length === 0;
    failed ||= !ok;
  }
  if (repeat > 1) {
    const converge = results.map((r) => r.runsToConverge ?? Number.POSITIVE_INFINITY);
    process.stdout.write(
      `${row([scenario, "median", results[0].resources, median(converge), median(results.map((r) => r.audit.orphans.length)), median(results.map((r) => r.audit.duplicates.length)), median(results.map((r) => r.audit.missing.length)), "", median(results.map((r) => r.requests)), median(results.map((r) => r.seconds)).toFixed(1), "", ""])}\n`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
