/**
 * The scanner behind the global teardown's check that a test run leaves no process running
 * (test/pulumi-cli/leftover-processes.ts): it finds a run's marker in a process's environment,
 * however deep the process was started, and leaves vitest, its workers and other runs alone.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RUN_MARKER, describeLeftovers, isVitestProcess, leftoverProcesses, processesWithMarker } from "../pulumi-cli/leftover-processes.ts";
import { signalGroup, spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";

const fakeProc = fs.mkdtempSync(path.join(os.tmpdir(), "fake-proc-"));
afterAll(() => fs.rmSync(fakeProc, { recursive: true, force: true }));

function fakeProcess(pid: number, ppid: number, env: Record<string, string>, argv: string[], comm = "node"): void {
  const dir = path.join(fakeProc, String(pid));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "environ"),
    `${Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join("\0")}\0`,
  );
  fs.writeFileSync(path.join(dir, "cmdline"), `${argv.join("\0")}\0`);
  fs.writeFileSync(path.join(dir, "stat"), `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1\n`);
}

describe("the leftover-process scanner", () => {
  it("finds the processes whose environment holds the run's marker, with parent and command line", () => {
    fakeProcess(100, 1, { PATH: "/bin", [RUN_MARKER]: "run-a" }, ["node", "/tmp/docs-platform-emulator-x/node_modules/.bin/docs-platform-emulator", "--port", "0"]);
    fakeProcess(101, 100, { [RUN_MARKER]: "run-a", HOME: "/root" }, ["pulumi-resource-docs-platform"], "pulumi (plugin) x");
    fakeProcess(102, 1, { [RUN_MARKER]: "run-b" }, ["node", "emulator of another run"]);
    fakeProcess(103, 1, { [`${RUN_MARKER}_X`]: "run-a", OTHER: `${RUN_MARKER}=run-a-longer` }, ["not marked"]);
    fs.mkdirSync(path.join(fakeProc, "self"), { recursive: true });
    fs.mkdirSync(path.join(fakeProc, "104")); // gone between listing and reading: no environ
    expect(processesWithMarker(RUN_MARKER, "run-a", fakeProc)).toEqual([
      { pid: 100, ppid: 1, cmdline: "node /tmp/docs-platform-emulator-x/node_modules/.bin/docs-platform-emulator --port 0" },
      { pid: 101, ppid: 100, cmdline: "pulumi-resource-docs-platform" },
    ]);
    expect(processesWithMarker(RUN_MARKER, "run-c", fakeProc)).toEqual([]);
  });

  it("leaves out vitest, its workers and helpers, but not a child a worker left behind", async () => {
    fakeProcess(200, 50, { [RUN_MARKER]: "run-v" }, ["node", "node_modules/vitest/vitest.mjs", "run"]);
    fakeProcess(201, 200, { [RUN_MARKER]: "run-v" }, ["node", "node_modules/vitest/dist/workers/forks.js"]);
    fakeProcess(202, 201, { [RUN_MARKER]: "run-v" }, ["node", "test/emulator/main.ts"]);
    fakeProcess(203, 1, { [RUN_MARKER]: "run-v" }, ["node", "node_modules/vitest/dist/workers/forks.js"]);
    fakeProcess(204, 200, { [RUN_MARKER]: "run-v" }, ["node_modules/@esbuild/linux-x64/bin/esbuild", "--service=0.25.0", "--ping"]);
    expect(isVitestProcess({ pid: 200, ppid: 50, cmdline: "" }, 200)).toBe(true);
    const left = await leftoverProcesses("run-v", { runnerPid: 200, graceMs: 0, procRoot: fakeProc });
    // 203 is a worker of nobody: an orphan is a leftover whatever its command.
    expect(left.map((found) => found.pid)).toEqual([202, 203]);
    expect(describeLeftovers(left)).toBe(
      [
        "2 processes started by this test run are still running:",
        "  pid 202 (parent 201): node test/emulator/main.ts",
        "  pid 203 (parent 1): node node_modules/vitest/dist/workers/forks.js",
      ].join("\n"),
    );
  });

  it("finds a real grandchild by the marker it inherited, and waits for one on its way out", async () => {
    const runId = randomUUID();
    // A shell that starts a sleep and exits: the sleep, reparented, is what a leak looks like.
    const child = spawnGroup("sh", ["-c", "sleep 30 > /dev/null & echo $!"], { env: { ...process.env, [RUN_MARKER]: runId }, stdio: ["ignore", "pipe", "ignore"] });
    const sleepPid = Number(await new Promise<string>((resolve) => child.stdout!.setEncoding("utf8").once("data", resolve)));
    await new Promise((resolve) => child.once("close", resolve));
    const found = processesWithMarker(RUN_MARKER, runId);
    expect(found.map((process) => [process.pid, process.cmdline])).toEqual([[sleepPid, "sleep 30"]]);
    // The group outlives its leader; stopping the group ends the sleep, and the wait sees it go.
    expect(signalGroup(child.pid!, 0)).toBe(true);
    const stopped = stopGroup(child);
    expect(await leftoverProcesses(runId, { runnerPid: process.pid, graceMs: 5_000 })).toEqual([]);
    await stopped;
    expect(signalGroup(child.pid!, 0)).toBe(false);
  });
});
