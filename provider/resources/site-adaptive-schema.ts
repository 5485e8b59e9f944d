/**
 * `SiteAdaptiveSchema`: the visitor schema of a docs site's adaptive content:
 * the claims a visitor may carry, which site spaces', sections' and links' conditions test.
 *
 * A site has at most one schema and the API replaces it whole (`PUT .../adaptive-schema`), so:
 * - the id is the site id, and create takes over a schema the site may already have (PUT, or
 *   nothing when it is the declared one already);
 * - update PUTs the new schema (absolute, so a retried PUT is harmless);
 * - the API cannot delete a schema: destroy puts the empty schema (no claims) instead, the closest
 *   to "no schema" a site can have once it had one; conditions that test a removed claim then see
 *   it unset. A site that is gone counts as done. A site that never had a schema imports as
 *   having the empty one.
 *
 * Check enforces the shape rules of the API's reference before anything is sent: a JSON Schema
 * (draft-07) object of `type: "object"` with `additionalProperties: false`, whose `properties`
 * hold `unsigned` (an object of boolean claims with `additionalProperties: false`) and otherwise
 * only boolean-typed properties.
 */
import { ref } from "../adapter/example-values";
import { z } from "zod";
import { wireMapping } from "../adapter/wire";
import type { ResourceContext } from "../recovery/context";
import { identifier, text } from "../adapter/check";
import type { ResourceDefinition, State } from "../adapter/resource";
import { declaredKeyLists } from "../adapter/fields";
import { isNotFoundError } from "../client";
import { jsonEqual, stateStrings } from "../adapter/values";
import { ofSite } from "../adapter/import-ids";
import { type ApiAdaptiveSchema, getAdaptiveSchema, replaceAdaptiveSchema } from "../api/adaptive-schemas";
import { getSite } from "../api/sites";

const annotations = {
  title: text({ max: 200 }).optional(),
  description: text({ max: 1000 }).optional(),
};

const booleanClaim = z.strictObject({ type: z.literal("boolean", 'must be "boolean": every claim is a boolean'), ...annotations });

const unsignedClaims = z.strictObject({
  type: z.literal("object", 'must be "object"'),
  properties: z.record(text({ min: 1, max: 100 }), booleanClaim),
  additionalProperties: z.literal(false, "must be false"),
  required: z.array(text({ min: 1, max: 100 })).optional(),
  ...annotations,
});

const jsonSchemaInput = z.strictObject({
  $schema: text({ min: 1, max: 200 }).optional(),
  type: z.literal("object", 'must be "object"'),
  // zod types a catch-all beside a known key as an intersection that asks `unsigned` to be a
  // boolean claim too; the check is right, its type is not: the type is the one the API documents.
  properties: (z.object({ unsigned: unsignedClaims }).catchall(booleanClaim) as z.ZodType<AdaptiveJsonSchema["properties"]>).meta({
    description: "`unsigned` plus any signed boolean claims.",
  }),
  additionalProperties: z.literal(false, "must be false"),
  required: z.array(text({ min: 1, max: 100 })).optional(),
  ...annotations,
});

export const schema = z.strictObject({
  organizationId: identifier().meta({
    replaces: true,
    sendAs: false,
    description: "Id of the organization that owns the site. Changing it replaces the resource. Defaults to the stack's `docs-platform:organizationId`.",
    example: "org_123",
  }),
  siteId: identifier().meta({
    replaces: true,
    sendAs: false,
    refersTo: "Site",
    description: "Id of the site. Changing it replaces the resource (the old site's schema is emptied).",
    example: ref("Site", "site"),
  }),
  jsonSchema: jsonSchemaInput.meta({
    description: "The visitor schema, replaced whole on every change.",
    example: {
      type: "object",
      properties: {
        unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
        isAdmin: { type: "boolean", description: "Signed-in admin" },
      },
      additionalProperties: false,
    },
  }),
});

/** `adopt` is never an input here: a site has at most one schema, and create always takes it over. */
export type SiteAdaptiveSchemaInputs = z.infer<typeof schema> & { adopt?: undefined };

/** A claim: always a boolean. */
export interface BooleanClaim {
  type: "boolean";
  title?: string;
  description?: string;
}

