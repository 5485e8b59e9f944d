// SamlProvider's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. Its default teams are made through the API beforehand.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const samlPath = (ctx: ScenarioContext, id = "") => `/orgs/${ctx.organizationId}/saml${id ? `/${id}` : ""}`;
const declared = {
  entityID: "http://www.okta.com/exk1acmedocs",
  ssoURL: "https://acme.okta.com/app/acme_docs/exk1acmedocs/sso/saml",
  certificate: "MIIDpDCCAoygAwIBAgIGAYx0acmedocsE2eCertificate",
};
const teams = { readers: "", reviewers: "" };

export const scenario: ResourceScenario = {
  resource: "SamlProvider",
  name: "okta",
  program: `
const subject = new docs.SamlProvider("okta", {
  organizationId: config.require("organizationId"),
  label: "Okta",
  entityID: ${JSON.stringify(declared.entityID)},
  ssoURL: ${JSON.stringify(declared.ssoURL)},
  certificate: ${JSON.stringify(declared.certificate)},
  defaultTeam: config.require("defaultTeam"),
  defaultRole: "read",
  adopt,
});`,
  async setup(ctx) {
    for (const [key, title] of [
      ["readers", "Readers"],
      ["reviewers", "Reviewers"],
    ] as const) {
      teams[key] = (await ctx.api.put<{ id: string }>(`/orgs/${ctx.organizationId}/teams`, { title })).id;
    }
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, defaultTeam: teams.readers }),
  async created(ctx, id) {
    const saml = await ctx.api.get(samlPath(ctx, id));
    expect(saml).toMatchObject({ id, label: "Okta", ...declared, defaultRole: "read", status: "active" });
    expect(saml.defaultTeam.id).toBe(teams.readers);
  },
  change: {
    config: () => ({ defaultTeam: teams.reviewers }),
    property: "defaultTeam",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect((await ctx.api.get(samlPath(ctx, id))).defaultTeam.id).toBe(teams.reviewers);
    },
  },
  secretValues: [declared.certificate],
  drift: {
    property: "certificate",
    // Always a secret (SamlProvider.secretInputKeys), though the program gives a plain string.
    secret: true,
    async make(ctx, id) {
      await ctx.api.patch(samlPath(ctx, id), { certificate: "MIIDrotatedOutsidePulumi" });
    },
    async repaired(ctx, id) {
      expect(await ctx.api.get(samlPath(ctx, id))).toMatchObject({ certificate: declared.certificate });
    },
  },
  adopt: {
    async prepare(ctx) {
      // A provider with the same label, set up by hand with another IdP entity: adopt: true takes it by label.
      const saml = await ctx.api.post<{ id: string }>(samlPath(ctx), { label: "Okta", entityID: "http://www.okta.com/exk1handmade" });
      return { id: saml.id, config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      const saml = await ctx.api.get(samlPath(ctx, id));
      expect(saml).toMatchObject({ id, label: "Okta", ...declared, defaultRole: "read" });
      expect(saml.defaultTeam.id).toBe(teams.reviewers);
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(samlPath(ctx))).map((saml) => saml.id),
};
