/**
 * Child processes that end with whoever started them: every test, example script and helper that
 * starts the emulator, a script or a pulumi command goes through `spawnGroup`. The child leads a
 * process group of its own, so stopping it stops what it started too (npx and the emulator under
 * it; pulumi and its plugin and language hosts), not only the first pid. Groups still running
 * when this process exits (a test that failed half-way, Ctrl-C) get SIGKILL from an exit handler.
 * A parent killed with SIGKILL runs no handler: the emulator is then given `--exit-with-pid`.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";

/** Process groups started here and not yet seen empty. */
const runningGroups = new Set<number>();
let exitHandlerInstalled = false;

/** Sends `signal` to the whole group led by `pid`; false when no process of the group is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on("exit", () => {
    for (const pid of runningGroups) signalGroup(pid, "SIGKILL");
  });
}

/** `spawn`, with the child leading a new process group that this process stops when it exits. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  installExitHandler();
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid !== undefined) {
    runningGroups.add(pid);
    // Forgotten once empty, so that the exit handler cannot hit a later group reusing the id.
    child.once("close", () => {
      if (!signalGroup(pid, 0)) runningGroups.delete(pid);
    });
  }
  return child;
}

/**
 * Stops every group started here and still running (for a script interrupted by a signal):
 * `signal` first (SIGINT lets pulumi cancel cleanly, the emulator closes), SIGKILL after `graceMs`.
 */
export async function stopAllGroups(signal: NodeJS.Signals, graceMs: number): Promise<void> {
  for (const pid of runningGroups) signalGroup(pid, signal);
  const deadline = Date.now() + graceMs;
  while ([...runningGroups].some((pid) => signalGroup(pid, 0)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of runningGroups) signalGroup(pid, "SIGKILL");
  runningGroups.clear();
}

/**
 * Stops a group started with `spawnGroup`: `signal` to every process in it, SIGKILL to what is
 * left after `graceMs`; resolves once the group is empty. The leader may have exited already and
 * left children behind (npx gone, the emulator still up): the group is signalled all the same.
 */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 5_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  signalGroup(pid, signal);
  const deadline = Date.now() + graceMs;
  while (signalGroup(pid, 0)) {
    if (Date.now() > deadline) {
      signalGroup(pid, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!signalGroup(pid, 0)) break;
      // Zombies (exited, not yet reaped by this process) keep a group alive: let the loop reap them.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (Date.now() > deadline + 10_000) break;
  }
  runningGroups.delete(pid);
}

/**
 * Runs a command in a group of its own to its end, its stdout and stderr interleaved as they come.
 * Then stops what the command left in its group (a background job it forgot): the caller started
 * that too. What escaped the group is for the run's leftover check to name.
 */
export function runGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { input?: string } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args, { ...options, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    if (options.input !== undefined) child.stdin!.end(options.input);
    child.on("error", reject);
    child.on("close", (code, signal) => void stopGroup(child).then(() => resolve({ code, signal, output })));
  });
}
