/**
 * `pulumi-docs-platform rehearsal-stack --from <stack> --to <stack>`: a new stack that starts where
 * a real one is, for a rehearsal against the offline twin (docs/twin.md, "Rehearse by hand").
 *
 * It reads the real stack's state with `pulumi stack export` (no --show-secrets: every secret stays
 * ciphertext, and this command never holds a secret's value), renames it for the new stack (every
 * URN's stack, and the root Stack resource's name `<project>-<stack>`), creates the new stack with
 * the real one's config (`pulumi stack init --copy-config-from`) and the same secrets provider (for
 * the passphrase provider: the same salt, written as `encryptionsalt` in the new stack's config
 * file before `init`, so the same passphrase decrypts the state's ciphertexts unchanged), and
 * imports the renamed state (`pulumi stack import`). A `pulumi preview` of the new stack then shows
 * exactly the real stack's change. A state under any other secrets provider (the Pulumi Cloud's
 * `service`, a cloud KMS's `cloud`) is refused, naming it: its ciphertexts could only be carried
 * over by decrypting them.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

export const REHEARSAL_STACK_USAGE = `usage: pulumi-docs-platform rehearsal-stack --from <stack> --to <stack>
  Creates the stack --to from the stack --from, in the Pulumi project of the current directory: the same config
  (pulumi stack init --copy-config-from), the same passphrase salt, and the state of --from with its URNs renamed
  (pulumi stack export, then pulumi stack import), so that \`pulumi preview --stack <to>\` shows the change --from would
  get. Secrets stay encrypted throughout: the state is read without --show-secrets, and the same passphrase
  (PULUMI_CONFIG_PASSPHRASE) decrypts both stacks. Only the passphrase secrets provider is supported; a state under any
  other is refused. Runs the \`pulumi\` on PATH (or PULUMI_CLI).
  Exit code: 0 the stack was created; 1 it was not (nothing is left behind).`;

export class RehearsalStackError extends Error {}

/** A state as `pulumi stack export` writes it (only what this command reads). */
export interface UntypedState {
  version?: number;
  deployment?: {
    secrets_providers?: { type?: string; state?: Record<string, unknown> };
    resources?: Array<{ urn?: string; [key: string]: unknown }>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** The stack's own name, as URNs hold it: `org/project/prod` is `prod`. */
export function shortStackName(stack: string): string {
  return stack.slice(stack.lastIndexOf("/") + 1);
}

/**
 * The URN renamed from stack `from` to stack `to` (short names) in project `project`: its stack
 * part, and for the root Stack resource its name (`<project>-<from>`, as Pulumi names it) too. A
 * provider reference (`<urn>::<id>`) keeps its id. Any other string is returned as it is.
 */
export function renameUrn(text: string, project: string, from: string, to: string): string {
  const prefix = `urn:pulumi:${from}::${project}::`;
  if (!text.startsWith(prefix)) return text;
  const rest = text.slice(prefix.length);
  const root = `pulumi:pulumi:Stack::${project}-${from}`;
  const renamedRest = rest === root || rest.startsWith(`${root}::`) ? `pulumi:pulumi:Stack::${project}-${to}${rest.slice(root.length)}` : rest;
  return `urn:pulumi:${to}::${project}::${renamedRest}`;
}

/**
 * The state renamed for stack `to`: every string in it that is a URN of stack `from` (a resource's
 * `urn`, `parent`, `provider`, `dependencies`, `propertyDependencies`, `deletedWith`, aliases, a
 * pending operation's, an output holding a resource's URN). Nothing else changes: ids, inputs,
 * outputs and every ciphertext (`{"4dabf18193072939515e22adb298388d": "1b47...", "ciphertext": ...}`)
 * are kept byte for byte, and so is the secrets provider.
 */
export function renameState(state: UntypedState, project: string, from: string, to: string): UntypedState {
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return renameUrn(value, project, from, to);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return walk(state) as UntypedState;
}

/**
 * The stacks the state's resources belong to (short names) and the projects, from their URNs: a
 * state of stack `from` has only `from`'s.
 */
export function stacksOf(state: UntypedState): { stacks: Set<string>; projects: Set<string> } {
  const stacks = new Set<string>();
  const projects = new Set<string>();
  for (const resource of state.deployment?.resources ?? []) {
    const match = /^urn:pulumi:([^:]*)::([^:]*)::/.exec(resource.urn ?? "");
    if (!match) continue;
    stacks.add(match[1]);
    projects.add(match[2]);
  }
  return { stacks, projects };
}

/**
 * What the new stack's config file must start with so that the new stack decrypts the state's
 * ciphertexts as they are: `encryptionsalt: <salt>` for the passphrase provider, nothing for a
 * state without a secrets provider (it holds no secret). Any other provider is refused, naming it.
 */
export function secretsSettings(state: UntypedState, from: string): { encryptionsalt?: string } {
  const provider = state.deployment?.secrets_providers;
  if (!provider || provider.type === undefined) return {};
  if (provider.type === "passphrase") {
    const salt = provider.state?.salt;
    if (typeof salt !== "string" || salt === "")
      throw new RehearsalStackError(`the state of ${from} names the passphrase secrets provider without its salt: nothing could decrypt its secrets`);
    return { encryptionsalt: salt };
  }
  const where = provider.type === "cloud" && typeof provider.state?.url === "string" ? ` (${provider.state.url.replace(/\?.*$/, "")})` : "";
  throw new RehearsalStackError(
    `the state of ${from} is encrypted by the "${provider.type}" secrets provider${where}; rehearsal-stack copies only a state under the passphrase provider, ` +
      `whose secrets the rehearsal decrypts as they are, and would have to decrypt these to carry them over, which it does not do. ` +
      `Rehearse this stack with examples/rehearse/rehearse.sh and STATE_FROM (a state exported with --show-secrets, on a machine trusted with it), ` +
      `or start the rehearsal from the program alone (pulumi stack init rehearsal --copy-config-from ${from}).`,
  );
}

/** The project of the current directory: its name, and where its stack config files go. */
export function findProject(cwd: string): { name: string; configDir: string } {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const file of ["Pulumi.yaml", "Pulumi.yml"]) {
      const full = path.join(dir, file);
      if (!fs.existsSync(full)) continue;
      const text = fs.readFileSync(full, "utf8");
      const name = topLevelScalar(text, "name");
      if (!name) throw new RehearsalStackError(`${full} names no project`);
      const configDir = topLevelScalar(text, "stackConfigDir");
      return { name, configDir: configDir ? path.resolve(dir, configDir) : dir };
    }
    if (path.dirname(dir) === dir) throw new RehearsalStackError(`no Pulumi.yaml in ${cwd} or above it: run rehearsal-stack in the program's directory`);
  }
}

