/**
 * Provider configuration: where the API is, the credential, and client tuning.
 *
 * Read only inside the provider host (through `configure`), never at module scope, so nothing here
 * is ever serialized into the state.
 */

/** Pulumi config namespace of this package: `pulumi config set docs-platform:<key> ...`. */
export const CONFIG_NAMESPACE = "docs-platform";

export interface ProviderConfig {
  apiUrl: string;
  token: string;
  maxRetries: number;
  requestTimeoutMs: number;
  maxConcurrentRequests: number;
  /** Client-side pace (requests started per second); undefined: none. */
  requestsPerSecond: number | undefined;
  /** Share of the service's advertised rate limit to use; undefined: none. */
  rateLimitShare: number | undefined;
}

/** Defaults of the optional tuning keys; documented in the README's configuration table. */
export const CONFIG_DEFAULTS = {
  maxRetries: 4,
  requestTimeoutMs: 30_000,
  maxConcurrentRequests: 8,
} as const;

/** What `configure` receives: stack config, decrypted, keyed `namespace:key`. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** A configuration value that is missing or malformed; the message names the key and the fix. */
export class ConfigurationError extends Error {
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.name = "ConfigurationError";
    this.key = key;
    // A refusal is one sentence that says what to do; its stack is this package's internals. In a
    // program (a lookup's configuration), marked as the SDK's RunError (the runner checks this
    // field), the runner prints the message alone; the SDK prints a failed input's stack, so the
    // stack is the message too. The doors answer with the message (runtime/host.ts, plugin/).
    // The SDK prefixes `error serializing property "<key>": ` to the message of an error it meets
    // in a resource input; the message already says what failed, so it keeps its own words.
    Object.defineProperty(this, "__pulumiRunError", { value: true, enumerable: false });
    Object.defineProperty(this, "message", { get: () => message, set: () => {}, enumerable: false, configurable: true });
    this.stack = message;
  }
}

interface KeySpec {
  key: string;
  env?: string;
  secret?: boolean;
}

const API_URL: KeySpec = { key: "apiUrl", env: "DOCS_PLATFORM_API_URL" };
/** The environment variable a token may come from when the configuration gives none. */
export const TOKEN_ENV = "DOCS_PLATFORM_TOKEN";

const TOKEN: KeySpec = { key: "token", env: TOKEN_ENV, secret: true };

function howToSet(spec: KeySpec, example: string): string {
  const command = `pulumi config set ${spec.secret ? "--secret " : ""}${CONFIG_NAMESPACE}:${spec.key} ${example}`;
  return spec.env ? `Set it with \`${command}\` or the environment variable ${spec.env}.` : `Set it with \`${command}\`.`;
}

function lookup(source: ConfigSource, env: NodeJS.ProcessEnv, spec: KeySpec): string | undefined {
  const fromConfig = source.get(`${CONFIG_NAMESPACE}:${spec.key}`);
  if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
  const fromEnv = spec.env ? env[spec.env] : undefined;
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined;
}

function requireValue(source: ConfigSource, env: NodeJS.ProcessEnv, spec: KeySpec, example: string): string {
  const value = lookup(source, env, spec);
  if (value === undefined) {
    throw new ConfigurationError(`${CONFIG_NAMESPACE}:${spec.key}`, `Missing configuration ${CONFIG_NAMESPACE}:${spec.key}. ${howToSet(spec, example)}`);
  }
  return value;
}

