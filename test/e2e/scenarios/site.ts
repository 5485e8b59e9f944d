// Site's standard scenario (support/resource-scenario.ts), run with the other kinds' in one stack
// by test/e2e/lifecycle.test.ts. The changed input is `type`, which the API cannot change: a
// replace.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const sitePath = (ctx: ScenarioContext, id = "") => `/orgs/${ctx.organizationId}/sites${id ? `/${id}` : ""}`;

export const scenario: ResourceScenario = {
  resource: "Site",
  name: "portal",
  program: `
const subject = new docs.Site("portal", {
  organizationId: config.require("organizationId"),
  title: "Developer portal",
  type: config.require("type"),
  visibility: "public",
  agentsContext: "included",
  published: true,
  adopt,
});`,
  config: (ctx) => ({ organizationId: ctx.organizationId, type: "basic" }),
  async created(ctx, id) {
    expect(await ctx.api.get(sitePath(ctx, id))).toMatchObject({
      id,
      title: "Developer portal",
      type: "basic",
      visibility: "public",
      agentsContext: "included",
      published: true,
    });
  },
  change: {
    config: { type: "premium" },
    property: "type",
    op: "replace",
    async applied(ctx, id, previousId) {
      expect(id).not.toBe(previousId);
      expect(await ctx.api.status(sitePath(ctx, previousId))).toBe(404);
      expect(await ctx.api.get(sitePath(ctx, id))).toMatchObject({ title: "Developer portal", type: "premium", published: true });
    },
  },
  drift: {
    property: "published",
    async make(ctx, id) {
      await ctx.api.post(`${sitePath(ctx, id)}/unpublish`);
    },
    async repaired(ctx, id) {
      expect(await ctx.api.get(sitePath(ctx, id))).toMatchObject({ published: true });
    },
  },
  adopt: {
    async prepare(ctx) {
      // A site of the same title made in the app, still unpublished: adopt: true takes it by title.
      const site = await ctx.api.post<{ id: string }>(sitePath(ctx), { title: "Developer portal", type: "premium", visibility: "unlisted" });
      return { id: site.id, config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      expect(await ctx.api.get(sitePath(ctx, id))).toMatchObject({
        id,
        type: "premium",
        visibility: "public",
        agentsContext: "included",
        published: true,
      });
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(sitePath(ctx))).map((site) => site.id),
};
