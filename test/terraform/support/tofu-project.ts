/**
 * A real-tofu test's project against the emulator (full tier): a folder with a configuration, the
 * environment that points OpenTofu at the built provider (dev_overrides, support/tofu.ts) and at
 * the emulator, a runner that keeps every run's output for the failure message, and the API's own
 * listing of what a configuration made, for the audits (orphans, duplicates, what is left).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { type Emulator } from "../../emulator/index.ts";
import { REATTACH_VARIABLE, type SharedProvider, startSharedProvider } from "./shared-provider.ts";
import { providerEntry, providerHeader, run, type RunResult, tofuEnv, writeCliConfig, writeLauncher } from "./tofu.ts";

/** The configuration's start when the environment says where the API is (tofuProject). */
export const PROVIDER_HEADER = providerHeader();

/** The commands that would ask at the terminal for what is missing, and take `-input=false`. */
const ASKS_FOR_INPUT = new Set(["apply", "destroy", "import", "plan", "refresh", "force-unlock"]);

export interface TofuProject {
  dir: string;
  env: NodeJS.ProcessEnv;
  /**
   * Runs `tofu <command> [-input=false] -no-color <args>` in the project; never throws on a
   * non-zero exit. A command of two words (`"state rm"`) is given as one string: the options
   * follow both.
   */
  tofu(command: string, ...args: string[]): Promise<RunResult>;
  write(file: string, text: string): Promise<void>;
}

/** The exit code and both outputs of a run: the message of a failed expectation. */
export const shown = (result: RunResult): string => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

export interface TofuProjectOptions {
  /**
   * The provider's entry file the launcher runs (default: the built provider,
   * provider/dist/terraform/main.js); a test's own handler, e.g. support/echo-provider.ts.
   */
  providerEntry?: string;
  /** More environment for tofu and the provider it starts. */
  env?: NodeJS.ProcessEnv;
  /**
   * The file's one provider process (sharedProvider, started for the same root, emulator and
   * options): tofu reattaches to it instead of starting the provider for each phase of each command.
   */
  provider?: SharedProvider;
}

/** What tofuProject gives tofu beside its own settings: the provider's environment (which a provider tofu starts inherits). */
function providerEnvironment(root: string, emulator: Emulator | undefined, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const organization = emulator?.fixture.organizations[0];
  return {
    ...(emulator && organization ? { DOCS_PLATFORM_API_URL: emulator.url, DOCS_PLATFORM_TOKEN: organization.admin.token, DOCS_PLATFORM_ORGANIZATION_ID: organization.id } : {}),
    DOCS_PLATFORM_JOURNAL_DIR: path.join(root, "journal"),
    ...extra,
  };
}

/**
 * One provider process for the projects of `root` (support/shared-provider.ts): the environment
 * tofuProject(tofu, root, <any name>, emulator, options) would give a provider of its own.
 */
export async function sharedProvider(root: string, emulator?: Emulator, options: Omit<TofuProjectOptions, "provider"> = {}): Promise<SharedProvider> {
  return startSharedProvider({
    ...(options.providerEntry ? { providerEntry: options.providerEntry } : {}),
    env: providerEnvironment(root, emulator, options.env),
    logFile: path.join(root, "shared-provider.log"),
  });
}

/** Refuses a shared provider started for another project root, emulator or environment: it would serve this project with theirs. */
function checkSharedProvider(provider: SharedProvider, entry: string, env: NodeJS.ProcessEnv): void {
  const differing = Object.keys({ ...env, ...provider.options.env }).filter((key) => env[key] !== provider.options.env[key]);
  if (provider.options.providerEntry !== entry || differing.length > 0) {
    throw new Error(
      `this shared provider was started for another project (${provider.options.providerEntry !== entry ? "another entry" : `its ${differing.join(", ")} differ`}): start it with sharedProvider(<the same root>, <the same emulator>, <the same options>)`,
    );
  }
}

/**
 * A project folder `<root>/<name>`. With an emulator, its tofu reaches it with the organization's
 * admin token from the environment (as a user keeps it out of the configuration); without one,
 * the configuration says where the provider goes. The projects of one root share a launcher and a
 * CLI configuration per provider entry.
 */
export async function tofuProject(tofuBinary: string, root: string, name: string, emulator?: Emulator, options: TofuProjectOptions = {}): Promise<TofuProject> {
  const dir = path.join(root, name);
  await fs.mkdir(dir, { recursive: true });
  const entry = options.providerEntry ?? providerEntry;
  const entryName = entry === providerEntry ? "" : `-${path.basename(entry, path.extname(entry))}`;
  const cliConfig = path.join(root, `tofu${entryName}.rc`);
  await fs.access(cliConfig).catch(async () => writeCliConfig(cliConfig, await writeLauncher(path.join(root, `bin${entryName}`), entry)));
  const forProvider = providerEnvironment(root, emulator, options.env);
  if (options.provider) checkSharedProvider(options.provider, entry, forProvider);
  const env = tofuEnv(cliConfig, {
    TF_LOG: "debug",
    TF_LOG_PATH: path.join(dir, "tofu.log"),
    ...forProvider,
    ...(options.provider ? { [REATTACH_VARIABLE]: options.provider.reattach } : {}),
  });
  return {
    dir,
    env,
    tofu: (command, ...args) => {
      const words = command.split(" ");
      const asks = ASKS_FOR_INPUT.has(words[0]) && words.length === 1;
      return run(tofuBinary, [...words, ...(asks ? ["-input=false"] : []), "-no-color", ...args], { cwd: dir, env, timeoutMs: 240_000 });
    },
    write: (file, text) => fs.writeFile(path.join(dir, file), text),
  };
}

/** One resource of `tofu show -json`. */
export interface ShownResource {
  address: string;
  type: string;
  values: Record<string, any>;
  /** Its identity (tfplugin6 6.9) and the identity schema's version, as the state keeps them. */
  identity?: Record<string, string>;
  identity_schema_version?: number;
}

/** The resources of the project's state (`tofu show -json`), in address order. */
export async function shownResources(project: TofuProject): Promise<ShownResource[]> {
  const result = await project.tofu("show", "-json");
  if (result.code !== 0) throw new Error(`tofu show -json: ${shown(result)}`);
  const state = JSON.parse(result.stdout) as { values?: { root_module?: { resources?: ShownResource[] } } };
  return (state.values?.root_module?.resources ?? []).filter((resource) => !resource.address.startsWith("data.")).sort((a, b) => a.address.localeCompare(b.address));
}

/** The API's raw answer, with the organization's admin token. */
export async function apiGet(emulator: Emulator, apiPath: string): Promise<any> {
  const organization = emulator.fixture.organizations[0];
  const response = await fetch(`${emulator.url}${apiPath}`, { headers: { authorization: `Bearer ${organization.admin.token}` } });
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Every item of a listing, all pages. */
export async function listAll(emulator: Emulator, apiPath: string): Promise<any[]> {
  const items: any[] = [];
  let page: string | undefined;
  do {
    const body = await apiGet(emulator, page === undefined ? apiPath : `${apiPath}${apiPath.includes("?") ? "&" : "?"}page=${encodeURIComponent(page)}`);
    items.push(...(body.items ?? []));
    page = body.next?.page;
  } while (page);
  return items;
}
