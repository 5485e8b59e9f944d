// SiteSpace's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. The site and its two sections are made through the API
// beforehand. The changed input is `sectionId`: the API cannot move a site space between sections,
// so it is a replace.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
const sections = { guides: "", reference: "" };
const siteSpacesPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}/site-spaces`;
async function siteSpace(ctx: ScenarioContext, id: string) {
  const found = (await ctx.api.list(siteSpacesPath(ctx))).find((candidate) => candidate.id === id);
  expect(found, `site space ${id}`).toBeDefined();
  return found;
}
const condition = "visitor.claims.unsigned.beta == true";

export const scenario: ResourceScenario = {
  resource: "SiteSpace",
  name: "changelog",
  program: `
const subject = new docs.SiteSpace("changelog", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  sectionId: config.require("sectionId"),
  spaceId: "spc-acme-changelog",
  path: "changelog",
  condition: ${JSON.stringify(condition)},
  adopt,
});`,
  async setup(ctx) {
    const sites = `/orgs/${ctx.organizationId}/sites`;
    siteId = (await ctx.api.post<{ id: string }>(sites, { title: "Portal" })).id;
    sections.guides = (await ctx.api.post<{ id: string }>(`${sites}/${siteId}/sections`, { spaceId: "spc-acme-guides" })).id;
    sections.reference = (await ctx.api.post<{ id: string }>(`${sites}/${siteId}/sections`, { spaceId: "spc-acme-api" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId, sectionId: sections.guides }),
  async created(ctx, id) {
    expect(await siteSpace(ctx, id)).toMatchObject({ section: sections.guides, space: { id: "spc-acme-changelog" }, path: "changelog", condition });
  },
  change: {
    config: () => ({ sectionId: sections.reference }),
    property: "sectionId",
    op: "replace",
    async applied(ctx, id, previousId) {
      expect(id).not.toBe(previousId);
      const ids = (await ctx.api.list(siteSpacesPath(ctx))).map((found) => found.id);
      expect(ids).not.toContain(previousId);
      expect(await siteSpace(ctx, id)).toMatchObject({ section: sections.reference, space: { id: "spc-acme-changelog" }, path: "changelog", condition });
    },
  },
  drift: {
    property: "path",
    outputsAlsoChanged: ["publishedUrl"],
    async make(ctx, id) {
      await ctx.api.patch(`${siteSpacesPath(ctx)}/${id}`, { path: "news" });
    },
    async repaired(ctx, id) {
      expect(await siteSpace(ctx, id)).toMatchObject({ path: "changelog", condition });
    },
  },
  adopt: {
    async prepare(ctx) {
      // The changelog added to the reference section in the app, with the API's default path and no condition.
      const made = await ctx.api.post<{ id: string }>(siteSpacesPath(ctx), { spaceId: "spc-acme-changelog", sectionId: sections.reference });
      return { id: made.id, config: { adopt: JSON.stringify({ id: made.id }) } };
    },
    async adopted(ctx, id) {
      expect(await siteSpace(ctx, id)).toMatchObject({ section: sections.reference, space: { id: "spc-acme-changelog" }, path: "changelog", condition });
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(siteSpacesPath(ctx))).map((found) => found.id),
};
