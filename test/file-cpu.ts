import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where a run's test files leave their CPU times: one folder per vitest process, which the files'
 * workers (forked by it) know as their parent.
 */
function cpuFolder(vitestPid: number): string {
  return path.join(os.tmpdir(), `vitest-file-cpu-${vitestPid}`);
}

/** Called in a test file's worker: its CPU time, in seconds, under the file's path. */
export function recordFileCpu(file: string, seconds: number, vitestPid = process.ppid): void {
  const folder = cpuFolder(vitestPid);
  fs.mkdirSync(folder, { recursive: true });
  const name = `${Buffer.from(file).toString("base64url")}.json`;
  fs.writeFileSync(path.join(folder, name), JSON.stringify({ file, seconds }));
}

/** Called in the vitest process at the end of a run: every file's CPU time, then the folder goes. */
export function takeFileCpu(vitestPid = process.pid): Map<string, number> {
  const folder = cpuFolder(vitestPid);
  const times = new Map<string, number>();
  if (!fs.existsSync(folder)) return times;
  for (const name of fs.readdirSync(folder)) {
    const { file, seconds } = JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as { file: string; seconds: number };
    times.set(file, seconds);
  }
  fs.rmSync(folder, { recursive: true, force: true });
  return times;
}
