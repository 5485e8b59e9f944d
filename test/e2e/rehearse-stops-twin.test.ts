/**
 * rehearse.sh stops the twin it starts, whatever way it ends: done, Ctrl-C (SIGINT), SIGTERM, or
 * SIGKILL, which runs no trap (the twin then sees the script's pid gone: --exit-with-pid). The
 * twin runs under a launcher that stays its parent, as npx does (`$!` is the launcher's pid, not
 * the emulator's), and once under npx itself. `pulumi` is a stand-in on PATH whose `up` takes a
 * while, so a signal arrives in the middle of the rehearsal; the real workflow is rehearse.test.ts.
 * Every process the script starts carries a probe in its environment, found afterwards in /proc.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../emulator/index.ts";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type MarkedProcess, processesWithMarker } from "../pulumi-cli/leftover-processes.ts";
import { spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const script = path.join(repositoryRoot, "examples", "rehearse", "rehearse.sh");
const emulatorMain = path.join(repositoryRoot, "test", "emulator", "dist", "main.js");
const PROBE = "REHEARSE_TWIN_PROBE";

// `up` says it started, then takes UP_SECONDS; every other command succeeds at once.
const FAKE_PULUMI = `#!/usr/bin/env bash
if [ "$1" = up ]; then touch "$UP_STARTED"; sleep "\${UP_SECONDS:-0}"; fi
exit 0
`;
// Stays the emulator's parent, as npx does.
const LAUNCHER = `#!/bin/sh
node ${JSON.stringify(emulatorMain)} "$@"
`;

let base: string;
let snapshot: string;

beforeAll(async () => {
  base = path.join(workRoot, "rehearse-stops-twin", `${process.pid}-${Date.now()}`);
  await fs.mkdir(path.join(base, "bin"), { recursive: true });
  await fs.writeFile(path.join(base, "bin", "pulumi"), FAKE_PULUMI, { mode: 0o755 });
  await fs.writeFile(path.join(base, "launch-twin.sh"), LAUNCHER, { mode: 0o755 });
  await fs.writeFile(path.join(base, "Pulumi.yaml"), "name: rehearse-stops-twin\nruntime: nodejs\n");
  // The emulator's bin where `npx --no-install docs-platform-emulator` finds it, as installed.
  await fs.writeFile(path.join(base, "package.json"), '{ "name": "rehearse-stops-twin", "private": true }\n');
  await fs.mkdir(path.join(base, "node_modules", ".bin"), { recursive: true });
  await fs.writeFile(path.join(base, "node_modules", ".bin", "docs-platform-emulator"), `#!/bin/sh\nexec node ${JSON.stringify(emulatorMain)} "$@"\n`, { mode: 0o755 });
  const source = await startEmulator();
  snapshot = path.join(base, "snapshot.json");
  await fs.writeFile(snapshot, JSON.stringify(source.snapshot()));
  await source.close();
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** The twin's processes of one rehearsal: the launcher and the emulator, the two that got --seed. */
function twinProcesses(probe: string): MarkedProcess[] {
  return processesWithMarker(PROBE, probe).filter((found) => found.cmdline.includes("--seed"));
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/**
 * Runs rehearse.sh; `signal`, when given, is sent to the script's own pid (not its group) once
 * `pulumi up` runs. Resolves with the exit code or signal, the output, and the twin's processes
 * seen while up ran and left after the end.
 */
async function rehearse(options: { signal?: NodeJS.Signals; viaNpx?: boolean }) {
  const probe = randomUUID();
  const upStarted = path.join(base, `${probe}.up`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [PROBE]: probe,
    PATH: `${path.join(base, "bin")}:${process.env.PATH}`,
    UP_STARTED: upStarted,
    // Long enough that the twin is seen running while `up` runs (the poll is every 100 ms), even when
    // the script then ends on its own.
    UP_SECONDS: options.signal ? "3" : "1",
    REHEARSAL_COMMENT: path.join(base, `${probe}.md`),
    DOCS_PLATFORM_CLI: "true",
    ...(options.viaNpx ? {} : { EMULATOR: path.join(base, "launch-twin.sh") }),
  };
  if (options.viaNpx) delete env.EMULATOR;
  const child = spawnGroup("bash", [script, snapshot], { cwd: base, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  let done = false;
  void ended.then(() => (done = true));
  try {
    const upRan = await waitFor(
      () =>
        fs.access(upStarted).then(
          () => true,
          () => done,
        ),
      30_000,
    );
    expect(upRan, output).toBe(true);
    const whileRunning = twinProcesses(probe);
    if (options.signal) process.kill(child.pid!, options.signal);
    const end = await ended;
    // The emulator closes its server on the way out: a moment, not more.
    await waitFor(() => twinProcesses(probe).length === 0, 5_000);
    return { ...end, output, whileRunning, left: twinProcesses(probe) };
  } finally {
    // The stand-in `up` the script was running when it was killed, and anything else left.
    await stopGroup(child, "SIGKILL");
  }
}

describe("rehearse.sh stops the twin it started", () => {
  it("when it ends on its own, under npx (the emulator is npx's child, not $!)", { timeout: 60_000 }, async () => {
    const result = await rehearse({ viaNpx: true });
    expect(result.code, result.output).toBe(0);
    expect(result.whileRunning.map((found) => found.cmdline).join("\n")).toMatch(/docs-platform-emulator|main\.js/);
    expect(result.left).toEqual([]);
  });

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    it(`on ${signal} in the middle of the rehearsal`, { timeout: 60_000 }, async () => {
      const result = await rehearse({ signal });
      // Launcher and emulator, so the group (not $! alone) is what must be stopped.
      expect(result.whileRunning, result.output).toHaveLength(2);
      expect(result.code, result.output).toBe(code);
      expect(result.left).toEqual([]);
    });
  }

  it("when it is killed with SIGKILL: the twin sees the script gone and exits", { timeout: 60_000 }, async () => {
    const result = await rehearse({ signal: "SIGKILL" });
    expect(result.whileRunning, result.output).toHaveLength(2);
    expect(result.signal).toBe("SIGKILL");
    expect(result.left).toEqual([]);
  });
});