/**
 * A host the bearer token may travel to over plain http: this machine only (the emulator, a
 * tunnel). Anywhere else the token would cross the network in clear.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function parseApiUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  const fix = howToSet(API_URL, "https://api.example.com/v1");
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:apiUrl`,
      `Malformed configuration ${CONFIG_NAMESPACE}:apiUrl: expected an http(s) URL such as https://api.example.com/v1. ${fix}`,
    );
  }
  if (url.username || url.password) {
    // Credentials belong in docs-platform:token; a URL is logged and stored in plain text.
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:apiUrl`,
      `Malformed configuration ${CONFIG_NAMESPACE}:apiUrl: it must not contain credentials (value not shown); put the API token in ${CONFIG_NAMESPACE}:token. ${fix}`,
    );
  }
  // `url.search` is "" for a bare "?", which `href` still carries. The value is not repeated: a
  // query string is where a token would be (`?token=...`).
  if (url.search !== "" || url.hash !== "" || /[?#]/.test(url.href)) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:apiUrl`,
      `Malformed configuration ${CONFIG_NAMESPACE}:apiUrl: it must not have a query string or fragment (value not shown); ` +
        `give the base URL alone and put the API token in ${CONFIG_NAMESPACE}:token. ${fix}`,
    );
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    // Every request carries the token as a bearer header: over plain http it could be read on the way.
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:apiUrl`,
      `Refused configuration ${CONFIG_NAMESPACE}:apiUrl: plain http is allowed only to this machine (localhost, 127.0.0.0/8, [::1]); ` +
        `to ${url.hostname} every request's API token would cross the network unencrypted. Use https. ${fix}`,
    );
  }
  return url.toString().replace(/\/+$/, "");
}

function parseToken(raw: string): string {
  if (/\s/.test(raw)) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:token`,
      `Malformed configuration ${CONFIG_NAMESPACE}:token: it must not contain whitespace (value not shown; a file read into it may end in a newline). ${howToSet(TOKEN, "<api-token>")}`,
    );
  }
  return raw;
}

function parseInteger(source: ConfigSource, key: keyof typeof CONFIG_DEFAULTS, min: number, max: number): number {
  const raw = source.get(`${CONFIG_NAMESPACE}:${key}`);
  if (raw === undefined || raw === "") return CONFIG_DEFAULTS[key];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:${key}`,
      `Malformed configuration ${CONFIG_NAMESPACE}:${key}: expected an integer from ${min} to ${max}, got ${JSON.stringify(raw)}. ` +
        `Set it with \`pulumi config set ${CONFIG_NAMESPACE}:${key} ${CONFIG_DEFAULTS[key]}\` or remove it to use the default (${CONFIG_DEFAULTS[key]}).`,
    );
  }
  return value;
}

/** An optional decimal key in (0, max]; undefined when unset. */
function parseRate(source: ConfigSource, key: "requestsPerSecond" | "rateLimitShare", max: number, example: string): number | undefined {
  const raw = source.get(`${CONFIG_NAMESPACE}:${key}`);
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!/^\s*\d*\.?\d+\s*$/.test(raw) || !(value > 0) || value > max) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:${key}`,
      `Malformed configuration ${CONFIG_NAMESPACE}:${key}: expected a number greater than 0 and at most ${max}, got ${JSON.stringify(raw)}. ` +
        `Set it with \`pulumi config set ${CONFIG_NAMESPACE}:${key} ${example}\` or remove it for no client-side pace.`,
    );
  }
  return value;
}

/**
 * The API a rehearsal may reach: the twin's URL (its start-up lines print it when it runs from a
 * snapshot, and rehearse.sh sets it). While it is set, every other API URL is refused, so a stack
 * whose own config still names production cannot be "rehearsed" against production by mistake.
 */
export const REHEARSAL_ENV = "DOCS_PLATFORM_REHEARSAL";

function withinRehearsal(apiUrl: string, env: NodeJS.ProcessEnv): string {
  const twin = env[REHEARSAL_ENV];
  if (twin === undefined || twin === "") return apiUrl;
  const twinUrl = URL.canParse(twin) ? new URL(twin).toString().replace(/\/+$/, "") : undefined;
  if (twinUrl === apiUrl) return apiUrl;
  const where = URL.canParse(apiUrl) ? new URL(apiUrl).origin : "another API";
  throw new ConfigurationError(
    `${CONFIG_NAMESPACE}:apiUrl`,
    `Refused configuration ${CONFIG_NAMESPACE}:apiUrl: this is a rehearsal (${REHEARSAL_ENV} names the twin at ${twinUrl ?? JSON.stringify(twin)}), and no request of a rehearsal may reach ${where}. ` +
      "The stack's own config wins over the environment: rehearse on a stack of its own whose docs-platform:apiUrl and docs-platform:token are the twin's (docs/twin.md, Rehearse by hand).",
  );
}

/** Every key's reading, each on its own, so one bad key does not hide another. */
const READERS: { [K in keyof ProviderConfig]: (source: ConfigSource, env: NodeJS.ProcessEnv) => ProviderConfig[K] } = {
  apiUrl: (source, env) => withinRehearsal(parseApiUrl(requireValue(source, env, API_URL, "https://api.example.com/v1")), env),
  token: (source, env) => parseToken(requireValue(source, env, TOKEN, "<api-token>")),
  maxRetries: (source) => parseInteger(source, "maxRetries", 0, 20),
  requestTimeoutMs: (source) => parseInteger(source, "requestTimeoutMs", 100, 600_000),
  maxConcurrentRequests: (source) => parseInteger(source, "maxConcurrentRequests", 1, 256),
  requestsPerSecond: (source) => parseRate(source, "requestsPerSecond", 10_000, "5"),
  rateLimitShare: (source) => parseRate(source, "rateLimitShare", 1, "0.5"),
};

