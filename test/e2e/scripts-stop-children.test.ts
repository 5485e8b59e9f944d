/**
 * The drift and pull-request scripts (examples/drift/drift.sh, examples/pull-request/ci.sh) stop
 * what they started however they end: a signal to the script alone (Ctrl-C's SIGINT, a runner's
 * SIGTERM, a closed terminal's SIGHUP) stops the `pulumi` command running then, and everything
 * under it, at once rather than when it returns. `pulumi` is a stand-in on PATH whose preview
 * takes a minute; the real workflows are drift-workflow.test.ts and pull-request-workflow.test.ts.
 * Every process the script starts carries a probe in its environment, found afterwards in /proc.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "../pulumi-cli/ensure-pulumi.ts";
import { processesWithMarker } from "../pulumi-cli/leftover-processes.ts";
import { spawnGroup, stopGroup } from "../pulumi-cli/process-groups.ts";
import { workRoot } from "../pulumi-cli/run-pulumi.ts";

const PROBE = "SCRIPT_CHILDREN_PROBE";
const PREVIEW_SECONDS = 60;
// `preview` says it started, then a child of its own takes PREVIEW_SECONDS (a plugin, say).
const FAKE_PULUMI = `#!/usr/bin/env bash
if [ "$1" = preview ]; then touch "$PREVIEW_STARTED"; sleep "\${PREVIEW_SECONDS:-0}"; fi
exit 0
`;

let base: string;

beforeAll(async () => {
  base = path.join(workRoot, "scripts-stop-children", `${process.pid}-${Date.now()}`);
  await fs.mkdir(path.join(base, "bin"), { recursive: true });
  await fs.writeFile(path.join(base, "bin", "pulumi"), FAKE_PULUMI, { mode: 0o755 });
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** Runs the script; sends `signal` to its pid alone once the preview runs. */
async function runScript(args: string[], options: { signal?: NodeJS.Signals }) {
  const probe = randomUUID();
  const previewStarted = path.join(base, `${probe}.preview`);
  const child = spawnGroup("bash", args, {
    cwd: base,
    env: {
      ...process.env,
      [PROBE]: probe,
      PATH: `${path.join(base, "bin")}:${process.env.PATH}`,
      PREVIEW_STARTED: previewStarted,
      PREVIEW_SECONDS: options.signal ? String(PREVIEW_SECONDS) : "0",
      STACKS: "dev",
      ISSUE_STORE: path.join(base, `${probe}-issues`),
      COMMENT_STORE: path.join(base, `${probe}-comments`),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  let done = false;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("close", (code, signal) => resolve({ code, signal }))).finally(
    () => (done = true),
  );
  const started = () => processesWithMarker(PROBE, probe).filter((found) => found.pid !== child.pid);
  try {
    expect(
      await waitFor(
        () =>
          fs.access(previewStarted).then(
            () => true,
            () => done,
          ),
        30_000,
      ),
      output,
    ).toBe(true);
    // The stand-in marks the preview started just before it starts its child: under load the
    // child can be a moment behind the mark, so the signal waits until the child is there.
    if (options.signal) await waitFor(() => started().some((found) => found.cmdline.includes(`sleep ${PREVIEW_SECONDS}`)), 10_000);
    const whileRunning = started().map((found) => found.cmdline);
    const signalled = Date.now();
    if (options.signal) process.kill(child.pid!, options.signal);
    const end = await ended;
    const seconds = (Date.now() - signalled) / 1000;
    await waitFor(() => started().length === 0, 3_000);
    return { ...end, seconds, output, whileRunning, left: started().map((found) => `${found.pid} ${found.cmdline}`) };
  } finally {
    await stopGroup(child, "SIGKILL");
  }
}

const scripts = [
  ["drift.sh", [path.join(repositoryRoot, "examples", "drift", "drift.sh")]],
  ["ci.sh preview", [path.join(repositoryRoot, "examples", "pull-request", "ci.sh"), "preview"]],
] as const;

describe.each(scripts)("%s stops what it started", (_name, args) => {
  it("when it ends on its own", { timeout: 60_000 }, async () => {
    const result = await runScript([...args], {});
    // The stand-in printed no JSON: the script says so and fails, and leaves nothing behind.
    expect(result.code, result.output).toBe(1);
    expect(result.left).toEqual([]);
  });

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    it(`on ${signal} while pulumi runs: at once, pulumi and what it started included`, { timeout: 60_000 }, async () => {
      const result = await runScript([...args], { signal });
      expect(result.whileRunning.join("\n"), result.output).toContain(`sleep ${PREVIEW_SECONDS}`);
      expect(result.code, result.output).toBe(code);
      expect(result.seconds).toBeLessThan(10);
      expect(result.left).toEqual([]);
    });
  }
});
