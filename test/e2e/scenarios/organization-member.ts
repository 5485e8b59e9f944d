// OrganizationMember's standard scenario (support/resource-scenario.ts), run with the other kinds'
// in one stack by test/e2e/lifecycle.test.ts: a member named by email, whose destroy leaves them in
// the organization. `removeOnDestroy: true` is in test/e2e/organization-member-e2e.test.ts.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const EDITOR = "usr-acme-editor";
const memberPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/members/${EDITOR}`;

export const scenario: ResourceScenario = {
  resource: "OrganizationMember",
  name: "eli",
  program: `
const subject = new docs.OrganizationMember("eli", {
  organizationId: config.require("organizationId"),
  email: config.require("email"),
  role: config.require("role"),
});`,
  // The fixture's email is eli@acme.test: matched case-insensitively, kept as written.
  config: (ctx) => ({ organizationId: ctx.organizationId, email: "Eli@Acme.test", role: "review" }),
  async created(ctx, id) {
    expect(id).toBe(EDITOR);
    expect(await ctx.api.get(memberPath(ctx))).toMatchObject({ id: EDITOR, role: "review", user: { email: "eli@acme.test" } });
  },
  change: {
    config: { role: "comment" },
    property: "role",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(memberPath(ctx))).toMatchObject({ role: "comment" });
    },
  },
  drift: {
    property: "role",
    async make(ctx) {
      await ctx.api.patch(memberPath(ctx), { role: "read" });
    },
    async repaired(ctx) {
      expect(await ctx.api.get(memberPath(ctx))).toMatchObject({ role: "comment" });
    },
  },
  adopt: {
    async prepare(ctx) {
      // The role changed in the app while nothing managed the member; the next up takes them over again.
      await ctx.api.patch(memberPath(ctx), { role: "edit" });
      return { id: EDITOR, config: {} };
    },
    async adopted(ctx) {
      expect(await ctx.api.get(memberPath(ctx))).toMatchObject({ role: "comment" });
    },
  },
  // Destroy leaves the member in the organization with their role. The member's counts of spaces,
  // teams and sites are left out: they count other kinds' objects, which the same destroy deletes
  // when the kinds share a stack, and which an OrganizationMember never touches.
  async snapshot(ctx) {
    const { spaces, teams, sites, ...member } = await ctx.api.get(memberPath(ctx));
    return member;
  },
};