/**
 * Reads every key on its own, skipping the keys in `unknown` (values a preview does not know yet):
 * the values read, and one failure per key that could not be.
 */
function readEachKey(source: ConfigSource, env: NodeJS.ProcessEnv, unknown: ReadonlySet<string>): { values: Partial<ProviderConfig>; failures: ConfigurationError[] } {
  const values: Record<string, unknown> = {};
  const failures: ConfigurationError[] = [];
  for (const [key, read] of Object.entries(READERS)) {
    if (unknown.has(key)) continue;
    try {
      values[key] = read(source, env);
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      failures.push(error);
    }
  }
  return { values: values, failures };
}

/**
 * Every problem of a configuration, one per key, skipping the keys in `unknown` (values a preview
 * does not know yet): the known keys are still checked, so a `file://` API URL fails the preview
 * even while the token is an output of another resource.
 */
export function configurationFailures(source: ConfigSource, env: NodeJS.ProcessEnv = process.env, unknown: ReadonlySet<string> = new Set()): ConfigurationError[] {
  return readEachKey(source, env, unknown).failures;
}

/**
 * Reads and validates the provider configuration. Stack config wins over the environment.
 * Throws a {@link ConfigurationError} naming the key and the command that sets it.
 */
export function readProviderConfig(source: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const { values, failures } = readEachKey(source, env, new Set());
  const [first] = failures;
  if (first) throw first;
  // With no failure, every key was read (the optional ones as undefined).
  return values as ProviderConfig;
}

/**
 * Values of the wrong type, as a provider's inputs can give them (an explicit provider in a YAML
 * program: `token: 12345`, or an object): a string key must be a string, never the JSON text of
 * something else; a number key a number or its decimal text. The value is never shown.
 */
export function configurationTypeFailures(values: Readonly<Record<string, unknown>>): ConfigurationError[] {
  const failures: ConfigurationError[] = [];
  for (const spec of CONFIG_KEYS) {
    const value = values[spec.key];
    if (value === undefined || value === null) continue;
    const fits = spec.type === "string" ? typeof value === "string" : typeof value === "number" || typeof value === "string";
    if (!fits) {
      const got = Array.isArray(value) ? "a list" : typeof value === "object" ? "an object" : `a ${typeof value}`;
      failures.push(
        new ConfigurationError(
          `${CONFIG_NAMESPACE}:${spec.key}`,
          `Malformed configuration ${CONFIG_NAMESPACE}:${spec.key}: expected ${spec.type === "string" ? "a string" : "a number"}, got ${got} (value not shown).`,
        ),
      );
    }
  }
  return failures;
}

/** A configuration key as the provider plugin's schema declares it (scripts/generate-schema.mts). */
export interface ConfigKeySpec {
  key: string;
  type: "string" | "integer" | "number";
  secret?: boolean;
  env?: string;
  description: string;
}

/**
 * Every configuration key, once: the plugin's schema (config variables and the explicit
 * provider's inputs) is generated from this list; docs/configuration.md documents the same keys.
 */
export const CONFIG_KEYS: readonly ConfigKeySpec[] = [
  { key: "apiUrl", type: "string", env: API_URL.env, description: "Base URL of the management API, e.g. `https://api.example.com/v1`." },
  { key: "token", type: "string", secret: true, env: TOKEN.env, description: "API token, a secret; prefer the environment variable in CI." },
  {
    key: "organizationId",
    type: "string",
    env: "DOCS_PLATFORM_ORGANIZATION_ID",
    description: "The organization of every resource and lookup that does not name its own.",
  },
  {
    key: "maxRetries",
    type: "integer",
    description: `Retries of a write that is not safe to repeat, after a 429 or a refused connection (a 429 up to 20 times); what is safe to repeat (reads, deletes, PUTs, publish, creates and PATCHes checked before they are sent again) retries until its 120-second deadline. 0 to 20; 0 turns every retry off. Default ${CONFIG_DEFAULTS.maxRetries}.`,
  },
  { key: "requestTimeoutMs", type: "integer", description: `Timeout of one attempt of a request, in milliseconds, 100 to 600000. Default ${CONFIG_DEFAULTS.requestTimeoutMs}.` },
  {
    key: "maxConcurrentRequests",
    type: "integer",
    description: `Requests in flight at once, shared by every resource of the provider process, 1 to 256. Default ${CONFIG_DEFAULTS.maxConcurrentRequests}.`,
  },
  { key: "requestsPerSecond", type: "number", description: "A client-side pace: at most this many request starts a second (a decimal > 0). Default: none." },
  { key: "rateLimitShare", type: "number", description: "At most this share (0 < share <= 1) of the API's advertised rate limit per window. Default: none." },
];
