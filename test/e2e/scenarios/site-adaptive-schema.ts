// SiteAdaptiveSchema's standard scenario (support/resource-scenario.ts), run with the other kinds'
// in one stack by test/e2e/lifecycle.test.ts. The site is made through the API beforehand, without
// a schema. The API cannot delete a schema: destroy empties it (no claims), so the listed objects
// are the sites whose schema declares a claim.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
const schemaPath = (ctx: ScenarioContext, site = siteId) => `/orgs/${ctx.organizationId}/sites/${site}/adaptive-schema`;
const schemaWith = (signed: string[]) => ({
  type: "object",
  properties: {
    unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
    ...Object.fromEntries(signed.map((claim) => [claim, { type: "boolean" }])),
  },
  additionalProperties: false,
});

async function claimsOf(ctx: ScenarioContext, site: string): Promise<string[]> {
  if ((await ctx.api.status(schemaPath(ctx, site))) === 404) return [];
  const { jsonSchema } = await ctx.api.get(schemaPath(ctx, site));
  const { unsigned, ...signed } = jsonSchema.properties;
  return [...Object.keys(unsigned.properties).map((claim) => `unsigned.${claim}`), ...Object.keys(signed)];
}

export const scenario: ResourceScenario = {
  resource: "SiteAdaptiveSchema",
  name: "visitors",
  program: `
const signed = config.requireObject("signedClaims");
const subject = new docs.SiteAdaptiveSchema("visitors", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  jsonSchema: {
    type: "object",
    properties: {
      unsigned: { type: "object", properties: { betaUser: { type: "boolean" } }, additionalProperties: false },
      ...Object.fromEntries(signed.map((claim) => [claim, { type: "boolean" }])),
    },
    additionalProperties: false,
  },
});`,
  async setup(ctx) {
    siteId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Portal" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId, signedClaims: JSON.stringify(["isAdmin"]) }),
  async created(ctx, id) {
    expect(id).toBe(siteId);
    expect((await ctx.api.get(schemaPath(ctx))).jsonSchema).toEqual(schemaWith(["isAdmin"]));
  },
  change: {
    config: { signedClaims: JSON.stringify(["isAdmin", "isStaff"]) },
    property: "jsonSchema",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect((await ctx.api.get(schemaPath(ctx))).jsonSchema).toEqual(schemaWith(["isAdmin", "isStaff"]));
    },
  },
  drift: {
    property: "jsonSchema",
    outputsAlsoChanged: ["updatedAt"],
    async make(ctx) {
      await ctx.api.put(schemaPath(ctx), { jsonSchema: schemaWith(["isAdmin"]) });
    },
    async repaired(ctx) {
      expect((await ctx.api.get(schemaPath(ctx))).jsonSchema).toEqual(schemaWith(["isAdmin", "isStaff"]));
    },
  },
  adopt: {
    async prepare(ctx) {
      // A schema written in the app while nothing managed it: the next up takes it over.
      await ctx.api.put(schemaPath(ctx), { jsonSchema: schemaWith(["fromTheApp"]) });
      return { id: siteId, config: {} };
    },
    async adopted(ctx) {
      expect((await ctx.api.get(schemaPath(ctx))).jsonSchema).toEqual(schemaWith(["isAdmin", "isStaff"]));
    },
  },
  // The sites whose schema declares a claim: destroy leaves the schema empty.
  async list(ctx) {
    const sites = await ctx.api.list<{ id: string }>(`/orgs/${ctx.organizationId}/sites`);
    const withClaims = await Promise.all(sites.map(async (site) => ((await claimsOf(ctx, site.id)).length > 0 ? site.id : undefined)));
    return withClaims.filter((id): id is string => id !== undefined);
  },
};
