// OrganizationSettings' standard scenario (support/resource-scenario.ts), run with the other kinds'
// in one stack by test/e2e/lifecycle.test.ts. The organization exists before (the API cannot create
// one): every up adopts it, and destroy leaves it exactly as it was.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const organizationPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}`;
const declared = { defaultRole: "read", ai: true, inviteLinks: false, emailDomains: ["acme.test", "docs.acme.test"] };
const managed = ["title", "defaultRole", "ai", "inviteLinks", "emailDomains"];
/** The organization as the fixture made it, before any up. */
let original: Record<string, unknown> = {};

/** The organization without the settings the program manages (and the update time). */
const unmanaged = (organization: Record<string, unknown>) => Object.fromEntries(Object.entries(organization).filter(([key]) => !managed.includes(key) && key !== "updatedAt"));

export const scenario: ResourceScenario = {
  resource: "OrganizationSettings",
  name: "organization",
  program: `
const subject = new docs.OrganizationSettings("organization", {
  organizationId: config.require("organizationId"),
  title: config.require("title"),
  emailDomains: ["docs.acme.test", "ACME.test"],
  defaultRole: "read",
  ai: true,
  inviteLinks: false,
});`,
  async setup(ctx) {
    original = await ctx.api.get(organizationPath(ctx));
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, title: "Acme Documentation" }),
  async created(ctx, id) {
    expect(id).toBe(ctx.organizationId);
    const organization = await ctx.api.get(organizationPath(ctx));
    expect(organization).toMatchObject({ title: "Acme Documentation", ...declared });
    // Only the declared settings changed.
    expect(unmanaged(organization)).toEqual(unmanaged(original));
  },
  change: {
    config: { title: "Acme Developer Docs" },
    property: "title",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(organizationPath(ctx))).toMatchObject({ title: "Acme Developer Docs", ...declared });
    },
  },
  drift: {
    property: "defaultRole",
    async make(ctx) {
      await ctx.api.patch(organizationPath(ctx), { defaultRole: "edit" });
    },
    async repaired(ctx) {
      expect(await ctx.api.get(organizationPath(ctx))).toMatchObject({ defaultRole: "read" });
    },
  },
  adopt: {
    async prepare(ctx) {
      // Settings changed in the app while nothing managed them; the next up adopts the organization again.
      await ctx.api.patch(organizationPath(ctx), { title: "Acme (edited in the app)", ai: false });
      return { id: ctx.organizationId, config: {} };
    },
    async adopted(ctx) {
      expect(await ctx.api.get(organizationPath(ctx))).toMatchObject({ title: "Acme Developer Docs", ...declared });
    },
  },
  snapshot: (ctx) => ctx.api.get(organizationPath(ctx)),
};
