/**
 * Where the exporter finds the API URL, the token and the organization: flags, then the
 * environment, then the stack config of the Pulumi project in the current directory (the values
 * a program there runs with). The stack config is read only when flags and environment leave
 * something out.
 *
 * The stack config: with a `pulumi` CLI on PATH, `pulumi config --json --show-secrets` (the selected
 * stack, or `--config-stack`), the only way to read a token stored as a secret. Without one,
 * `Pulumi.<stack>.yaml` is read for plain values; an encrypted token there cannot be read and
 * the error says so.
 *
 * The token is never printed: no message here holds a value read from any source.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CONFIG_NAMESPACE, ConfigurationError, REHEARSAL_ENV, readProviderConfig } from "../../config/provider-config";
import { ORGANIZATION_ENV } from "../../config/organization-default";

export const API_URL_ENV = "DOCS_PLATFORM_API_URL";
export const TOKEN_ENV = "DOCS_PLATFORM_TOKEN";

export interface Credentials {
  apiUrl: string;
  token: string;
  /** Undefined: none given anywhere (the token's only organization is used, see command.ts). */
  organizationId: string | undefined;
  /** Where each value came from, for the progress line (never the values themselves). */
  sources: { apiUrl: string; token: string; organizationId?: string };
}

/** The stack config of the current directory as `namespace:key` to value; undefined when there is no project. */
/** A stack's `adopt` ids, as export writes them (`<project>:adopt`): kind, then resource name, to id. */
export type AdoptIds = Record<string, Record<string, string>>;

export type StackConfigReader = () => Promise<{ values: Record<string, string>; source: string; adopt?: AdoptIds } | undefined>;

export interface CredentialInputs {
  flags: { apiUrl?: string; token?: string; organizationId?: string };
  env: NodeJS.ProcessEnv;
  stackConfig: StackConfigReader;
  /**
   * What the flags and variables are called, for the sources and the messages: export's by default
   * (`--api-url`, DOCS_PLATFORM_TOKEN, ...); `compare` reads one side's (`--left-api-url`,
   * DOCS_PLATFORM_LEFT_TOKEN, ...).
   */
  names?: Partial<CredentialNames>;
}

export interface CredentialNames {
  apiUrlFlag: string;
  tokenFlag: string;
  organizationFlag: string;
  apiUrlEnv: string;
  tokenEnv: string;
  organizationEnv: string;
  /** Said when there is no stack config to read. */
  noStackConfig: string;
}

const EXPORT_NAMES: CredentialNames = {
  apiUrlFlag: "--api-url",
  tokenFlag: "--token-stdin",
  organizationFlag: "--org",
  apiUrlEnv: API_URL_ENV,
  tokenEnv: TOKEN_ENV,
  organizationEnv: ORGANIZATION_ENV,
  noStackConfig: "there is no Pulumi project in the current directory to read a stack config from",
};

export class CredentialsError extends Error {}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === "" ? undefined : value.trim());

