import { CONFIG_NAMESPACE, ConfigurationError } from "./provider-config";
import { pulumiSdk } from "./pulumi-sdk";

/** Environment fallback of the stack-wide organization, for programs run without stack config. */
export const ORGANIZATION_ENV = "DOCS_PLATFORM_ORGANIZATION_ID";

/** The stack config key of the stack-wide organization. */
export const ORGANIZATION_KEY = `${CONFIG_NAMESPACE}:organizationId`;

/**
 * The stack-wide organization: `docs-platform:organizationId` in the stack config, else the
 * environment variable {@link ORGANIZATION_ENV}; undefined when neither is set.
 *
 * Read in the program's own process (resource constructors and lookups), so the value lands in
 * each resource's inputs: changing the stack default shows in a preview exactly like changing the
 * input, and a resource's explicit `organizationId` still wins.
 */
export function stackOrganizationId(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return organizationDefault(new (pulumiSdk().Config)(CONFIG_NAMESPACE).get("organizationId"), env);
}

/**
 * The organization of every resource and lookup that names none, decided in one place for every
 * door: `configured` (the stack config's `docs-platform:organizationId`, read by the program for
 * the dynamic package; the provider's own input or config variable for the plugin) when set and
 * not empty, else the environment variable {@link ORGANIZATION_ENV} when set and not empty, else
 * undefined.
 */
export function organizationDefault(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (configured !== undefined && configured !== "") return configured;
  const fromEnv = env[ORGANIZATION_ENV];
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined;
}

/**
 * The stack-wide organization, or a {@link ConfigurationError} naming `subject` (what needed it,
 * e.g. `Team "writers"` or `getSpace`) and the two ways to set it.
 */
export function requireStackOrganizationId(subject: string, env: NodeJS.ProcessEnv = process.env): string {
  const fallback = stackOrganizationId(env);
  if (fallback === undefined) {
    throw new ConfigurationError(
      ORGANIZATION_KEY,
      `${subject}: organizationId is not set. Give it as \`organizationId\`, or set the stack's default with ` +
        `\`pulumi config set ${ORGANIZATION_KEY} <id>\` (or the environment variable ${ORGANIZATION_ENV}).`,
    );
  }
  return fallback;
}

/** The `organizationId` a resource gets: its own when given, else the stack's; a clear error when neither is. */
export function organizationIdFor<T>(kind: string, name: string, explicit: T | undefined, env: NodeJS.ProcessEnv = process.env): T | string {
  return explicit !== undefined ? explicit : requireStackOrganizationId(`${kind} "${name}"`, env);
}
