/**
 * What every lookup shares: its arguments checked before any request, its organization (the
 * explicit one, else the stack's), the API client built from the stack config in the program's own
 * process, and its failures as {@link LookupError}s that name the lookup and its criteria.
 *
 * Lookups run in the program, not in the provider host: they read `docs-platform:apiUrl` and the
 * secret `docs-platform:token` (or their environment fallbacks) from the stack config the program
 * runs with, through the same parser as the provider (config/provider-config.ts). The token stays in this
 * module's memory, inside the client; it is never returned, logged or written anywhere.
 */
import { createHash } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { ApiClient, clientOptionsOf, createRedactor, isApiError, type Redactor } from "../client";
import type { ApiRequester } from "../api/requester";
import { UNKNOWN_PROPERTY, validate } from "../adapter/check";
import { CONFIG_NAMESPACE, ConfigurationError, type ConfigSource, readProviderConfig } from "../config/provider-config";
import { requireStackOrganizationId } from "../config/organization-default";
import { pulumiSdk } from "../config/pulumi-sdk";
import { LookupError } from "./lookup-error";

/**
 * One lookup: its name, what it does in words, its arguments' and its result's schemas (each field
 * with its description) and what it does with them. The declaration is the source of the
 * function's doc comment and of its `Get...Args`/`Get...Result` types (`npm run kinds` writes them
 * at the end of the lookup's file), and of its function in schema.json.
 */
export type LookupDefinition<A, R> = {
  /** The exported function's name, e.g. `"getSpace"`: every error starts with it. */
  readonly name: string;
  /** What the lookup finds and when it fails, in Markdown: the function's doc comment and schema.json's description. */
  readonly description: string;
  readonly schema: z.ZodType<A>;
  /**
   * What it returns: an object schema named by its `typeName` (the result's interface and
   * schema.json type), or an array of one. Only declared, never parsed: the API's answer is
   * reshaped by `run`.
   */
  readonly result: z.ZodType<R>;
  /** Rules across arguments; returns a broken rule in words, or undefined. */
  refine?(args: A): string | undefined;
} & (
  | {
      /** Works inside one organization: the explicit `organizationId`, else the stack's. */
      readonly inOrganization: true;
      /** The criteria in words, for messages: `titled "Guides" in organization org-acme`. */
      describe(args: A, organizationId: string): string;
      run(api: ApiRequester, args: A, organizationId: string): Promise<R>;
    }
  | {
      /** Settles its own scope (getOrganization); `defaultOrganization` is the one it falls back to, or throws naming the lookup. */
      readonly inOrganization: false;
      describe(args: A): string;
      run(api: ApiRequester, args: A, defaultOrganization: () => string): Promise<R>;
    }
);

/** Any lookup, as the doors that serve every lookup by name hold them (lookups/registry.ts). */
export type AnyLookup = LookupDefinition<{ organizationId?: string }, unknown>;

/** The stack config the program runs with, in the shape config/provider-config.ts reads in the provider host. */
function stackConfig(): ConfigSource {
  const config = new (pulumiSdk().Config)(CONFIG_NAMESPACE);
  const prefix = `${CONFIG_NAMESPACE}:`;
  return { get: (key) => (key.startsWith(prefix) ? config.get(key.slice(prefix.length)) : undefined) };
}

interface Connection {
  /** A digest of the configuration the client was built from (never the configuration itself). */
  digest: string;
  client: ApiClient;
  redact: Redactor;
}

// One client per program process, shared by every lookup, so the concurrency limit and the pace
// (`maxConcurrentRequests`, `requestsPerSecond`) hold across lookups as they do across resources.
// Its idle connections do not keep the process alive (undici unrefs idle sockets).
let shared: Connection | undefined;

function connection(lookup: string): Connection {
  let config;
  try {
    config = readProviderConfig(stackConfig(), process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) throw new ConfigurationError(error.key, `${lookup}: ${error.message}`);
    throw error;
  }
  const digest = createHash("sha256").update(JSON.stringify(config)).digest("hex");
  if (shared?.digest !== digest) {
    // A new configuration (tests; a program cannot change its config while it runs).
    void shared?.client.close();
    shared = {
      digest,
      client: new ApiClient(clientOptionsOf(config)),
      redact: createRedactor([config.token]),
    };
  }
  return shared;
}

