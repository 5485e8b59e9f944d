// SiteStructure's standard scenario (support/resource-scenario.ts), run with the other kinds' in
// one stack by test/e2e/lifecycle.test.ts. The site, its sections and a group holding two of them
// are made through the API beforehand: the structure orders them and creates nothing, so, like
// OrganizationSettings, it always takes the site's order over and destroy leaves the order as it is
// (snapshot). The changed input is `root`, the order of the site's top level; the drift is a
// reorder made through the API's sort.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
/** Sections a, b, c at the top, group g holding sections d and e. */
const ids = { a: "", b: "", c: "", d: "", e: "", g: "" };
const sitePath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}`;

type Node = { object: string; id: string; children?: Node[] };
/** The site's tree as ids: groups as `{ id: [children] }`. */
async function tree(ctx: ScenarioContext): Promise<unknown[]> {
  const shape = (nodes: Node[]): unknown[] => nodes.map((node) => (node.object === "site-section-group" ? { [node.id]: shape(node.children ?? []) } : node.id));
  return shape((await ctx.api.get<{ structure: Node[] }>(`${sitePath(ctx)}/structure`)).structure);
}
const section = (id: string) => ({ type: "site-section", id });

export const scenario: ResourceScenario = {
  resource: "SiteStructure",
  name: "order",
  program: `
const subject = new docs.SiteStructure("order", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  root: config.requireObject("root"),
  groups: config.requireObject("groups"),
});`,
  async setup(ctx) {
    siteId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Ordered portal" })).id;
    for (const [key, title] of [
      ["a", "Alpha"],
      ["b", "Beta"],
      ["c", "Gamma"],
      ["d", "Delta"],
      ["e", "Epsilon"],
    ] as const) {
      const spaceId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/spaces`, { title: `${title} space` })).id;
      ids[key] = (await ctx.api.post<{ id: string }>(`${sitePath(ctx)}/sections`, { spaceId, title })).id;
    }
    ids.g = (await ctx.api.post<{ id: string }>(`${sitePath(ctx)}/section-groups`, { title: "Group", sections: [ids.d, ids.e] })).id;
  },
  config: (ctx) => ({
    organizationId: ctx.organizationId,
    siteId,
    root: JSON.stringify([ids.c, ids.g, ids.a, ids.b]),
    groups: JSON.stringify([{ groupId: ids.g, items: [ids.e, ids.d] }]),
  }),
  async created(ctx, id) {
    expect(id).toBe(siteId);
    expect(await tree(ctx)).toEqual([ids.c, { [ids.g]: [ids.e, ids.d] }, ids.a, ids.b]);
  },
  change: {
    config: () => ({ root: JSON.stringify([ids.g, ids.a, ids.b, ids.c]) }),
    property: "root",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await tree(ctx)).toEqual([{ [ids.g]: [ids.e, ids.d] }, ids.a, ids.b, ids.c]);
    },
  },
  drift: {
    property: "root",
    async make(ctx) {
      await ctx.api.patch(`${sitePath(ctx)}/structure/sort`, { item: section(ids.c), position: { before: section(ids.a) } });
    },
    async repaired(ctx) {
      expect(await tree(ctx)).toEqual([{ [ids.g]: [ids.e, ids.d] }, ids.a, ids.b, ids.c]);
    },
  },
  adopt: {
    async prepare(ctx) {
      // Reordered in the app while nothing managed the order; the next up takes it over again.
      await ctx.api.patch(`${sitePath(ctx)}/structure/sort`, { item: section(ids.d), position: { before: section(ids.e) } });
      await ctx.api.patch(`${sitePath(ctx)}/structure/sort`, { item: { type: "site-section-group", id: ids.g } });
      return { id: siteId, config: {} };
    },
    async adopted(ctx) {
      expect(await tree(ctx)).toEqual([{ [ids.g]: [ids.e, ids.d] }, ids.a, ids.b, ids.c]);
    },
  },
  snapshot: (ctx) => tree(ctx),
};
