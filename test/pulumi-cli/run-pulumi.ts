// Runs the real Pulumi CLI as a child process, hermetically: a local file backend, a private
// PULUMI_HOME, a fixed passphrase, no update check, no plugin downloads, no account, no network.
// Used by the end-to-end tests and by the scripts that run the quickstart.
import { spawnGroup } from "./process-groups.ts";
import fs from "node:fs/promises";
import path from "node:path";
import { ensurePulumi, pathWithPulumi, repositoryRoot } from "./ensure-pulumi.ts";

/** Where tests put their Pulumi programs and stacks: under the repository (gitignored), so that
 * programs resolve @pulumi/pulumi and the provider package from the repository's node_modules. */
export const workRoot = path.join(repositoryRoot, "test", ".work");

export const defaultPassphrase = "local-test-passphrase";
export const defaultTimeoutMs = 10 * 60_000;

export interface PulumiEnvironmentOptions {
  /** Directory holding `pulumi` and its plugins (from ensurePulumi). */
  binDir: string;
  /** Directory of the file backend (state of every stack). Created if missing. */
  backendDir: string;
  /** PULUMI_HOME: workspace settings and plugin cache. Created if missing. */
  pulumiHome: string;
  passphrase?: string;
  /** Added last; a value of undefined removes the variable. */
  extra?: Record<string, string | undefined>;
}

/**
 * The environment for pulumi: inherited PULUMI_* variables are dropped (no access token, no other
 * backend, no ambient config leaks in), and so are vitest's, which must not reach the programs.
 */
export function pulumiEnvironment(options: PulumiEnvironmentOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("PULUMI_") || key.startsWith("VITEST") || key === "NODE_OPTIONS") continue;
    env[key] = value;
  }
  Object.assign(env, {
    PATH: pathWithPulumi(options.binDir),
    PULUMI_BACKEND_URL: `file://${path.resolve(options.backendDir)}`,
    PULUMI_HOME: path.resolve(options.pulumiHome),
    PULUMI_CONFIG_PASSPHRASE: options.passphrase ?? defaultPassphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // gRPC for the Python mode of the language host, whose projects have no node_modules.
    PULUMI_LANGUAGE_HOST_SDK_DIR: repositoryRoot,
    // Plain output for assertions and logs.
    NO_COLOR: "1",
  });
  for (const [key, value] of Object.entries(options.extra ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Creates the backend and PULUMI_HOME directories under `stateDir` (`backend`, `home`) and returns
 * the pulumi environment over them.
 */
export async function stateDirEnvironment(stateDir: string, options: Omit<PulumiEnvironmentOptions, "backendDir" | "pulumiHome">): Promise<NodeJS.ProcessEnv> {
  const backendDir = path.join(stateDir, "backend");
  const pulumiHome = path.join(stateDir, "home");
  await fs.mkdir(backendDir, { recursive: true });
  await fs.mkdir(pulumiHome, { recursive: true });
  return pulumiEnvironment({ ...options, backendDir, pulumiHome });
}

export interface PulumiResult {
  /** The command line, for messages. */
  command: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

export interface RunPulumiOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Written to stdin (e.g. a config value for `config set`). */
  input?: string;
  /** Also copy the output to this process's stdout and stderr as it comes (for scripts a person watches). */
  echo?: boolean;
}

/**
 * Runs `pulumi <args>` and resolves with its output and exit code; never rejects on a non-zero exit.
 * On timeout the whole process group gets SIGINT (pulumi then cancels cleanly), then SIGKILL.
 */
export function runPulumi(args: string[], options: RunPulumiOptions): Promise<PulumiResult> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const fullArgs = [...args, "--non-interactive", "--color", "never"];
  const command = `pulumi ${fullArgs.join(" ")}`;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Own process group, so a timeout can stop pulumi and everything it started (plugins,
    // language hosts), and so can this process's exit while it still runs.
    const child = spawnGroup("pulumi", fullArgs, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    child.stdin!.end(options.input ?? "");
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let hardKill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup("SIGINT");
      hardKill = setTimeout(() => killGroup("SIGKILL"), 15_000);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start pulumi (is ensurePulumi's binDir on PATH?): ${error.message}`));
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      clearTimeout(hardKill);
      resolve({ command, exitCode, signal, stdout, stderr, timedOut, durationMs: Date.now() - started });
    });
  });
}