/** Checks a lookup's arguments; a {@link LookupError} naming each broken rule, before any request. */
function checkedArgs<A>(definition: LookupDefinition<A, unknown>, args: unknown): A {
  const outcome = validate(definition.schema, (args ?? {}) as Record<string, unknown>);
  const failures = outcome.ok
    ? []
    : outcome.failures.map((failure) =>
        failure.reason === `${failure.property}: ${UNKNOWN_PROPERTY}` ? `${failure.property}: is not an argument of ${definition.name}` : failure.reason,
      );
  const crossRule = outcome.ok ? definition.refine?.(outcome.inputs) : undefined;
  if (crossRule !== undefined) failures.push(crossRule);
  if (!outcome.ok || failures.length > 0) {
    throw new LookupError(definition.name, "invalid_arguments", `${definition.name}: invalid arguments: ${failures.join("; ")}`);
  }
  return outcome.inputs;
}

/**
 * Runs a lookup: checks its arguments, settles its organization and calls the API. `api` replaces
 * the client built from the stack config (the plugin's core; tests). `organizationDefault`, when
 * given, is the organization of a lookup that names none instead of the stack's (the plugin's
 * provider: organizationDefault in config/organization-default.ts decided it).
 */
export async function runLookup<A extends { organizationId?: string }, R>(
  definition: LookupDefinition<A, R>,
  args: unknown,
  api?: ApiRequester,
  organizationDefault?: string,
): Promise<R> {
  const checked = checkedArgs(definition, args);
  const lookup = scoped(definition, checked, () => organizationDefault ?? requireStackOrganizationId(definition.name));
  const active = api ? { client: api, redact: (text: string) => text } : connection(definition.name);
  try {
    return await lookup.run(active.client);
  } catch (error) {
    if (error instanceof LookupError) throw error;
    // The client's errors are redacted already; anything else is redacted here before it is shown.
    const reason = isApiError(error) ? error.message : active.redact(error instanceof Error ? error.message : String(error));
    throw new LookupError(definition.name, "request_failed", `${definition.name} (${lookup.criteria}): ${reason}`, {
      cause: isApiError(error) ? error : undefined,
    });
  }
}

/** The lookup bound to its checked arguments and, for one inside an organization, to that organization. */
function scoped<A extends { organizationId?: string }, R>(
  definition: LookupDefinition<A, R>,
  args: A,
  defaultOrganization: () => string,
): { criteria: string; run(api: ApiRequester): Promise<R> } {
  if (!definition.inOrganization) return { criteria: definition.describe(args), run: (api) => definition.run(api, args, defaultOrganization) };
  const organizationId = args.organizationId ?? defaultOrganization();
  return { criteria: definition.describe(args, organizationId), run: (api) => definition.run(api, args, organizationId) };
}

/** The type of argument `K` of the arguments' schema `S` (the generated `Get...Args` interfaces). */
export type ArgumentOf<S extends z.ZodType, K extends keyof z.input<S>> = Exclude<z.input<S>[K], undefined>;

/** The type of field `K` of the result schema `S` (the generated `Get...Result` interfaces). */
export type FieldOf<S extends z.ZodType, K extends keyof z.output<S>> = Exclude<z.output<S>[K], undefined>;

/** `{ [K]: Input<A[K]> }`: a lookup's arguments as the Output form of the lookup takes them. */
export type LookupInputs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/**
 * The Output form of a lookup: takes arguments that may be Outputs (of other lookups or of
 * resources) and returns an Output, whose properties a program passes to resources directly.
 */
export function lookupOutput<A extends object, R>(lookup: (args: A) => Promise<R>, args: LookupInputs<A> | undefined): pulumi.Output<R> {
  return pulumiSdk()
    .output(args ?? ({} as LookupInputs<A>))
    .apply((resolved) => lookup(resolved as A));
}
