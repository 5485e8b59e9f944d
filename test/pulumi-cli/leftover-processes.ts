/**
 * What a test run left running. The global setup puts a marker of its own in the environment
 * (RUN_MARKER=<unique id>); vitest's workers inherit it, every process the tests start inherits
 * it from them, and their children from those: emulators, scripts, pulumi, its provider host,
 * plugins and language hosts. After the run, a process still carrying this run's marker is a
 * leftover, wherever it was reparented and whatever its name. Other runs on the same machine have
 * other ids, so their processes are not counted.
 */
import fs from "node:fs";
import path from "node:path";

export const RUN_MARKER = "DOCS_PLATFORM_TEST_RUN";

export interface MarkedProcess {
  pid: number;
  ppid: number;
  cmdline: string;
}

/** The processes under `procRoot` whose initial environment holds `name=value` (Linux /proc). */
export function processesWithMarker(name: string, value: string, procRoot = "/proc"): MarkedProcess[] {
  const wanted = Buffer.from(`${name}=${value}`);
  const found: MarkedProcess[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const dir = path.join(procRoot, entry);
    let environ: Buffer;
    try {
      environ = fs.readFileSync(path.join(dir, "environ"));
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    if (!environ.toString("latin1").split("\0").includes(wanted.toString("latin1"))) continue;
    found.push({ pid: Number(entry), ppid: parentOf(dir), cmdline: cmdlineOf(dir) });
  }
  return found.sort((a, b) => a.pid - b.pid);
}

function parentOf(dir: string): number {
  try {
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const stat = fs.readFileSync(path.join(dir, "stat"), "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

function cmdlineOf(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, "cmdline"), "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

/**
 * Vitest itself (`runnerPid`) and its direct children carry the marker too, and are not leftovers:
 * they are its workers and helpers (a bundler's service), which end after the global teardown that
 * looks. Tests run in the workers, so what a test starts is a worker's child or further down (or,
 * orphaned, init's), never the runner's.
 */
export function isVitestProcess(process: MarkedProcess, runnerPid: number): boolean {
  return process.pid === runnerPid || process.ppid === runnerPid;
}

/** The leftovers of run `runId`, waiting up to `graceMs` for those still on their way out. */
export async function leftoverProcesses(runId: string, options: { runnerPid: number; graceMs?: number; procRoot?: string }): Promise<MarkedProcess[]> {
  const deadline = Date.now() + (options.graceMs ?? 5_000);
  for (;;) {
    const left = processesWithMarker(RUN_MARKER, runId, options.procRoot).filter((found) => !isVitestProcess(found, options.runnerPid));
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function describeLeftovers(left: readonly MarkedProcess[]): string {
  return [
    `${left.length} process${left.length === 1 ? "" : "es"} started by this test run ${left.length === 1 ? "is" : "are"} still running:`,
    ...left.map((found) => `  pid ${found.pid} (parent ${found.ppid}): ${found.cmdline}`),
  ].join("\n");
}