/** Throws an error carrying the command, exit code and full output unless the command succeeded. */
export function assertSucceeded(result: PulumiResult): PulumiResult {
  if (result.exitCode !== 0) {
    const why = result.timedOut ? "timed out" : `exited with ${result.exitCode ?? result.signal}`;
    throw new Error(`\`${result.command}\` ${why}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
  return result;
}

/** One step of `pulumi preview --json` / `refresh --preview-only --json` (only the fields tests use). */
export interface PreviewStep {
  op: string;
  urn: string;
  diffReasons?: string[];
  replaceReasons?: string[];
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
  oldState?: { type?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  newState?: { type?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
}

export interface PreviewSummary {
  steps: PreviewStep[];
  changeSummary: Record<string, number>;
  diagnostics?: unknown[];
}

/**
 * The steps of `preview --json` other than "same", e.g. [{ op: "update", urn }]. Not for refresh:
 * there every step is op "refresh", changed or not; use changeCounts instead.
 */
export function changedSteps(summary: PreviewSummary): PreviewStep[] {
  return summary.steps.filter((step) => step.op !== "same");
}

/**
 * The change summary without "same", e.g. {} for no changes or { update: 1 } (for a refresh: one
 * resource drifted). `pulumi refresh --preview-only --diff` text shows which properties drifted.
 */
export function changeCounts(summary: PreviewSummary): Record<string, number> {
  return Object.fromEntries(Object.entries(summary.changeSummary ?? {}).filter(([op, count]) => op !== "same" && count > 0));
}

export type ConfigValue = string | { value: string; secret: boolean };

export interface StackOptions {
  /** Directory with the program's Pulumi.yaml. */
  programDir: string;
  /** Stack name; default "test". A committed Pulumi.<stack>.yaml in programDir seeds its config. */
  stackName?: string;
  /** Stack config, set with `pulumi config set` (secrets encrypted with the passphrase). */
  config?: Record<string, ConfigValue>;
  /** Holds the backend, PULUMI_HOME and the stack's config file; default: a fresh directory under
   * test/.work/stacks, deleted by remove(). Pass a fixed one to keep a stack between runs. */
  stateDir?: string;
  passphrase?: string;
  /** Extra environment for every command (e.g. the emulator's URL and token). */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/** A resource of `pulumi stack export`'s deployment: the fields every resource has typed, the rest as read. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface TestStack {
  readonly name: string;
  readonly programDir: string;
  readonly stateDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The stack's config file (passed as --config-file to the commands that take one). */
  readonly configFile: string;
  /** Any pulumi command, with `--stack <name>` (and `--config-file`) added; resolves even when it fails. */
  run(args: string[], options?: { input?: string; timeoutMs?: number; echo?: boolean }): Promise<PulumiResult>;
  /** `pulumi up --yes --skip-preview`; throws on failure. */
  up(extraArgs?: string[]): Promise<PulumiResult>;
  /** `pulumi preview --json`, parsed; throws on failure. */
  preview(extraArgs?: string[]): Promise<PreviewSummary>;
  /** `pulumi refresh --preview-only --json`, parsed: what a refresh would change. */
  refreshPreview(extraArgs?: string[]): Promise<PreviewSummary>;
  /** `pulumi refresh --yes --skip-preview`; throws on failure. */
  refresh(extraArgs?: string[]): Promise<PulumiResult>;
  /** `pulumi destroy --yes --skip-preview`; throws on failure. */
  destroy(extraArgs?: string[]): Promise<PulumiResult>;
  /** `pulumi stack output --json --show-secrets`, parsed. */
  outputs(): Promise<Record<string, unknown>>;
  /** `pulumi stack export` (secrets stay encrypted), parsed, plus the raw text for leak checks. */
  exportState(): Promise<{ text: string; deployment: { resources?: StateResource[] } }>;
  setConfig(key: string, value: ConfigValue): Promise<void>;
  /** Removes the stack: its state directory when it has its own, else `stack rm --force`. */
  remove(): Promise<void>;
}

let stackCounter = 0;

/**
 * `pulumi config set-all` of plain `values`: one command for many keys. Each value as `config set`
 * would store it from stdin, which drops one trailing line break.
 */
export function configSetAllArgs(values: Record<string, string>): string[] {
  return ["config", "set-all", ...Object.entries(values).flatMap(([key, value]) => ["--plaintext", `${key}=${value.endsWith("\n") ? value.slice(0, -1) : value}`])];
}

/**
 * Creates a fresh stack of the program in a private file backend, with its config set.
 * Ensures the CLI first (a no-op after the first call).
 */
export async function createStack(options: StackOptions): Promise<TestStack> {
  const installation = await ensurePulumi();
  const name = options.stackName ?? "test";
  const stateDir = options.stateDir ?? path.join(workRoot, "stacks", `${path.basename(options.programDir)}-${process.pid}-${Date.now()}-${stackCounter++}`);
  const env = await stateDirEnvironment(stateDir, { binDir: installation.binDir, passphrase: options.passphrase, extra: options.env });
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  // The stack's config file lives in the state directory, never in the program directory: tests
  // may share a program, and a program's committed Pulumi.<stack>.yaml must not be modified. `stack
  // init` writes the passphrase salt into the config file of the project in its working directory,
  // so it runs in a copy of the project there, seeded with the program's committed stack config.
  const projectCopy = path.join(stateDir, "project");
  const configFile = path.join(projectCopy, `Pulumi.${name}.yaml`);
  await fs.mkdir(projectCopy, { recursive: true });
  await fs.copyFile(path.join(options.programDir, "Pulumi.yaml"), path.join(projectCopy, "Pulumi.yaml"));
  const committedConfig = path.join(options.programDir, `Pulumi.${name}.yaml`);
  if (!(await exists(configFile)) && (await exists(committedConfig))) await fs.copyFile(committedConfig, configFile);

  const takesConfigFile = new Set(["config", "up", "preview", "refresh", "destroy", "import"]);
  const run: TestStack["run"] = (args, runOptions = {}) =>
    runPulumi([...args, "--stack", name, ...(takesConfigFile.has(args[0] ?? "") ? ["--config-file", configFile] : [])], {
      cwd: options.programDir,
      env,
      timeoutMs: runOptions.timeoutMs ?? timeoutMs,
      input: runOptions.input,
      echo: runOptions.echo,
    });
  const json = async <T>(args: string[]): Promise<T> => {
    const result = assertSucceeded(await run(args));
    try {
      return JSON.parse(result.stdout) as T;
    } catch {
      throw new Error(`\`${result.command}\` did not print JSON:\n${result.stdout}\n${result.stderr}`);
    }
  };

  const setConfig = async (key: string, value: ConfigValue) => {
    const secret = typeof value === "object" && value.secret;
    const text = typeof value === "object" ? value.value : value;
    // The value goes through stdin, so secrets never appear on a command line.
    assertSucceeded(await run(["config", "set", key, ...(secret ? ["--secret"] : ["--plaintext"])], { input: text }));
  };

  const init = await runPulumi(["stack", "init", name], { cwd: projectCopy, env, timeoutMs });
  // A persistent state directory (e.g. `npm start`) keeps its stack from the previous run.
  if (init.exitCode !== 0 && !/already exists/.test(init.stderr + init.stdout)) assertSucceeded(init);
  const isSecret = (value: ConfigValue) => typeof value === "object" && value.secret;
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.config ?? {})) if (!isSecret(value)) plain[key] = typeof value === "string" ? value : value.value;
  // The plain values in one command (each CLI start costs a fraction of a second); secrets one by
  // one through stdin, never on a command line.
  if (Object.keys(plain).length > 0) assertSucceeded(await run(configSetAllArgs(plain)));
  for (const [key, value] of Object.entries(options.config ?? {})) if (isSecret(value)) await setConfig(key, value);

  return {
    name,
    programDir: options.programDir,
    stateDir,
    configFile,
    env,
    run,
    up: async (extraArgs = []) => assertSucceeded(await run(["up", "--yes", "--skip-preview", ...extraArgs])),
    preview: (extraArgs = []) => json<PreviewSummary>(["preview", "--json", ...extraArgs]),
    refreshPreview: (extraArgs = []) => json<PreviewSummary>(["refresh", "--preview-only", "--json", ...extraArgs]),
    refresh: async (extraArgs = []) => assertSucceeded(await run(["refresh", "--yes", "--skip-preview", ...extraArgs])),
    destroy: async (extraArgs = []) => assertSucceeded(await run(["destroy", "--yes", "--skip-preview", ...extraArgs])),
    outputs: () => json<Record<string, unknown>>(["stack", "output", "--json", "--show-secrets"]),
    exportState: async () => {
      const result = assertSucceeded(await run(["stack", "export"]));
      return { text: result.stdout, deployment: (JSON.parse(result.stdout) as { deployment: { resources?: StateResource[] } }).deployment };
    },
    setConfig,
    remove: async () => {
      // A state directory of its own holds the stack's backend, config and home: deleting it is
      // the whole removal, without starting the CLI once more for `stack rm`.
      if (!options.stateDir) return fs.rm(stateDir, { recursive: true, force: true });
      // --preserve-config: otherwise `stack rm` deletes Pulumi.<stack>.yaml from the program directory.
      assertSucceeded(await run(["stack", "rm", "--yes", "--force", "--preserve-config"]));
    },
  };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes a throwaway Pulumi program (files relative to a fresh directory under test/.work/programs)
 * and returns its directory. Files are written as given; add a Pulumi.yaml.
 */
export async function writeProgram(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(workRoot, "programs", `${name}-${process.pid}-${Date.now()}-${stackCounter++}`);
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), content);
  }
  return dir;
}
