// AgentInstructions' standard scenario (support/resource-scenario.ts), run with the other kinds' in
// one stack by test/e2e/lifecycle.test.ts. The organization's document always exists (empty in the
// fixture), so every up adopts it. The program sets `clearOnDestroy: true`, so destroy puts the
// empty document back: the API is left exactly as it was before the first up. The scenario's `list`
// is the organization's id while its document holds anything, and nothing while it is empty.
// (Destroy without `clearOnDestroy`, which leaves the document, is covered by
// test/provider/agent-instructions.test.ts; two AgentInstructions for one organization by
// test/e2e/agent-instructions-e2e.test.ts.)
import { expect } from "vitest";
import { type ResourceScenario, type ScenarioContext } from "../support/resource-scenario.ts";

const instructionsPath = (ctx: ScenarioContext) => `/orgs/${ctx.organizationId}/agent-instructions`;
const documentOf = (...paragraphs: string[]) => ({
  object: "document",
  data: { schemaVersion: 1 },
  nodes: paragraphs.map((words) => ({ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: words, marks: [] }] }] })),
});
const first = documentOf("Answer in English.");
const second = documentOf("Answer in English.", "Link to the API reference when you can.");
const serverDocument = async (ctx: ScenarioContext) => (await ctx.api.get(instructionsPath(ctx))).instructions;

export const scenario: ResourceScenario = {
  resource: "AgentInstructions",
  name: "agent",
  program: `
const subject = new docs.AgentInstructions("agent", {
  organizationId: config.require("organizationId"),
  instructions: config.requireObject("instructions"),
  clearOnDestroy: true,
});`,
  config: (ctx) => ({ organizationId: ctx.organizationId, instructions: JSON.stringify(first) }),
  async created(ctx, id) {
    expect(id).toBe(ctx.organizationId);
    expect(await serverDocument(ctx)).toEqual(first);
  },
  change: {
    config: { instructions: JSON.stringify(second) },
    property: "instructions",
    op: "update",
    async applied(ctx, id, previousId) {
      expect(id).toBe(previousId);
      expect(await serverDocument(ctx)).toEqual(second);
    },
  },
  drift: {
    property: "instructions",
    outputsAlsoChanged: ["updatedAt"],
    async make(ctx) {
      await ctx.api.put(instructionsPath(ctx), { instructions: documentOf("Answer in French.") });
    },
    async repaired(ctx) {
      expect(await serverDocument(ctx)).toEqual(second);
    },
  },
  adopt: {
    async prepare(ctx) {
      // Written in the app while nothing managed it; the next up adopts the document again.
      await ctx.api.put(instructionsPath(ctx), { instructions: documentOf("Written in the app.") });
      return { id: ctx.organizationId, config: {} };
    },
    async adopted(ctx) {
      expect(await serverDocument(ctx)).toEqual(second);
    },
  },
  list: async (ctx) => ((await serverDocument(ctx)).nodes.length > 0 ? [ctx.organizationId] : []),
};