export async function resolveCredentials({ flags, env, stackConfig, names: givenNames }: CredentialInputs): Promise<Credentials> {
  const names = { ...EXPORT_NAMES, ...givenNames };
  const given = {
    apiUrl: nonEmpty(flags.apiUrl) ?? nonEmpty(env[names.apiUrlEnv]),
    token: nonEmpty(flags.token) ?? nonEmpty(env[names.tokenEnv]),
    organizationId: nonEmpty(flags.organizationId) ?? nonEmpty(env[names.organizationEnv]),
  };
  const sources: Credentials["sources"] = {
    apiUrl: nonEmpty(flags.apiUrl) ? names.apiUrlFlag : names.apiUrlEnv,
    token: nonEmpty(flags.token) ? names.tokenFlag : names.tokenEnv,
    ...(given.organizationId ? { organizationId: nonEmpty(flags.organizationId) ? names.organizationFlag : names.organizationEnv } : {}),
  };
  let stack: Awaited<ReturnType<StackConfigReader>>;
  if (!given.apiUrl || !given.token || !given.organizationId) {
    try {
      stack = await stackConfig();
    } catch (error) {
      // Only the organization is missing: the token's only organization may do (command.ts).
      if (!given.apiUrl || !given.token) throw error;
    }
    const fromStack = (key: string) => nonEmpty(stack?.values[`${CONFIG_NAMESPACE}:${key}`]);
    if (!given.apiUrl && fromStack("apiUrl")) [given.apiUrl, sources.apiUrl] = [fromStack("apiUrl"), stack!.source];
    if (!given.token && fromStack("token")) [given.token, sources.token] = [fromStack("token"), stack!.source];
    if (!given.organizationId && fromStack("organizationId")) [given.organizationId, sources.organizationId] = [fromStack("organizationId"), stack!.source];
  }
  const where = stack ? `, nor in the stack config (${stack.source})` : `, and ${names.noStackConfig}`;
  if (!given.token) {
    throw new CredentialsError(
      `no API token: give it with the environment variable ${names.tokenEnv} or ${names.tokenFlag} (the token on standard input), ` +
        `or run in a Pulumi project whose stack config has ${CONFIG_NAMESPACE}:token. It is not in the environment${where}.`,
    );
  }
  if (!given.apiUrl) {
    throw new CredentialsError(
      `no API URL: give it with ${names.apiUrlFlag} or the environment variable ${names.apiUrlEnv}, ` +
        `or run in a Pulumi project whose stack config has ${CONFIG_NAMESPACE}:apiUrl. It is not in the environment${where}.`,
    );
  }
  // The provider's own validation (URL shape, no credentials in the URL, no whitespace in the token),
  // and its rehearsal guard: while DOCS_PLATFORM_REHEARSAL names a twin, any other API is refused
  // here as it is by the provider, before a request is sent. Only the guard's variable is passed:
  // the URL and the token were resolved above, flags first.
  const values: Record<string, string> = { [`${CONFIG_NAMESPACE}:apiUrl`]: given.apiUrl, [`${CONFIG_NAMESPACE}:token`]: given.token };
  try {
    const checked = readProviderConfig({ get: (key) => values[key] }, { [REHEARSAL_ENV]: env[REHEARSAL_ENV] });
    return { apiUrl: checked.apiUrl, token: checked.token, organizationId: given.organizationId, sources };
  } catch (error) {
    if (error instanceof ConfigurationError) throw new CredentialsError(error.message);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the stack config of a directory.

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? ((error as NodeJS.ErrnoException).code === "ENOENT" ? null : typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, missing: (error as NodeJS.ErrnoException | null)?.code === "ENOENT" });
    });
  });
}

/** `pulumi config --json` output: `{ "<ns>:<key>": { value?, secret, objectValue? } }`. */
export function parseConfigJson(text: string): Record<string, string> {
  const parsed = JSON.parse(text) as Record<string, { value?: unknown; objectValue?: unknown }>;
  const values: Record<string, string> = {};
  for (const [key, entry] of Object.entries(parsed)) {
    if (typeof entry?.value === "string") values[key] = entry.value;
  }
  return values;
}

/** The `<project>:adopt` object of `pulumi config --json` output, when there is one. */
export function adoptOfConfigJson(text: string): AdoptIds | undefined {
  const parsed = JSON.parse(text) as Record<string, { objectValue?: unknown }>;
  const entry = Object.entries(parsed).find(([key]) => key.endsWith(":adopt") && !key.startsWith(`${CONFIG_NAMESPACE}:`));
  const value = entry?.[1]?.objectValue;
  if (value === null || typeof value !== "object") return undefined;
  const adopt: AdoptIds = {};
  for (const [kind, names] of Object.entries(value as Record<string, unknown>)) {
    if (names === null || typeof names !== "object") continue;
    for (const [name, id] of Object.entries(names as Record<string, unknown>)) if (typeof id === "string") (adopt[kind] ??= {})[name] = id;
  }
  return adopt;
}

/**
 * The plain `docs-platform:*` values of a `Pulumi.<stack>.yaml` (`key: value` lines under
 * `config:`); an encrypted value (`secure:`) is reported by `encrypted`; the `<project>:adopt`
 * ids export writes, by `adopt`.
 */
