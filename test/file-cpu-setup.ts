/**
 * Records each test file's CPU time (user and system, its worker process and every child it waited
 * for: the Pulumi CLI, the plugins and language hosts under it) for the summary reporter. The wall
 * time of a file says little while files share two cores; its CPU says what it costs.
 */
import fs from "node:fs";
import { afterAll } from "vitest";
import { recordFileCpu } from "./file-cpu.ts";

/** Seconds of CPU so far: this process's own, and its children's that it waited for. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // /proc/self/stat's fields 16 and 17 (cutime, cstime), in clock ticks of 1/100 s on Linux.
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  const childrenTicks = Number(fields[13]) + Number(fields[14]);
  return (own.user + own.system) / 1e6 + childrenTicks / 100;
}

// Taken when the file starts, so a worker that ran another file before counts only this one.
const atStart = cpuSeconds();

// Vitest 5 hands a hook its fixtures first (they must be destructured), then the file.
// eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures from this pattern; none are used.
afterAll(({}, file) => {
  recordFileCpu(file.file.filepath, cpuSeconds() - atStart);
});