/** A top-level `key: value` of a YAML file (quotes removed), enough for Pulumi.yaml's name. */
function topLevelScalar(yaml: string, key: string): string | undefined {
  const match = new RegExp(`^${key}:[ \\t]*(.*?)[ \\t]*(?:#.*)?$`, "m").exec(yaml);
  const value = match?.[1]?.trim();
  if (!value) return undefined;
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

type Pulumi = (args: string[]) => Run;

function runPulumi(args: string[]): Run {
  const result = spawnSync(process.env.PULUMI_CLI || "pulumi", args, { encoding: "utf8", maxBuffer: 1024 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) throw new RehearsalStackError(`could not run pulumi: ${result.error.message}`);
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

function failed(what: string, run: Run): RehearsalStackError {
  return new RehearsalStackError(`${what} failed:\n${(run.stderr || run.stdout).trim()}`);
}

export interface RehearsalStackOptions {
  from: string;
  to: string;
  cwd?: string;
  pulumi?: Pulumi;
  log?: (line: string) => void;
}

/** Creates the stack `to` from the stack `from` (the command's work); resolves with the resources imported. */
export function createRehearsalStack(options: RehearsalStackOptions): { resources: number; configFile: string } {
  const { from, to } = options;
  const pulumi = options.pulumi ?? runPulumi;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const [fromName, toName] = [shortStackName(from), shortStackName(to)];
  if (fromName === toName) throw new RehearsalStackError(`--from and --to name the same stack (${fromName}): the rehearsal needs a stack of its own`);
  const project = findProject(options.cwd ?? process.cwd());
  const configFile = path.join(project.configDir, `Pulumi.${toName}.yaml`);
  if (fs.existsSync(configFile)) throw new RehearsalStackError(`${configFile} exists already: remove the stack ${to} first (pulumi stack rm ${to}) or name another`);

  // 1. The real stack's state, its secrets as ciphertext.
  const exported = pulumi(["stack", "export", "--stack", from]);
  if (exported.code !== 0) throw failed(`pulumi stack export --stack ${from}`, exported);
  let state: UntypedState;
  try {
    state = JSON.parse(exported.stdout) as UntypedState;
  } catch {
    throw new RehearsalStackError(`pulumi stack export --stack ${from} did not print a state`);
  }
  const { stacks, projects } = stacksOf(state);
  const foreign = [...stacks].filter((name) => name !== fromName);
  if (foreign.length > 0) throw new RehearsalStackError(`the state of ${from} holds resources of other stacks (${foreign.join(", ")})`);
  const otherProject = [...projects].find((name) => name !== project.name);
  if (otherProject) throw new RehearsalStackError(`the state of ${from} is of the project ${otherProject}, not of ${project.name} (this directory's Pulumi.yaml)`);
  const settings = secretsSettings(state, from);
  const renamed = renameState(state, project.name, fromName, toName);

  // 2. The new stack: the real one's config, re-encrypted by `init` under the same salt.
  if (settings.encryptionsalt) fs.writeFileSync(configFile, `encryptionsalt: ${settings.encryptionsalt}\n`);
  // --secrets-provider passphrase: on a Pulumi Cloud backend the default would be the service's.
  const created = pulumi(["stack", "init", to, ...(settings.encryptionsalt ? ["--secrets-provider", "passphrase"] : []), "--copy-config-from", from, "--no-select"]);
  if (created.code !== 0) {
    if (settings.encryptionsalt) fs.rmSync(configFile, { force: true });
    throw failed(`pulumi stack init ${to} --copy-config-from ${from}`, created);
  }

  // 3. The renamed state, imported. A file of its own (it holds ciphertext only), removed after.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearsal-stack-"));
  try {
    const file = path.join(dir, "state.json");
    fs.writeFileSync(file, JSON.stringify(renamed, null, 2), { mode: 0o600 });
    const imported = pulumi(["stack", "import", "--stack", to, "--file", file]);
    if (imported.code !== 0) {
      // Nothing left behind: the stack is empty, so it goes (with its config file).
      pulumi(["stack", "rm", to, "--yes", "--force"]);
      fs.rmSync(configFile, { force: true });
      throw failed(`pulumi stack import --stack ${to}`, imported);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const resources = renamed.deployment?.resources?.length ?? 0;
  log(
    `rehearsal-stack: created ${to} from ${from}: ${resources} resource${resources === 1 ? "" : "s"} of its state, its config (${path.relative(process.cwd(), configFile) || configFile})` +
      `${settings.encryptionsalt ? ", its passphrase salt" : ""}. Point ${to} at the twin (docs-platform:apiUrl, docs-platform:token) before a preview.`,
  );
  return { resources, configFile };
}

export function rehearsalStackCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: "string" }, to: { type: "string" }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    process.stdout.write(`${REHEARSAL_STACK_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new RehearsalStackError(`unexpected argument ${positionals[0]}\n${REHEARSAL_STACK_USAGE}`);
  if (!values.from || !values.to) throw new RehearsalStackError(`give --from <stack> and --to <stack>\n${REHEARSAL_STACK_USAGE}`);
  createRehearsalStack({ from: values.from, to: values.to });
  return 0;
}