export function parseStackFile(text: string): { values: Record<string, string>; encrypted: string[]; adopt?: AdoptIds } {
  const values: Record<string, string> = {};
  const encrypted: string[] = [];
  const lines = text.split(/\r?\n/);
  let inConfig = false;
  let adopt: AdoptIds | undefined;
  /** Inside `<project>:adopt:` (as export writes it: a kind per line at 4 spaces, `name: id` at 6), the kind being read. */
  let adoptKind: string | undefined;
  let inAdopt = false;
  lines.forEach((line, index) => {
    if (/^\S/.test(line)) inConfig = /^config:\s*$/.test(line);
    if (inAdopt) {
      const kind = /^ {4}([A-Za-z]+):\s*$/.exec(line);
      const entry = /^ {6}([^\s:]+):\s*(\S.*)$/.exec(line);
      if (kind) adoptKind = kind[1];
      else if (entry && adoptKind) (adopt![adoptKind] ??= {})[unquote(entry[1])] = unquote(entry[2].trim());
      else if (!/^\s*$/.test(line)) inAdopt = false;
      if (inAdopt) return;
    }
    const match = inConfig ? /^ {2}([A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+):\s*(.*)$/.exec(line) : null;
    if (!match) return;
    const [, key, raw] = match;
    if (raw.trim() !== "") values[key] = unquote(raw.trim());
    // `key:` then `    secure: v1:...` on the next line: a secret, encrypted with the stack's key.
    else if (/^\s+secure:/.test(lines[index + 1] ?? "")) encrypted.push(key);
    else if (key.endsWith(":adopt")) [inAdopt, adoptKind, adopt] = [true, undefined, adopt ?? {}];
  });
  return { values, encrypted, ...(adopt ? { adopt } : {}) };
}

function unquote(raw: string): string {
  const double = /^"(?:[^"\\]|\\.)*"/.exec(raw);
  if (double) {
    try {
      return JSON.parse(double[0]) as string;
    } catch {
      return double[0].slice(1, -1);
    }
  }
  const single = /^'(?:[^']|'')*'/.exec(raw);
  if (single) return single[0].slice(1, -1).replace(/''/g, "'");
  return raw.replace(/\s+#.*$/, "");
}

/** The stack config reader of `dir`: see the module comment. */
export function stackConfigOf(dir: string, env: NodeJS.ProcessEnv, stack: string | undefined): StackConfigReader {
  return async () => {
    if (!fs.existsSync(path.join(dir, "Pulumi.yaml")) && !fs.existsSync(path.join(dir, "Pulumi.yml"))) return undefined;
    const cli = await run("pulumi", ["config", "--json", "--show-secrets", ...(stack ? ["--stack", stack] : []), "--non-interactive"], dir, env);
    if (!cli.missing) {
      if (cli.code !== 0) {
        throw new CredentialsError(
          `reading the stack config of ${dir} with \`pulumi config --json --show-secrets${stack ? ` --stack ${stack}` : ""}\` failed: ` +
            `${cli.stderr.trim().split("\n")[0] || `exit code ${cli.code}`}. Select a stack (pulumi stack select), give --config-stack, or give the values in the environment.`,
        );
      }
      const adopt = adoptOfConfigJson(cli.stdout);
      return { values: parseConfigJson(cli.stdout), source: `\`pulumi config\`${stack ? ` of stack ${stack}` : ""} in ${dir}`, ...(adopt ? { adopt } : {}) };
    }
    const files = fs.readdirSync(dir).filter((name) => /^Pulumi\.[^.]+\.ya?ml$/.test(name));
    const file = stack ? files.find((name) => name === `Pulumi.${stack}.yaml` || name === `Pulumi.${stack}.yml`) : files.length === 1 ? files[0] : undefined;
    if (!file) {
      throw new CredentialsError(
        `no pulumi CLI on PATH to read the stack config of ${dir}, and ${stack ? `no Pulumi.${stack}.yaml there` : `${files.length} Pulumi.<stack>.yaml files there (give --config-stack)`}; ` +
          "or give the values in the environment",
      );
    }
    const parsed = parseStackFile(fs.readFileSync(path.join(dir, file), "utf8"));
    if (parsed.encrypted.includes(`${CONFIG_NAMESPACE}:token`) && !env[TOKEN_ENV]) {
      throw new CredentialsError(`the token in ${file} is encrypted and there is no pulumi CLI on PATH to decrypt it; put the pulumi CLI on PATH or set ${TOKEN_ENV}`);
    }
    return { values: parsed.values, source: path.join(dir, file), ...(parsed.adopt ? { adopt: parsed.adopt } : {}) };
  };
}
