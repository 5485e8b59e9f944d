/**
 * The emulator's command line: every flag also has an environment variable (a CI service container
 * cannot pass flags), `DOCS_PLATFORM_EMULATOR_<FLAG>` in upper case with `_` for `-`. A flag wins
 * over its variable. Bad values are refused with the flag's name and the rule.
 */
import { parseArgs } from "node:util";

export interface EmulatorCliOptions {
  port: number;
  host: string;
  db: string;
  fixture?: string;
  seed?: string;
  token?: string;
  snapshotOnExit?: string;
  exitWithPid?: number;
  latencyMs?: number;
  errorRate?: number;
  rateLimit?: { limit: number; windowSeconds: number };
}

interface Flag {
  name: string;
  description: string;
  default?: string;
}

export const FLAGS: readonly Flag[] = [
  { name: "port", description: "port to listen on (0: any free port)", default: "4010" },
  { name: "host", description: "loopback address to listen on: 127.0.0.1, localhost or ::1", default: "127.0.0.1" },
  { name: "db", description: "SQLite file of the state, or :memory:", default: ".data/emulator.db" },
  { name: "fixture", description: "fixture file the state starts from (default: the demo organizations)" },
  { name: "seed", description: "snapshot file the state starts from (npx pulumi-docs-platform export --snapshot), instead of a fixture" },
  { name: "token", description: "with --seed: the API token of the snapshot's admin (default: a new random one, printed)" },
  { name: "snapshot-on-exit", description: "write the organization's snapshot to this file on SIGINT or SIGTERM" },
  { name: "exit-with-pid", description: "exit once the process with this pid has ended (the script that started the emulator: it stops the twin even when killed)" },
  { name: "latency-ms", description: "added latency of every API request, in milliseconds" },
  { name: "error-rate", description: "share (0..1) of API requests that answer 503 without running" },
  { name: "rate-limit", description: "requests per window, as <limit>/<seconds> (e.g. 100/60): 429 beyond it" },
];

export function envName(flag: string): string {
  return `DOCS_PLATFORM_EMULATOR_${flag.toUpperCase().replaceAll("-", "_")}`;
}

export function usage(): string {
  return [
    "usage: docs-platform-emulator [options]",
    ...FLAGS.map((flag) => `  --${flag.name.padEnd(17)} ${envName(flag.name).padEnd(40)} ${flag.description}${flag.default ? ` (default ${flag.default})` : ""}`),
  ].join("\n");
}

export class OptionsError extends Error {}

function number(flag: string, raw: string, min: number, max: number, integer: boolean): number {
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new OptionsError(`--${flag} (${envName(flag)}): expected ${integer ? "an integer" : "a number"} from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): EmulatorCliOptions | "help" {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: { ...Object.fromEntries(FLAGS.map((flag) => [flag.name, { type: "string" as const }])), help: { type: "boolean" } },
      strict: true,
    }).values;
  } catch (error) {
    throw new OptionsError(`${(error as Error).message}\n${usage()}`);
  }
  if (values.help) return "help";
  const get = (flag: string): string | undefined => {
    const fromFlag = values[flag];
    if (typeof fromFlag === "string") return fromFlag;
    const fromEnv = env[envName(flag)];
    return fromEnv !== undefined && fromEnv !== "" ? fromEnv : FLAGS.find((f) => f.name === flag)?.default;
  };
  const options: EmulatorCliOptions = {
    port: number("port", get("port")!, 0, 65535, true),
    host: get("host")!,
    db: get("db")!,
  };
  for (const [flag, key] of [
    ["fixture", "fixture"],
    ["seed", "seed"],
    ["token", "token"],
    ["snapshot-on-exit", "snapshotOnExit"],
  ] as const) {
    const value = get(flag);
    if (value !== undefined) options[key] = value;
  }
  if (options.fixture && options.seed) throw new OptionsError("--fixture and --seed: give one of them, not both");
  if (options.token !== undefined && !options.seed) throw new OptionsError("--token: only with --seed (a fixture names its own tokens)");
  if (options.token !== undefined && !/^[\x21-\x7e]{8,200}$/.test(options.token)) throw new OptionsError("--token: 8 to 200 printable characters without spaces");
  const exitWithPid = get("exit-with-pid");
  if (exitWithPid !== undefined) options.exitWithPid = number("exit-with-pid", exitWithPid, 1, 2 ** 31 - 1, true);
  const latency = get("latency-ms");
  if (latency !== undefined) options.latencyMs = number("latency-ms", latency, 0, 60_000, true);
  const errorRate = get("error-rate");
  if (errorRate !== undefined) options.errorRate = number("error-rate", errorRate, 0, 1, false);
  const rateLimit = get("rate-limit");
  if (rateLimit !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(rateLimit);
    if (!match) throw new OptionsError(`--rate-limit (${envName("rate-limit")}): expected <limit>/<seconds>, e.g. 100/60, got ${JSON.stringify(rateLimit)}`);
    options.rateLimit = { limit: number("rate-limit", match[1], 1, 1_000_000, true), windowSeconds: number("rate-limit", match[2], 1, 86_400, true) };
  }
  return options;
}
