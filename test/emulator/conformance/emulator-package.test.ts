/**
 * The emulator as a package of its own (`docs-platform-emulator`): packed from this workspace,
 * installed from the tarball in a directory outside the repository and started with `npx`, with
 * no dependency at all (so none on the provider: the two stay independent readings of API.md).
 * Every flag has an environment variable: a twin started from environment variables alone serves
 * a seeded snapshot with the given token and latency, and writes its snapshot on exit.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnGroup, stopGroup } from "../../pulumi-cli/process-groups.ts";
import { startEmulator } from "../index.ts";
import { envName, FLAGS } from "../options.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const children: ChildProcess[] = [];
let workDir: string;
let tarball: string;

/**
 * Starts the installed package with `npx`, or its bin directly (`direct`: signals reach the
 * emulator itself, not npm); resolves with the child and its first lines once it listens.
 */
function start(env: Record<string, string>, args: string[] = [], direct = false): Promise<{ child: ChildProcess; lines: string[]; ms: number }> {
  const started = performance.now();
  const [command, prefix] = direct ? [path.join(workDir, "node_modules", ".bin", "docs-platform-emulator"), []] : ["npx", ["--no-install", "docs-platform-emulator"]];
  // A group of its own: npx's child, the emulator, is stopped with it (killing npx alone left the
  // emulator running after the run, its folder deleted). --exit-with-pid for a killed test worker.
  const child = spawnGroup(command, [...prefix, ...args], {
    cwd: workDir,
    env: { DOCS_PLATFORM_EMULATOR_EXIT_WITH_PID: String(process.pid), ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("export DOCS_PLATFORM_ORGANIZATION_ID=")) resolve({ child, lines: out.trim().split("\n"), ms: performance.now() - started });
    });
    let err = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.on("exit", (code) => reject(new Error(`the emulator exited with ${code}: ${err}${out}`)));
  });
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-platform-emulator-"));
  // The workspace is built already (`npm test` builds first); no prepack build here, which would
  // rewrite dist/ under the emulators other tests start from it.
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--workspace", "test/emulator", "--pack-destination", workDir, "--json", "--ignore-scripts"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }),
  );
  tarball = path.join(workDir, packed[0].filename);
  execFileSync("npm", ["init", "--yes"], { cwd: workDir, stdio: "ignore" });
  execFileSync("npm", ["install", tarball], { cwd: workDir, stdio: "ignore" });
}, 180_000);

afterAll(async () => {
  await Promise.all(children.map((child) => stopGroup(child, "SIGKILL")));
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("the docs-platform-emulator package", () => {
  it("packs the compiled emulator, its fixture, README and LICENSE, with no dependency", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(workDir, "node_modules", "docs-platform-emulator", "package.json"), "utf8"));
    expect(manifest.dependencies ?? {}).toEqual({});
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files).toContain("package/dist/main.js");
    expect(files).toContain("package/dist/fixtures/demo.json");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/LICENSE");
    expect(files.filter((file) => /conformance|\.test\.|bench/.test(file))).toEqual([]);
    // No import of the provider: the emulator reads API.md on its own.
    for (const file of files.filter((name) => name.endsWith(".js"))) {
      expect(fs.readFileSync(path.join(workDir, "node_modules", "docs-platform-emulator", file.replace(/^package\//, "")), "utf8"), file).not.toMatch(
        /(?:from|import\(|require\()\s*["'][^"']*(?:pulumi-docs-platform|\/provider\/)/,
      );
    }
    console.log(`docs-platform-emulator tarball: ${fs.statSync(tarball).size} bytes, ${files.length} files`);
  });

  it("starts with npx from the tarball and serves the demo organization", async () => {
    const { child, lines, ms } = await start({}, ["--port", "0", "--db", ":memory:"]);
    console.log(`docs-platform-emulator started in ${Math.round(ms)} ms`);
    const url = lines
      .find((line) => line.startsWith("export DOCS_PLATFORM_API_URL="))!
      .split("=")[1]
      .slice(1, -1);
    const token = lines
      .find((line) => line.startsWith("export DOCS_PLATFORM_TOKEN="))!
      .split("=")[1]
      .slice(1, -1);
    expect(lines[0]).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ .*pid \d+/);
    const response = await fetch(`${url}/orgs`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await stopGroup(child);
  });

  it("takes every flag from its environment variable: a seeded twin with its token, latency and a snapshot on exit", async () => {
    // Every flag is documented with its variable.
    expect(FLAGS.map((flag) => envName(flag.name))).toContain("DOCS_PLATFORM_EMULATOR_SNAPSHOT_ON_EXIT");
    const source = await startEmulator();
    const seed = path.join(workDir, "seed.json");
    fs.writeFileSync(seed, JSON.stringify(source.snapshot()));
    await source.close();
    const onExit = path.join(workDir, "on-exit.json");
    const { child, lines } = await start(
      {
        DOCS_PLATFORM_EMULATOR_PORT: "0",
        DOCS_PLATFORM_EMULATOR_DB: ":memory:",
        DOCS_PLATFORM_EMULATOR_SEED: seed,
        DOCS_PLATFORM_EMULATOR_TOKEN: "twin-token-from-env",
        DOCS_PLATFORM_EMULATOR_LATENCY_MS: "150",
        DOCS_PLATFORM_EMULATOR_SNAPSHOT_ON_EXIT: onExit,
      },
      [],
      true,
    );
    expect(lines).toContain("export DOCS_PLATFORM_TOKEN='twin-token-from-env'");
    const url = lines
      .find((line) => line.startsWith("export DOCS_PLATFORM_API_URL="))!
      .split("=")[1]
      .slice(1, -1);
    const before = performance.now();
    const team = await fetch(`${url}/orgs/org-acme/teams`, {
      method: "PUT",
      headers: { authorization: "Bearer twin-token-from-env", "content-type": "application/json" },
      body: JSON.stringify({ title: "Made in the twin" }),
    });
    expect(team.status).toBe(201);
    expect(performance.now() - before).toBeGreaterThanOrEqual(140);
    // SIGINT to the emulator itself (started directly), which writes its snapshot on the way out.
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
    const written = JSON.parse(fs.readFileSync(onExit, "utf8"));
    expect(written.teams.map((t: { title: string }) => t.title)).toContain("Made in the twin");
  });

  it("refuses a bad flag value naming the flag, its variable and the rule", () => {
    let message = "";
    try {
      execFileSync("npx", ["--no-install", "docs-platform-emulator"], {
        cwd: workDir,
        env: { ...process.env, DOCS_PLATFORM_EMULATOR_RATE_LIMIT: "lots" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      message = String((error as { stderr?: string }).stderr);
    }
    expect(message).toContain('--rate-limit (DOCS_PLATFORM_EMULATOR_RATE_LIMIT): expected <limit>/<seconds>, e.g. 100/60, got "lots"');
  });
});
