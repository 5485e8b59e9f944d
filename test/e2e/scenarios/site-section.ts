// SiteSection's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. The site is made through the API beforehand. The changed
// input is `spaceId`, which points the section's first site space at another space in place.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
const sectionsPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}/sections`;
async function section(ctx: ScenarioContext, id: string) {
  const found = (await ctx.api.list(sectionsPath(ctx))).find((candidate) => candidate.id === id);
  expect(found, `section ${id}`).toBeDefined();
  return found;
}
const declared = { title: "Guides", icon: "book-open", path: "guides" };

export const scenario: ResourceScenario = {
  resource: "SiteSection",
  name: "guides",
  program: `
const subject = new docs.SiteSection("guides", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  spaceId: config.require("spaceId"),
  title: "Guides",
  icon: "book-open",
  path: "guides",
  adopt,
});`,
  async setup(ctx) {
    siteId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Sectioned portal" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId, spaceId: "spc-acme-guides" }),
  async created(ctx, id) {
    const found = await section(ctx, id);
    expect(found).toMatchObject({ ...declared, default: true });
    expect(found.siteSpaces.map((siteSpace: any) => siteSpace.space.id)).toEqual(["spc-acme-guides"]);
  },
  change: {
    config: { spaceId: "spc-acme-api" },
    property: "spaceId",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      const found = await section(ctx, id);
      expect(found).toMatchObject(declared);
      expect(found.siteSpaces.map((siteSpace: any) => siteSpace.space.id)).toEqual(["spc-acme-api"]);
    },
  },
  drift: {
    property: "title",
    async make(ctx, id) {
      await ctx.api.patch(`${sectionsPath(ctx)}/${id}`, { title: "Renamed in the app" });
    },
    async repaired(ctx, id) {
      expect(await section(ctx, id)).toMatchObject(declared);
    },
  },
  adopt: {
    async prepare(ctx) {
      // A section made in the app for the same space, with the API's default title and path.
      const made = await ctx.api.post<{ id: string }>(sectionsPath(ctx), { spaceId: "spc-acme-api" });
      return { id: made.id, config: { adopt: JSON.stringify({ id: made.id }) } };
    },
    async adopted(ctx, id) {
      const found = await section(ctx, id);
      expect(found).toMatchObject(declared);
      expect(found.siteSpaces.map((siteSpace: any) => siteSpace.space.id)).toEqual(["spc-acme-api"]);
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(sectionsPath(ctx))).map((found) => found.id),
};
