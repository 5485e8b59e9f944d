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
  }
}

interface KeySpec {
  key: string;
  env?: string;
  secret?: boolean;
}

const API_URL: KeySpec = { key: "apiUrl", env: "DOCS_PLATFORM_API_URL" };
const TOKEN: KeySpec = { key: "token", env: "DOCS_PLATFORM_TOKEN", secret: true };

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
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:${spec.key}`,
      `Missing configuration ${CONFIG_NAMESPACE}:${spec.key}. ${howToSet(spec, example)}`,
    );
  }
  return value;
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
      `Malformed configuration ${CONFIG_NAMESPACE}:apiUrl: it must not contain credentials; put the API token in ${CONFIG_NAMESPACE}:token. ${fix}`,
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
  return url.toString().replace(/\/+$/, "");
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
 * Reads and validates the provider configuration. Stack config wins over the environment.
 * Throws a {@link ConfigurationError} naming the key and the command that sets it.
 */
export function readProviderConfig(source: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const apiUrl = parseApiUrl(requireValue(source, env, API_URL, "https://api.example.com/v1"));
  const token = requireValue(source, env, TOKEN, "<api-token>");
  if (/\s/.test(token)) {
    throw new ConfigurationError(
      `${CONFIG_NAMESPACE}:token`,
      `Malformed configuration ${CONFIG_NAMESPACE}:token: it must not contain whitespace. ${howToSet(TOKEN, "<api-token>")}`,
    );
  }
  return {
    apiUrl,
    token,
    maxRetries: parseInteger(source, "maxRetries", 0, 20),
    requestTimeoutMs: parseInteger(source, "requestTimeoutMs", 100, 600_000),
    maxConcurrentRequests: parseInteger(source, "maxConcurrentRequests", 1, 256),
    requestsPerSecond: parseRate(source, "requestsPerSecond", 10_000, "5"),
    rateLimitShare: parseRate(source, "rateLimitShare", 1, "0.5"),
  };
}

/** A configuration key as the provider plugin's schema declares it (scripts/generate-schema.ts). */
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
  { key: "token", type: "string", secret: true, env: TOKEN.env, description: "API token. Stored encrypted; prefer the environment variable in CI." },
  {
    key: "organizationId",
    type: "string",
    env: "DOCS_PLATFORM_ORGANIZATION_ID",
    description: "The organization of every resource and lookup that does not name its own.",
  },
  { key: "maxRetries", type: "integer", description: `Retries of a request (idempotent methods; any method on 429 or a refused connection), 0 to 20. Default ${CONFIG_DEFAULTS.maxRetries}.` },
  { key: "requestTimeoutMs", type: "integer", description: `Timeout of one attempt of a request, in milliseconds, 100 to 600000. Default ${CONFIG_DEFAULTS.requestTimeoutMs}.` },
  { key: "maxConcurrentRequests", type: "integer", description: `Requests in flight at once, shared by every resource of the provider process, 1 to 256. Default ${CONFIG_DEFAULTS.maxConcurrentRequests}.` },
  { key: "requestsPerSecond", type: "number", description: "A client-side pace: at most this many request starts a second (a decimal > 0). Default: none." },
  { key: "rateLimitShare", type: "number", description: "At most this share (0 < share <= 1) of the API's advertised rate limit per window. Default: none." },
];
