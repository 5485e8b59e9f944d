// OpenApiSpec's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. The changed input is `slug`, the spec's natural key: a
// replace that deletes the old spec first.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const specPath = (ctx: ScenarioContext, slug = "") => `/orgs/${ctx.organizationId}/openapi${slug ? `/${slug}` : ""}`;
const sourceUrl = "https://petstore3.swagger.io/api/v3/openapi.json";

export const scenario: ResourceScenario = {
  resource: "OpenApiSpec",
  name: "petstore",
  emulator: { openapiProcessingMs: 40 },
  program: `
const subject = new docs.OpenApiSpec("petstore", {
  organizationId: config.require("organizationId"),
  slug: config.require("slug"),
  source: { url: ${JSON.stringify(sourceUrl)} },
  visibility: "public",
  waitForProcessing: true,
  adopt,
});`,
  config: (ctx) => ({ organizationId: ctx.organizationId, slug: "petstore" }),
  async created(ctx, id) {
    expect(id).toBe("petstore");
    expect(await ctx.api.get(specPath(ctx, id))).toMatchObject({ slug: "petstore", sourceURL: sourceUrl, visibility: "public", processingState: "complete" });
  },
  change: {
    config: { slug: "petstore-v2" },
    property: "slug",
    op: "replace",
    deleteBeforeReplace: true,
    async applied(ctx, id, previousId) {
      expect([previousId, id]).toEqual(["petstore", "petstore-v2"]);
      expect(await ctx.api.status(specPath(ctx, "petstore"))).toBe(404);
      expect(await ctx.api.get(specPath(ctx, id))).toMatchObject({ slug: "petstore-v2", sourceURL: sourceUrl, visibility: "public", processingState: "complete" });
    },
  },
  drift: {
    property: "visibility",
    outputsAlsoChanged: ["updatedAt"],
    async make(ctx, id) {
      await ctx.api.patch(specPath(ctx, id), { visibility: "private" });
    },
    async repaired(ctx, id) {
      expect(await ctx.api.get(specPath(ctx, id))).toMatchObject({ visibility: "public" });
    },
  },
  adopt: {
    async prepare(ctx) {
      // A spec of the same slug uploaded by hand from another source: adopt: true takes it by slug.
      await ctx.api.post(specPath(ctx), { slug: "petstore-v2", source: { url: "https://example.com/handmade-openapi.yaml" } });
      return { id: "petstore-v2", config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      expect(await ctx.api.get(specPath(ctx, id))).toMatchObject({ slug: id, sourceURL: sourceUrl, visibility: "public", processingState: "complete" });
      // The reconciled source is a new version of the adopted spec.
      expect(await ctx.api.list(`${specPath(ctx, id)}/versions`)).toHaveLength(2);
    },
  },
  list: async (ctx) => (await ctx.api.list<{ slug: string }>(specPath(ctx))).map((spec) => spec.slug),
};
