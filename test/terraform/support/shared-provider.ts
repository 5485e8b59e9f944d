/**
 * One provider process for a whole test file: the door in debug mode (provider/terraform/main.ts
 * `--debug`), which every `tofu` command of the file reattaches to through TF_REATTACH_PROVIDERS,
 * instead of starting a provider for each phase of each command (two or three starts a command,
 * each about half a second of CPU). Each provider instance of a command still gets a handler of
 * its own (one per connection), as a process of its own would.
 *
 * What a shared provider cannot do is read a command's environment: a provider OpenTofu starts
 * inherits tofu's, a reattached one has the environment it was started with. So it is started for
 * one project root and emulator (tofu-project.ts gives it the environment tofuProject gives tofu),
 * and tofuProject refuses a project of another root, emulator or environment. A test that changes
 * the provider's environment from one command to the next (a token removed, a variable set) runs
 * without it, as does one that reads the provider's log in tofu's (TF_LOG_PATH).
 *
 *   const provider = await sharedProvider(work.dir, emulator); // beforeAll
 *   const project = await tofuProject(tofu, work.dir, "name", emulator, { provider });
 *   await provider.close(); // afterAll
 */
import { type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { spawnGroup, stopGroup } from "../../pulumi-cli/process-groups.ts";
import { providerEntry } from "./tofu.ts";

/** The environment variable OpenTofu and Terraform read the running providers from. */
export const REATTACH_VARIABLE = "TF_REATTACH_PROVIDERS";

export interface SharedProviderOptions {
  /** The provider's entry file (default: the built provider, provider/dist/terraform/main.js). */
  providerEntry?: string;
  /** The provider's environment beside this process's. */
  env: NodeJS.ProcessEnv;
  /** Where its stderr (its log) is written as it comes. */
  logFile: string;
}

export interface SharedProvider {
  /** The value of TF_REATTACH_PROVIDERS that sends tofu to this process. */
  reattach: string;
  /** What it was started with: tofuProject compares a project's with it. */
  options: Readonly<SharedProviderOptions>;
  /** What it has written on stderr so far, for a failure's message. */
  log(): string;
  /** Stops it (SIGTERM to its process group) and waits for it to be gone. */
  close(): Promise<void>;
}

// The built provider's own reading of its debug banner (what the tests run is the built provider).
const { reattachValueIn } = createRequire(import.meta.url)(
  "../../../provider/dist/terraform/main.js",
) as typeof import("../../../provider/terraform/main.ts");

/** Starts `node <entry> --debug` with `options.env` and resolves once it prints its reattach value. */
export async function startSharedProvider(options: SharedProviderOptions): Promise<SharedProvider> {
  const entry = options.providerEntry ?? providerEntry;
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const child: ChildProcess = spawnGroup(process.execPath, [entry, "--debug"], {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    fs.appendFileSync(options.logFile, chunk);
  });
  const reattach = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the shared provider printed no reattach value in 60 s:\n${stdout}${stderr}`)),
      60_000,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const value = reattachValueIn(stdout);
      if (value === undefined) return;
      clearTimeout(timer);
      resolve(value);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the shared provider exited (${signal ?? code}) before it served:\n${stdout}${stderr}`));
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return {
    reattach,
    options: { ...options, providerEntry: entry },
    log: () => stderr,
    close: () => stopGroup(child),
  };
}
