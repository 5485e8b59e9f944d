// Collection's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. The changed input is `parent`, which moves the collection
// (same id), never replaces it.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const collectionPath = (id: string) => `/collections/${id}`;
let products = "";

export const scenario: ResourceScenario = {
  resource: "Collection",
  name: "guides",
  program: `
const subject = new docs.Collection("guides", {
  organizationId: config.require("organizationId"),
  title: "Guides",
  description: "How-to guides for every product.",
  defaultLevel: "read",
  parent: config.get("parent"),
  adopt,
});`,
  async setup(ctx) {
    // The collection the guides move into, made by hand.
    products = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/collections`, { title: "Products" })).id;
  },
  config: (ctx) => ({ organizationId: ctx.organizationId }),
  async created(ctx, id) {
    const collection = await ctx.api.get(collectionPath(id));
    expect(collection).toMatchObject({ id, title: "Guides", description: "How-to guides for every product.", defaultLevel: "read" });
    expect(collection.parent ?? null).toBeNull();
  },
  change: {
    config: () => ({ parent: products }),
    property: "parent",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(collectionPath(id))).toMatchObject({ title: "Guides", parent: products, description: "How-to guides for every product." });
    },
  },
  drift: {
    property: "description",
    async make(ctx, id) {
      await ctx.api.patch(collectionPath(id), { description: "Edited in the app." });
    },
    async repaired(ctx, id) {
      expect(await ctx.api.get(collectionPath(id))).toMatchObject({ description: "How-to guides for every product.", parent: products });
    },
  },
  adopt: {
    async prepare(ctx) {
      // An older collection at the top level, with another title: adopted by id, renamed, moved and described.
      const collection = await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/collections`, { title: "Old guides" });
      return { id: collection.id, config: { adopt: JSON.stringify({ id: collection.id }) } };
    },
    async adopted(ctx: ScenarioContext, id: string) {
      expect(await ctx.api.get(collectionPath(id))).toMatchObject({
        id,
        title: "Guides",
        description: "How-to guides for every product.",
        defaultLevel: "read",
        parent: products,
      });
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(`/orgs/${ctx.organizationId}/collections`, { nested: "true" })).map((c) => c.id),
};
