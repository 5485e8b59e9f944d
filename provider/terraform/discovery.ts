/**
 * The Terraform door's discovery (tfplugin6 6.10, Terraform 1.14+): `list` blocks, `terraform
 * query` and its `-generate-config-out`, for every kind. The objects are the walk `export` makes
 * (door-layer/discovery.ts), so a list finds what export writes; each object's identity is its
 * import's (identity.ts), and the state a list sends (`include_resource`, and always for
 * `-generate-config-out`) is what `tofu import` of that object gives: the operations' own import
 * (operations.ts importResource). The configuration generated from a state is that state's
 * configurable attributes, so the generated configuration of an imported object plans no change.
 *
 * A list block's `config` takes the organization (`organization_id`, the provider's by default)
 * and, for a kind that lives in sites, one site (`site_id`).
 *
 * OpenTofu has no `list` blocks (1.12 calls none of these RPCs); `export --hcl` writes its
 * configuration.
 */
import { discover, listInputsOf } from "../door-layer/discovery";
import type { DoorSession } from "../door-layer/session";
import { ORGANIZATION_ENV } from "../config/organization-default";
import type { Diagnostic, TerraformOperations } from "./operations";
import { describedInTerraformTerms, snakeCase, type TfAttribute, type TfBlock } from "./schema";

type CoreObject = Record<string, unknown>;

/** One object a list found. */
export interface ListedObject {
  /** Its resource name in an exported program (`guides`, `docs-customization`). */
  displayName: string;
  /** The import's state: what its identity is read from (its id, organization, site). */
  identityState: CoreObject;
  /** The state `tofu import` gives it, when asked for (null when that import failed: see `diagnostics`). */
  state?: CoreObject | null;
  diagnostics: Diagnostic[];
}

export interface ListOptions {
  /** Send each object's state (`include_resource`). */
  includeState: boolean;
  /** At most this many objects (Terraform's `limit`: 100 unless the block says otherwise). */
  limit: number;
}

export interface TerraformDiscovery {
  /** The objects of `kind` its list block's `config` names (core names: `organizationId`, `siteId`), in export's order. */
  list(kind: string, config: CoreObject, options: ListOptions): AsyncIterable<ListedObject>;
}

/** How many imports of a list's states are in flight at once (the order of the results stays the list's). */
const IMPORTS_IN_FLIGHT = 4;

/** The `config` block of a kind's `list` block: the list's inputs (door-layer/discovery.ts), in the provider block's words. */
export function listBlock(kind: string): TfBlock {
  const block: TfBlock = {
    description: `Lists the organization's ${kind} objects, as \`export\` finds them, each with its identity (what an \`import\` block takes).`,
    attributes: listInputsOf(kind).map((input) => ({
      name: snakeCase(input.key),
      coreName: input.key,
      type: "string",
      description: input.description,
      required: false,
      optional: true,
      computed: false,
      sensitive: false,
    })),
  };
  return {
    ...block,
    attributes: block.attributes.map((attribute) => ({
      ...attribute,
      description: describedInTerraformTerms(block, attribute.description),
    })),
  };
}

/** `items`, mapped by `load` with at most `width` loads in flight, yielded in order as each is ready. */
async function* inOrder<T, R>(items: readonly T[], width: number, load: (item: T) => Promise<R>): AsyncGenerator<R> {
  const started: Promise<R>[] = [];
  const start = (index: number) => {
    if (index < items.length) started[index] = load(items[index]);
  };
  for (let index = 0; index < Math.min(width, items.length); index++) start(index);
  for (let index = 0; index < items.length; index++) {
    const result = await started[index];
    start(index + width);
    yield result;
  }
}

/** The door's discovery over the provider's session (the one its operations configure), importing with `operations`. */
export function terraformDiscovery(session: DoorSession, operations: TerraformOperations): TerraformDiscovery {
  return {
    async *list(kind, config, { includeState, limit }) {
      const organizationId =
        typeof config.organizationId === "string" && config.organizationId !== ""
          ? config.organizationId
          : session.organizationId;
      if (organizationId === undefined) {
        throw new Error(
          `${kind}: the list names no organization. Give it as \`organization_id\` in the list's config, or set the provider's \`organization_id\` (or ${ORGANIZATION_ENV}).`,
        );
      }
      const siteId = typeof config.siteId === "string" && config.siteId !== "" ? config.siteId : undefined;
      const found = (
        await discover(session.core.api(), organizationId, kind, siteId === undefined ? {} : { siteId })
      ).slice(0, Math.max(0, limit));
      yield* inOrder(found, includeState ? IMPORTS_IN_FLIGHT : found.length, async (object): Promise<ListedObject> => {
        const identityState = { ...object.imported.props, id: object.imported.id };
        if (!includeState) return { displayName: object.name, identityState, diagnostics: [] };
        const imported = await operations.importResource(kind, object.importId, organizationId);
        return {
          displayName: object.name,
          identityState: imported.state ?? identityState,
          state: imported.state,
          diagnostics: imported.diagnostics,
        };
      });
    },
  };
}

/** A Terraform value of `attributes`' object with only what a configuration may set: every attribute only the provider sets, at any depth, null. */
function configurable(attributes: readonly TfAttribute[], value: Record<string, unknown>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const member = value[attribute.name];
    if (attribute.computed && !attribute.optional) config[attribute.name] = null;
    else if (member === null || member === undefined || !attribute.nestedType) config[attribute.name] = member ?? null;
    else {
      const nested = attribute.nestedType;
      const inner = (item: unknown) =>
        item !== null && typeof item === "object" && !Array.isArray(item)
          ? configurable(nested.attributes, item as Record<string, unknown>)
          : item;
      if (nested.nesting === "single") config[attribute.name] = inner(member);
      else if (nested.nesting === "map")
        config[attribute.name] = Object.fromEntries(
          Object.entries(member as Record<string, unknown>).map(([key, item]) => [key, inner(item)]),
        );
      else config[attribute.name] = (member as unknown[]).map(inner);
    }
  }
  return config;
}

/**
 * GenerateResourceConfig: the configuration of an object from its state (Terraform's values,
 * snake_case): its configurable attributes as the state holds them. The state is an import's
 * (a list's or an `import` block's), which holds the inputs the object has and nothing it lacks,
 * so the configuration plans no change against it.
 */
export function generatedConfig(block: TfBlock, state: Record<string, unknown>): Record<string, unknown> {
  return configurable(block.attributes, state);
}
