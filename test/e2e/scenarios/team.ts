// Team's standard scenario (support/resource-scenario.ts), run with the other kinds' in one stack
// by test/e2e/lifecycle.test.ts. The provider gets the API's address and token from the stack
// config here (the token a secret), proving the config path; the other suites use the environment.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const teamPath = (ctx: ScenarioContext, id: string) => `/orgs/${ctx.organizationId}/teams/${id}`;
const memberIds = async (ctx: ScenarioContext, id: string) =>
  (await ctx.api.list<{ organization: { id: string } }>(`${teamPath(ctx, id)}/members`)).map((member) => member.organization.id).sort();

export const scenario: ResourceScenario = {
  resource: "Team",
  name: "writers",
  tokenVia: "config",
  program: `
const subject = new docs.Team("writers", {
  organizationId: config.require("organizationId"),
  title: config.require("title"),
  members: config.requireObject("members"),
  adopt,
});`,
  config: (ctx) => ({
    organizationId: ctx.organizationId,
    title: "Writers",
    members: JSON.stringify(["usr-acme-editor", "usr-acme-admin"]),
  }),
  async created(ctx, id) {
    expect(await ctx.api.get(teamPath(ctx, id))).toMatchObject({ id, title: "Writers", members: 2 });
    expect(await memberIds(ctx, id)).toEqual(["usr-acme-admin", "usr-acme-editor"]);
  },
  change: {
    config: { title: "Technical writers" },
    property: "title",
    op: "update",
    async applied(ctx, id, previousId) {
      // Renaming is a PATCH: the same team, its members kept.
      expect(id).toBe(previousId);
      expect(await ctx.api.get(teamPath(ctx, id))).toMatchObject({ title: "Technical writers" });
      expect(await memberIds(ctx, id)).toEqual(["usr-acme-admin", "usr-acme-editor"]);
    },
  },
  drift: {
    property: "members",
    async make(ctx, id) {
      await ctx.api.put(`${teamPath(ctx, id)}/members/usr-acme-reader`);
    },
    async repaired(ctx, id) {
      // Membership is authoritative: the member added elsewhere is removed again.
      expect(await memberIds(ctx, id)).toEqual(["usr-acme-admin", "usr-acme-editor"]);
    },
  },
  adopt: {
    async prepare(ctx) {
      // A team of the same title made elsewhere, with other members: adopt: true takes it by title.
      const team = await ctx.api.put<{ id: string }>(`/orgs/${ctx.organizationId}/teams`, {
        title: "Technical writers",
        members: ["usr-acme-reader"],
      });
      return { id: team.id, config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      expect(await ctx.api.get(teamPath(ctx, id))).toMatchObject({ id, title: "Technical writers" });
      expect(await memberIds(ctx, id)).toEqual(["usr-acme-admin", "usr-acme-editor"]);
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(`/orgs/${ctx.organizationId}/teams`)).map((team) => team.id),
};
