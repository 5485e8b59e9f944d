/**
 * A provider process's configuration as the two gRPC doors hold it (DESIGN.md 10, 13): the core
 * its configuration builds, the organization of a resource or lookup that names none, and the API
 * the environment's token may go to. Decided here once for the plugin and the OpenTofu door (the
 * dynamic door's host, runtime/host.ts, is configured by the engine with the stack config alone,
 * once per kind, and reads it with the same config/provider-config.ts):
 *
 * - where a value comes from: the door's own configuration (the provider's inputs for the plugin,
 *   the provider block for OpenTofu), else the environment (`DOCS_PLATFORM_API_URL`,
 *   `DOCS_PLATFORM_TOKEN`, ...), read by config/provider-config.ts;
 * - the organization default: config/organization-default.ts's `organizationDefault` (an empty
 *   value is no value, in every door);
 * - a later configuration that moves the process to another API brings its own token: the
 *   environment's is sent only to the API of the first configuration (a second client of a
 *   provider process, with an `api_url` of its own, must not get it).
 *
 * What a door says of a failure is its own (a Pulumi command, a provider block's attribute): the
 * failures are ConfigurationErrors, each naming its `docs-platform:<key>`.
 */
import { organizationDefault } from "../config/organization-default";
import {
  CONFIG_NAMESPACE,
  type ConfigSource,
  ConfigurationError,
  configurationFailures,
  configurationTypeFailures,
  readProviderConfig,
  TOKEN_ENV,
} from "../config/provider-config";
import { UNKNOWN } from "../adapter/unknowns";
import { type Core, createCore, reconfigured } from "../runtime/core";
import type { Bag } from "./properties";

export interface DoorSession {
  /** The core of the provider's configuration; until one, a core that only validates. */
  core: Core;
  /** The organization of a resource or lookup that names none; undefined: none given. */
  organizationId: string | undefined;
  /** The API of the first configuration: where the environment's token may go. */
  firstApiUrl: string | undefined;
}

/** A session before any configuration: checks validate only, every other operation is refused. */
export function openSession(): DoorSession {
  return { core: createCore(undefined), organizationId: undefined, firstApiUrl: undefined };
}

/**
 * A door's configuration values (`apiUrl`, `token`, ... keyed bare or `docs-platform:<key>`) as
 * config/provider-config.ts reads them; unknown values and nulls are unset.
 */
export function configSource(values: Bag): ConfigSource {
  return {
    get(key) {
      const bare = key.startsWith(`${CONFIG_NAMESPACE}:`) ? key.slice(CONFIG_NAMESPACE.length + 1) : key;
      const value = values[bare];
      if (value === undefined || value === null || value === UNKNOWN) return undefined;
      // Numbers of the tuning keys; anything else of the wrong type is refused first (configurationTypeFailures).
      return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
    },
  };
}

/**
 * Configures `session` from a door's values: each value of the wrong type, else each missing or
 * malformed one, else the token rule above, as failures (nothing changed); with none, the session
 * holds the configuration's core and organization.
 */
export async function configureSession(session: DoorSession, values: Bag, env: NodeJS.ProcessEnv = process.env): Promise<ConfigurationError[]> {
  const typeFailures = configurationTypeFailures(values);
  if (typeFailures.length > 0) return typeFailures;
  const source = configSource(values);
  const failures = configurationFailures(source, env);
  if (failures.length > 0) return failures;
  const config = readProviderConfig(source, env);
  const ownToken = source.get(`${CONFIG_NAMESPACE}:token`) !== undefined && source.get(`${CONFIG_NAMESPACE}:token`) !== "";
  if (session.firstApiUrl !== undefined && config.apiUrl !== session.firstApiUrl && !ownToken) {
    return [
      new ConfigurationError(
        `${CONFIG_NAMESPACE}:apiUrl`,
        `${CONFIG_NAMESPACE}:apiUrl: this provider was configured for ${session.firstApiUrl}; a later configuration names ${config.apiUrl} and gives no ` +
          `${CONFIG_NAMESPACE}:token of its own. The environment's ${TOKEN_ENV} goes only to the API the provider was first configured for: ` +
          `give this configuration its own ${CONFIG_NAMESPACE}:token.`,
      ),
    ];
  }
  session.firstApiUrl ??= config.apiUrl;
  session.organizationId = organizationDefault(source.get(`${CONFIG_NAMESPACE}:organizationId`), env);
  session.core = await reconfigured(session.core, config);
  return [];
}

/**
 * `inputs` with the session's organization where a kind that has one names none; undefined when
 * it names none and the session has none either (each door says so in its own words).
 */
export function withSessionOrganization(session: DoorSession, kindHasOrganization: boolean, inputs: Bag): Bag | undefined {
  if (!kindHasOrganization || inputs.organizationId !== undefined) return inputs;
  return session.organizationId === undefined ? undefined : { ...inputs, organizationId: session.organizationId };
}
