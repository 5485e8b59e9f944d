// SiteCustomization's standard scenario (support/resource-scenario.ts), run with the other kinds'
// in one stack by test/e2e/lifecycle.test.ts. Every site has a customization, so every up adopts it
// and destroy leaves it exactly as it was. The site is made through the API beforehand, with a
// footer and a depth set "in the app": the program does not declare them, so they must survive
// every up and never show as drift.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

let siteId = "";
const customizationPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/sites/${siteId}/customization`;
const declared = {
  styling: { primaryColor: { light: "#346DDB", dark: "#6B9BF2" }, corners: "straight" },
  header: { links: [{ title: "Status", to: { kind: "url", url: "https://status.acme.test" } }] },
  privacyPolicy: { url: "https://acme.test/privacy" },
};
/** Set in the app, never declared. */
const undeclared = { footer: { copyright: "© Acme Inc." }, styling: { depth: "flat" }, feedback: { enabled: true } };

export const scenario: ResourceScenario = {
  resource: "SiteCustomization",
  name: "look",
  program: `
const subject = new docs.SiteCustomization("look", {
  organizationId: config.require("organizationId"),
  siteId: config.require("siteId"),
  title: config.require("title"),
  styling: ${JSON.stringify(declared.styling)},
  header: ${JSON.stringify(declared.header)},
  privacyPolicy: ${JSON.stringify(declared.privacyPolicy)},
});`,
  async setup(ctx) {
    siteId = (await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/sites`, { title: "Portal" })).id;
    await ctx.api.put(customizationPath(ctx), undeclared);
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, siteId, title: "Acme Docs" }),
  async created(ctx, id) {
    expect(id).toBe(siteId);
    expect(await ctx.api.get(customizationPath(ctx))).toMatchObject({ title: "Acme Docs", ...declared, ...undeclared, styling: { ...declared.styling, depth: "flat" } });
  },
  change: {
    config: { title: "Acme Developer Docs" },
    property: "title",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await ctx.api.get(customizationPath(ctx))).toMatchObject({ title: "Acme Developer Docs", ...declared, footer: undeclared.footer, feedback: undeclared.feedback });
    },
  },
  drift: {
    property: "styling",
    async make(ctx) {
      const current = await ctx.api.get(customizationPath(ctx));
      // A declared leaf (corners) and an undeclared one (search) change in the app.
      await ctx.api.put(customizationPath(ctx), { ...current, styling: { ...current.styling, corners: "circular", search: "subtle" } });
    },
    async repaired(ctx) {
      expect(await ctx.api.get(customizationPath(ctx))).toMatchObject({ styling: { corners: "straight", search: "subtle", depth: "flat" }, footer: undeclared.footer });
    },
  },
  adopt: {
    async prepare(ctx) {
      // Edited in the app while nothing managed it: the next up adopts the customization again.
      const current = await ctx.api.get(customizationPath(ctx));
      await ctx.api.put(customizationPath(ctx), { ...current, title: "Edited in the app", header: { links: [] } });
      return { id: siteId, config: {} };
    },
    async adopted(ctx) {
      expect(await ctx.api.get(customizationPath(ctx))).toMatchObject({ title: "Acme Developer Docs", ...declared, footer: undeclared.footer, feedback: undeclared.feedback });
    },
  },
  snapshot: (ctx) => ctx.api.get(customizationPath(ctx)),
};
