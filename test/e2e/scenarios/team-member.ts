// TeamMember's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. A team managed both ways is in test/e2e/team-member-e2e.test.ts.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const EDITOR = "usr-acme-editor";
const ADMIN = "usr-acme-admin";
/** The team the scenario's memberships belong to, made through the API in setup. */
let teamId = "";

const membersPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/teams/${teamId}/members`;
/** The team's memberships as TeamMember ids, `<teamId>/<userId>`. */
const memberships = async (ctx: ScenarioContext) => (await ctx.api.list<{ organization: { id: string } }>(membersPath(ctx))).map((item) => `${teamId}/${item.organization.id}`);
const roles = async (ctx: ScenarioContext) =>
  Object.fromEntries((await ctx.api.list<{ organization: { id: string }; team: { role: string } }>(membersPath(ctx))).map((item) => [item.organization.id, item.team.role]));

export const scenario: ResourceScenario = {
  resource: "TeamMember",
  name: "eli-in-writers",
  program: `
const subject = new docs.TeamMember("eli-in-writers", {
  organizationId: config.require("organizationId"),
  teamId: config.require("teamId"),
  userId: config.require("userId"),
  role: config.require("role"),
  adopt,
});`,
  async setup(ctx) {
    // A team someone else runs: its owner stays through the whole scenario.
    const team = await ctx.api.put<{ id: string }>(`/orgs/${ctx.organizationId}/teams`, { title: "Writers", members: [ADMIN] });
    teamId = team.id;
    await ctx.api.put(`${membersPath(ctx)}/${ADMIN}`, { role: "owner" });
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, teamId, userId: EDITOR, role: "member" }),
  async created(ctx, id) {
    expect(id).toBe(`${teamId}/${EDITOR}`);
    expect(await roles(ctx)).toEqual({ [ADMIN]: "owner", [EDITOR]: "member" });
  },
  change: {
    config: { role: "owner" },
    property: "role",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await roles(ctx)).toEqual({ [ADMIN]: "owner", [EDITOR]: "owner" });
    },
  },
  drift: {
    property: "role",
    async make(ctx) {
      await ctx.api.put(`${membersPath(ctx)}/${EDITOR}`, { role: "member" });
    },
    async repaired(ctx) {
      expect(await roles(ctx)).toEqual({ [ADMIN]: "owner", [EDITOR]: "owner" });
    },
  },
  adopt: {
    async prepare(ctx) {
      // Added by hand with another role; adopted by its id and given the declared role.
      await ctx.api.put(`${membersPath(ctx)}/${EDITOR}`, { role: "member" });
      const id = `${teamId}/${EDITOR}`;
      return { id, config: { adopt: JSON.stringify({ id }) } };
    },
    async adopted(ctx) {
      expect(await roles(ctx)).toEqual({ [ADMIN]: "owner", [EDITOR]: "owner" });
    },
  },
  list: memberships,
};
