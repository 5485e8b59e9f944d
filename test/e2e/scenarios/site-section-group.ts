// SiteSectionGroup's standard scenario (support/resource-scenario.ts), run with the other kinds' in
// one stack by test/e2e/lifecycle.test.ts. The site and a parent group are made through the API
// beforehand. The changed input is `parentSectionGroupId`: the group moves under the parent in
// place (DESIGN.md 8), never a replace.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
let parentId = "";
const groupsPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}/section-groups`;
async function group(ctx: ScenarioContext, id: string) {
  const found = (await ctx.api.list(groupsPath(ctx))).find((candidate) => candidate.id === id);
  expect(found, `section group ${id}`).toBeDefined();
  return found;
}
const declared = { title: "APIs", icon: "code" };

export const scenario: ResourceScenario = {
  resource: "SiteSectionGroup",
  name: "apis",
  program: `
const subject = new docs.SiteSectionGroup("apis", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  title: "APIs",
  icon: "code",
  parentSectionGroupId: config.get("parentSectionGroupId") ?? null,
  adopt,
});`,
  async setup(ctx) {
    siteId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Grouped portal" })).id;
    parentId = (await ctx.api.post<{ id: string }>(groupsPath(ctx), { title: "Products" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId }),
  async created(ctx, id) {
    const found = await group(ctx, id);
    expect(found).toMatchObject(declared);
    expect(found).not.toHaveProperty("sectionGroup");
  },
  change: {
    config: () => ({ parentSectionGroupId: parentId }),
    property: "parentSectionGroupId",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await group(ctx, id)).toMatchObject({ ...declared, sectionGroup: parentId });
    },
  },
  drift: {
    property: "title",
    async make(ctx, id) {
      await ctx.api.patch(`${groupsPath(ctx)}/${id}`, { title: "Renamed in the app" });
    },
    async repaired(ctx, id) {
      expect(await group(ctx, id)).toMatchObject({ ...declared, sectionGroup: parentId });
    },
  },
  adopt: {
    async prepare(ctx) {
      // A group made in the app at the top level, with another title and no icon.
      const made = await ctx.api.post<{ id: string }>(groupsPath(ctx), { title: "Made in the app" });
      return { id: made.id, config: { adopt: JSON.stringify({ id: made.id }) } };
    },
    async adopted(ctx, id) {
      expect(await group(ctx, id)).toMatchObject({ ...declared, sectionGroup: parentId });
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(groupsPath(ctx))).map((found) => found.id),
};
