/**
 * `npm start` (examples/quickstart/start.ts) stops what it started however it ends: interrupted
 * (SIGINT, as Ctrl-C sends it) in the middle of `pulumi up`, nothing it started is left, pulumi
 * and its plugins included; killed (SIGKILL, no handler runs), the emulator sees it gone and exits
 * (--exit-with-pid). A probe in its environment finds everything it started, in /proc.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { type MarkedProcess, processesWithMarker } from "../pulumi-cli/leftover-processes.ts";
import { spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const PROBE = "QUICKSTART_PROBE";
const minutes = (n: number) => n * 60_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !condition()) await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
}

/**
 * Starts `npm start`'s script, sends `signal` to it alone once `pulumi up` has begun, and reports
 * what it had started then and what of it (`watched`) is still running `graceMs` after its end.
 */
async function interruptedQuickstart(signal: NodeJS.Signals, watched: (found: MarkedProcess) => boolean, graceMs: number) {
  const probe = randomUUID();
  const dataDir = path.join(workRoot, `npm-start-interrupted-${process.pid}-${Date.now()}`);
  await fs.mkdir(dataDir, { recursive: true });
  const child = spawnGroup(process.execPath, ["examples/quickstart/start.ts"], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      [PROBE]: probe,
      QUICKSTART_PORT: String(await freePort()),
      QUICKSTART_DB: path.join(dataDir, "emulator.db"),
      PULUMI_STATE_DIR: path.join(dataDir, "pulumi"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  const started = (): MarkedProcess[] => processesWithMarker(PROBE, probe).filter((found) => found.pid !== child.pid);
  try {
    // Some resources in: pulumi, its language host and the provider are all running.
    expect(await waitFor(() => /\+\s+docs-platform:/.test(output) || /creating/.test(output), minutes(2)), output).toBe(true);
    const whileRunning = started();
    process.kill(child.pid!, signal);
    const end = await ended;
    const left = () => started().filter(watched);
    await waitFor(() => left().length === 0, graceMs);
    return { ...end, output, whileRunning, left: left().map((found) => `${found.pid} ${found.cmdline}`) };
  } finally {
    // For the SIGKILL case: pulumi, orphaned, is this test's to stop.
    await stopGroup(child, "SIGKILL");
    for (const found of processesWithMarker(PROBE, probe)) process.kill(found.pid, "SIGKILL");
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

describe("npm start stops what it started", () => {
  it("interrupted with SIGINT during pulumi up: the emulator, pulumi and its plugins all end", { timeout: minutes(4) }, async () => {
    // It waits for what it stopped before it exits: a second after, nothing may be left (pulumi
    // left to finish on its own, as before, was still running).
    const result = await interruptedQuickstart("SIGINT", () => true, 1_000);
    const running = result.whileRunning.map((found) => found.cmdline).join("\n");
    expect(running, result.output).toContain("test/emulator/main.ts");
    expect(running).toMatch(/pulumi-resource-docs-platform|pulumi-language/);
    expect(result.code, result.output).not.toBe(0);
    expect(result.left).toEqual([]);
  });

  it("killed with SIGKILL: the emulator sees it gone and exits on its own", { timeout: minutes(4) }, async () => {
    const isEmulator = (found: MarkedProcess) => found.cmdline.includes("test/emulator/main.ts");
    const result = await interruptedQuickstart("SIGKILL", isEmulator, 5_000);
    expect(result.signal).toBe("SIGKILL");
    expect(result.whileRunning.some(isEmulator), result.output).toBe(true);
    expect(result.left).toEqual([]);
  });
});
