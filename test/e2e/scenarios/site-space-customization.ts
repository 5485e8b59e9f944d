// SiteSpaceCustomization's standard scenario (support/resource-scenario.ts), run with the other
// kinds' in one stack by test/e2e/lifecycle.test.ts. The site, publishing two spaces, is made
// through the API beforehand. The API's GET answers a site space's effective customization, so the
// listed objects are the site spaces whose customization differs from their site's: destroy drops
// the override, and the list is empty again.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
let siteSpaceId = "";
const sitePath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}`;
const overridePath = (ctx: ScenarioContext, id = siteSpaceId) => `${sitePath(ctx)}/site-spaces/${id}/customization`;
const declaredStyling = { primaryColor: { light: "#0B7A75", dark: "#3CC0B9" }, corners: "straight" };

export const scenario: ResourceScenario = {
  resource: "SiteSpaceCustomization",
  name: "api-look",
  program: `
const subject = new docs.SiteSpaceCustomization("api-look", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  siteSpaceId: config.require("siteSpaceId"),
  title: config.require("title"),
  styling: ${JSON.stringify(declaredStyling)},
  announcement: { enabled: true, message: "API v2 is in beta" },
});`,
  async setup(ctx) {
    const site = await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Portal", spaces: ["spc-acme-guides", "spc-acme-api"] });
    siteId = site.id;
    const siteSpaces = await ctx.api.list<{ id: string; space: { id: string } }>(`${sitePath(ctx)}/site-spaces`);
    siteSpaceId = siteSpaces.find((candidate) => candidate.space.id === "spc-acme-api")!.id;
    await ctx.api.put(`${sitePath(ctx)}/customization`, { styling: { depth: "flat" } });
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId, siteSpaceId, title: "API reference" }),
  async created(ctx, id) {
    expect(id).toBe(siteSpaceId);
    expect(await ctx.api.get(overridePath(ctx))).toMatchObject({
      title: "API reference",
      styling: { ...declaredStyling, depth: "flat" },
      announcement: { enabled: true, message: "API v2 is in beta" },
    });
  },
  change: {
    config: { title: "API v2 reference" },
    property: "title",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(overridePath(ctx))).toMatchObject({ title: "API v2 reference", styling: declaredStyling });
    },
  },
  drift: {
    property: "styling",
    async make(ctx) {
      await ctx.api.patch(overridePath(ctx), { styling: { corners: "circular" } });
    },
    async repaired(ctx) {
      expect(await ctx.api.get(overridePath(ctx))).toMatchObject({ styling: { ...declaredStyling, depth: "flat" } });
    },
  },
  adopt: {
    async prepare(ctx) {
      // An override made in the app while nothing managed it: the next up takes it over.
      await ctx.api.patch(overridePath(ctx), { title: "Edited in the app", styling: { corners: "circular" } });
      return { id: siteSpaceId, config: {} };
    },
    async adopted(ctx) {
      expect(await ctx.api.get(overridePath(ctx))).toMatchObject({ title: "API v2 reference", styling: declaredStyling, announcement: { enabled: true } });
    },
  },
  async list(ctx) {
    const site = await ctx.api.get(`${sitePath(ctx)}/customization`);
    const siteSpaces = await ctx.api.list<{ id: string }>(`${sitePath(ctx)}/site-spaces`);
    const overridden = await Promise.all(siteSpaces.map(async ({ id }) => (JSON.stringify(await ctx.api.get(overridePath(ctx, id))) === JSON.stringify(site) ? undefined : id)));
    return overridden.filter((id): id is string => id !== undefined);
  },
};
