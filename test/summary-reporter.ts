import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest files the report names. */
const SLOWEST = 10;

/**
 * Ends the run with the slowest files (where the time goes, for docs/testing.md: figures, never a
 * test that fails on time), the run's wall time, and one plain line,
 * `Summary: N passed, N failed, N skipped`: the closing line CI reads to tell how many tests ran.
 */
export default class SummaryReporter implements Reporter {
  #started = Date.now();

  onTestRunStart(): void {
    this.#started = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === "failed" && !module.children.size) counts.failed++;
    }
    const slowest = testModules
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [`\nSlowest files (of ${testModules.length}):`, ...slowest.map(({ file, ms }) => `  ${seconds(ms).padStart(8)}  ${file}`), `Wall time: ${seconds(Date.now() - this.#started)}`];
    process.stdout.write(`${lines.join("\n")}\n\nSummary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
