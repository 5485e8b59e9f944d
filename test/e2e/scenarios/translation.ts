// Translation's standard scenario (support/resource-scenario.ts), run with the other kinds' in one
// stack by test/e2e/lifecycle.test.ts. The changed input is `runTrigger` (a release tag): the same
// translation, run exactly once more. Every other step proves a run never happens by accident: the
// no-change preview and refresh, the repair of drifted instructions and the adoption leave the run
// counter (`stats.runs`) as it was.
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const translationPath = (ctx: ScenarioContext, id: string) => `/orgs/${ctx.organizationId}/translations/${id}`;
const documentOf = (words: string) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] }],
});
const declared = documentOf("Keep product names in English.");
let sourceSpace = "";

export const scenario: ResourceScenario = {
  resource: "Translation",
  name: "guides-fr",
  program: `
const subject = new docs.Translation("guides-fr", {
  organizationId: config.require("organizationId"),
  language: "fr",
  source: { space: config.require("sourceSpace"), language: "en" },
  instructions: config.requireObject("instructions"),
  runTrigger: config.require("release"),
  adopt,
});`,
  setup(ctx) {
    sourceSpace = ctx.emulator.fixture.organizations[0].spaceIds[0]!;
    return Promise.resolve();
  },
  config: (ctx) => ({ organizationId: ctx.organizationId, sourceSpace, instructions: JSON.stringify(declared), release: "v1.0.0" }),
  async created(ctx, id) {
    const translation = await ctx.api.get(translationPath(ctx, id));
    expect(translation).toMatchObject({ id, language: "fr", source: { space: sourceSpace, language: "en" }, instructions: declared });
    // runTrigger was set at creation: one run.
    expect(translation.stats.runs).toBe(1);
  },
  change: {
    config: { release: "v1.1.0" },
    property: "runTrigger",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      const translation = await ctx.api.get(translationPath(ctx, id));
      // Exactly one more run; the preview and refresh before it ran nothing.
      expect(translation.stats.runs).toBe(2);
      expect(translation.instructions).toEqual(declared);
    },
  },
  drift: {
    property: "instructions",
    outputsAlsoChanged: ["updatedAt"],
    async make(ctx, id) {
      await ctx.api.put(translationPath(ctx, id), { instructions: documentOf("Translate product names too.") });
    },
    async repaired(ctx, id) {
      const translation = await ctx.api.get(translationPath(ctx, id));
      expect(translation.instructions).toEqual(declared);
      // Putting the instructions back is not a run.
      expect(translation.stats.runs).toBe(2);
    },
  },
  adopt: {
    async prepare(ctx) {
      // The same language and source, made elsewhere with other instructions: adopt: true takes it.
      const translation = await ctx.api.post<{ id: string }>(`/orgs/${ctx.organizationId}/translations`, {
        language: "fr",
        source: { space: sourceSpace, language: "en" },
        instructions: documentOf("Made in the app."),
      });
      return { id: translation.id, config: { adopt: "true" } };
    },
    async adopted(ctx, id) {
      const translation = await ctx.api.get(translationPath(ctx, id));
      expect(translation.instructions).toEqual(declared);
      // Adopting records the trigger as applied: no run.
      expect(translation.stats.runs).toBe(0);
    },
  },
  list: async (ctx) => (await ctx.api.list<{ id: string }>(`/orgs/${ctx.organizationId}/translations`)).map((translation) => translation.id),
};
