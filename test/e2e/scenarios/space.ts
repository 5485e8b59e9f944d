// Space's standard scenario (support/resource-scenario.ts), run with the other kinds' in one stack
// by test/e2e/lifecycle.test.ts. The changed input is `parent`, which moves the space to another
// collection (same id), never replaces it. The adoption is by natural key (`adopt: true`: the title
// within the parent), and destroy leaves the organization's list of spaces as it was (a deleted
// space is listed nowhere).
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const spacePath = (id: string) => `/spaces/${id}`;
let products = "";
let archive = "";
const reviewers = { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] };
const declared = { title: "Handbook", emoji: "📗", language: "en", editMode: "live", defaultLevel: "read", mergeRules: reviewers };

export const scenario: ResourceScenario = {
  resource: "Space",
  name: "handbook",
  program: `
const subject = new docs.Space("handbook", {
  organizationId: config.require("organizationId"),
  title: "Handbook",
  emoji: "📗",
  parent: config.get("parent"),
  language: "en",
  editMode: "live",
  defaultLevel: "read",
  mergeRules: { type: "rules", rules: [{ rule: "require_specific_reviewers", users: ["usr-acme-admin"] }] },
  adopt,
});`,
  async setup(ctx) {
    // The collections the space lives in and moves to, made by hand.
    products = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/collections`, { title: "Products" })).id;
    archive = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/collections`, { title: "Archive" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, parent: products }),
  async created(ctx, id) {
    expect(await ctx.api.get(spacePath(id))).toMatchObject({ id, ...declared, parent: products, visibility: "in-collection" });
  },
  change: {
    config: () => ({ parent: archive }),
    property: "parent",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(spacePath(id))).toMatchObject({ ...declared, parent: archive });
      expect((await ctx.api.list<{ id: string }>(`/collections/${products}/spaces`)).map((space) => space.id)).not.toContain(id);
    },
  },
  drift: {
    property: "emoji",
    async make(ctx, id) {
      await ctx.api.patch(spacePath(id), { emoji: "🔥" });
    },
    async repaired(ctx, id) {
      expect(await ctx.api.get(spacePath(id))).toMatchObject({ ...declared, parent: archive });
    },
  },
  adopt: {
    async prepare(ctx: ScenarioContext) {
      // A space made in the app with the same title in the same collection, set up differently.
      const space = await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/spaces`, { title: "Handbook", emoji: "📕", parent: archive, editMode: "locked" });
      return { id: space.id, config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      expect(await ctx.api.get(spacePath(id))).toMatchObject({ id, ...declared, parent: archive });
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(`/orgs/${ctx.organizationId}/spaces`)).map((space) => space.id),
};
