// A twin started by hand, as docs/twin.md does it: the emulator's own command line from a
// snapshot, in a process group of its own; what it printed, read back as a shell would hold it.
import type { ChildProcess } from "node:child_process";
import { readExportLines } from "../../emulator/shell.ts";
import { spawnGroup } from "../../pulumi-cli/process-groups.ts";

/** Starts `node <main> --seed <snapshot> ...args`; resolves once it printed its lines. Stop it with stopGroup. */
export function startTwinByHand(main: string, snapshot: string, args: readonly string[], cwd?: string): Promise<{ twin: ChildProcess; printed: Record<string, string> }> {
  const twin = spawnGroup(process.execPath, [main, "--seed", snapshot, ...args, "--exit-with-pid", String(process.pid)], {
    ...(cwd ? { cwd } : {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    twin.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (/^export DOCS_PLATFORM_ORGANIZATION_ID=.*$/m.test(out)) resolve({ twin, printed: readExportLines(out) });
    });
    twin.on("exit", (code) => reject(new Error(`the twin exited with ${code}: ${out}`)));
  });
}