/** The unsigned claims a visitor may carry (set by the site without signature). */
export interface UnsignedClaims {
  type: "object";
  properties: Record<string, BooleanClaim>;
  additionalProperties: false;
  required?: string[];
  title?: string;
  description?: string;
}

/** The visitor schema: a JSON Schema (draft-07) object in the shape the API's reference requires. */
export interface AdaptiveJsonSchema {
  $schema?: string;
  type: "object";
  // Described on its input schema: jsonSchemaInput.properties.
  properties: { unsigned: UnsignedClaims; [claim: string]: BooleanClaim | UnsignedClaims };
  additionalProperties: false;
  required?: string[];
  title?: string;
  description?: string;
}

/** A schema with no claims: what destroy leaves, as the API has no delete. */
export const EMPTY_SCHEMA = {
  type: "object",
  properties: { unsigned: { type: "object", properties: {}, additionalProperties: false } },
  additionalProperties: false,
} as const;

/**
 * What the state holds beyond the inputs (the server's own fields), and what an input's value in the
 * state means where that differs from the input's description.
 */
export const outputs = z.object({
  updatedAt: z.string().meta({ description: "When the schema was last written." }),
});

/** The state of a site's schema as the API answers it, from the declarations above; the address is the request's path. */
const wire = wireMapping(schema, outputs);

function addressOf(bag: State): { organizationId: string; siteId: string } {
  return stateStrings(bag, ["organizationId", "siteId"], "SiteAdaptiveSchema: the state has no organizationId or siteId; cannot address the schema");
}

function stateOf(address: { organizationId: string; siteId: string }, schema: ApiAdaptiveSchema): State {
  return wire.fromApi(schema, address);
}

async function put(ctx: ResourceContext, address: { organizationId: string; siteId: string }, jsonSchema: unknown): Promise<State> {
  const saved = await replaceAdaptiveSchema(ctx.api, address.organizationId, address.siteId, jsonSchema);
  return stateOf(address, saved);
}

export const definition: ResourceDefinition<SiteAdaptiveSchemaInputs> = {
  kind: "SiteAdaptiveSchema",
  importId: ofSite,
  schema,
  outputs,
  ...declaredKeyLists(schema),

  async create(ctx, inputs) {
    const address = { organizationId: inputs.organizationId, siteId: inputs.siteId };
    // A schema the site already has is taken over as it is: adopting one (an exported program)
    // writes nothing. 404: the site has none yet.
    const existing = await getAdaptiveSchema(ctx.api, address.organizationId, address.siteId);
    if (existing && jsonEqual(existing.jsonSchema, inputs.jsonSchema)) return { id: inputs.siteId, state: stateOf(address, existing) };
    return { id: inputs.siteId, state: await put(ctx, address, inputs.jsonSchema) };
  },

  async read(ctx, id, previous) {
    const address = { ...addressOf(previous), siteId: id };
    const found = await getAdaptiveSchema(ctx.api, address.organizationId, id);
    if (found) return stateOf(address, found);
    // 404: the site is gone (its schema with it), or the site never had a schema; either way a
    // declared schema is not there (a refresh: gone, and the next apply puts it). An import
    // declares none: a site without a schema offers no claims, as the empty schema does (what
    // destroy leaves), so it imports as that (no `updatedAt`: never written), reads as that again
    // on the refresh after the import, and a configuration declaring it plans no change.
    const importedUnset = previous.updatedAt === undefined && jsonEqual(previous.jsonSchema, EMPTY_SCHEMA);
    if (previous.jsonSchema !== undefined && !importedUnset) return undefined;
    const site = await getSite(ctx.api, address.organizationId, id);
    return site && wire.fromApi({ jsonSchema: EMPTY_SCHEMA }, address);
  },

  async update(ctx, id, olds, news) {
    return put(ctx, { ...addressOf(olds), siteId: id }, news.jsonSchema);
  },

  async delete(ctx, id, props) {
    try {
      await put(ctx, { ...addressOf(props), siteId: id }, EMPTY_SCHEMA);
    } catch (error) {
      // The site is gone, and its schema with it.
      if (isNotFoundError(error)) return;
      throw error;
    }
  },
};
