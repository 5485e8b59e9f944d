import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { takeFileCpu } from "./file-cpu.ts";

/** Every file's figures of the last run (the report names only the first ten), for comparing runs file by file. */
export const RUN_FIGURES = path.join(import.meta.dirname, ".work", "run-figures.json");

/** How many of the slowest files the report names. */
const SLOWEST = 10;

/**
 * Ends the run with the slowest files and the files that cost the most CPU (where the time goes,
 * for docs/testing.md: figures, never a test that fails on time; test/file-cpu-setup.ts measures
 * each file's CPU), the run's wall time and CPU, and one plain line,
 * `Summary: N passed, N failed, N skipped`: the closing line CI reads to tell how many tests ran.
 * Every file's wall time and CPU go to RUN_FIGURES (test/.work/run-figures.json), costliest first.
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
    const cpu = takeFileCpu();
    const files = testModules.map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration, cpu: cpu.get(module.moduleId) }));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const row = ({ file, ms, cpu }: (typeof files)[number]) => `  ${seconds(ms).padStart(8)}  ${cpu === undefined ? "       -" : seconds(cpu * 1000).padStart(8)}  ${file}`;
    const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    const costliest = [...files].sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0)).slice(0, SLOWEST);
    const totalCpu = files.reduce((sum, { cpu }) => sum + (cpu ?? 0), 0);
    const lines = [
      `\nSlowest files (of ${testModules.length}; wall, CPU):`,
      ...slowest.map(row),
      `Most CPU (wall, CPU):`,
      ...costliest.map(row),
      `Wall time: ${seconds(Date.now() - this.#started)}`,
      `CPU of the test files: ${seconds(totalCpu * 1000)} (each file's worker and the processes it waited for)`,
    ];
    const everyFile = [...files].sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0)).map(({ file, ms, cpu }) => ({ file, wallSeconds: ms / 1000, cpuSeconds: cpu ?? null }));
    fs.mkdirSync(path.dirname(RUN_FIGURES), { recursive: true });
    fs.writeFileSync(RUN_FIGURES, `${JSON.stringify({ wallSeconds: (Date.now() - this.#started) / 1000, cpuSeconds: totalCpu, files: everyFile }, null, 1)}\n`);
    process.stdout.write(`${lines.join("\n")}\n\nSummary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
