/**
 * Running OpenTofu against this repository's Terraform door in tests: a launcher directory holding
 * `terraform-provider-docsplatform` (a script running this Node.js by absolute path on an entry
 * file), and a CLI configuration (TF_CLI_CONFIG_FILE) whose dev_overrides point OpenTofu at it, so
 * no `tofu init` or registry is involved.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** The built provider's entry: what the release's executable runs. */
export const providerEntry = path.join(repositoryRoot, "provider", "dist", "terraform", "main.js");

export const PROVIDER_SOURCE = "docs-platform/docsplatform";
export const PROVIDER_EXECUTABLE = "terraform-provider-docsplatform";

/**
 * What a test's configuration starts with: the `terraform { required_providers }` block naming
 * this provider (at `version` when given), then, unless `provider` is false, the provider's block
 * with `settings` (each value quoted as HCL, the keys aligned as `tofu fmt` writes them).
 */
export function providerHeader({ version, settings = {}, provider = true }: { version?: string; settings?: Record<string, string>; provider?: boolean } = {}): string {
  const source = `source = ${JSON.stringify(PROVIDER_SOURCE)}${version === undefined ? "" : `, version = ${JSON.stringify(version)}`}`;
  const lines = ["terraform {", "  required_providers {", `    docsplatform = { ${source} }`, "  }", "}", ""];
  if (provider) {
    const width = Math.max(0, ...Object.keys(settings).map((key) => key.length));
    const entries = Object.entries(settings).map(([key, value]) => `  ${key.padEnd(width)} = ${JSON.stringify(value)}`);
    lines.push(...(entries.length === 0 ? ['provider "docsplatform" {}'] : ['provider "docsplatform" {', ...entries, "}"]), "");
  }
  return lines.join("\n");
}

const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

/** Writes `<dir>/terraform-provider-docsplatform` running `entry` on this Node.js; returns dir. */
export async function writeLauncher(dir: string, entry: string = providerEntry): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const node = await fs.realpath(process.execPath);
  const script = [
    "#!/bin/sh",
    `# The docsplatform provider for OpenTofu in tests: ${path.relative(repositoryRoot, entry)} on Node.js ${process.version}.`,
    `exec ${quote(node)} ${quote(entry)} "$@"`,
    "",
  ].join("\n");
  await fs.writeFile(path.join(dir, PROVIDER_EXECUTABLE), script, { mode: 0o755 });
  return dir;
}

/** A CLI configuration file whose dev_overrides serve `docs-platform/docsplatform` from launcherDir. */
export async function writeCliConfig(file: string, launcherDir: string): Promise<string> {
  await fs.writeFile(
    file,
    ["provider_installation {", "  dev_overrides {", `    ${JSON.stringify(PROVIDER_SOURCE)} = ${JSON.stringify(launcherDir)}`, "  }", "  direct {}", "}", ""].join("\n"),
  );
  return file;
}

/** A scratch folder for a test, removed by the returned function. */
export async function scratch(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (or `timeoutMs`, then SIGKILL), collecting its output. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment for `tofu` in a test: the CLI configuration, no checkpoint calls, no colours. */
export function tofuEnv(cliConfig: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TF_CLI_CONFIG_FILE: cliConfig, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", NO_COLOR: "1", ...extra };
  // The test's own handshake variables must not leak into tofu's provider (it sets its own).
  delete env.TF_PLUGIN_MAGIC_COOKIE;
  delete env.PLUGIN_CLIENT_CERT;
  return env;
}

/** What each step of a slow tofu test took, for the line it prints at the end (`timed` records one step). */
export function stepTimings(): { timings: string[]; timed: <T>(step: string, action: () => Promise<T>) => Promise<T> } {
  const timings: string[] = [];
  const timed = async <T>(step: string, action: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    try {
      return await action();
    } finally {
      timings.push(`${step} ${((Date.now() - start) / 1000).toFixed(1)}s`);
    }
  };
  return { timings, timed };
}
