/**
 * AgentInstructions: the organization's one document of instructions for its AI agents, when it
 * holds anything. Every organization has the document (empty until written), so an empty one is
 * what a new organization has already and is not declared: that is this kind's own decision.
 *
 * `clearOnDestroy` is never written: destroying the exported program leaves the instructions as
 * they are. There is no `adopt` to write: the resource always takes the organization's document over.
 */
import { definition } from "../../resources/agent-instructions";
import type { Adopt } from "../../adapter/adopt";
import type { ResourceDefinition } from "../../adapter/resource";
import { documentLiteral } from "../values";
import { importedInputs } from "./imported";
import type { KindExporter } from "./kind";

const instructionsDefinition: ResourceDefinition<{ adopt?: Adopt }> = definition;

export const agentInstructions: KindExporter = {
  kind: "AgentInstructions",
  definition: instructionsDefinition,
  async read(org, notes) {
    // The resource's id and import id are the organization's.
    const imported = await notes.imported(instructionsDefinition, org.organizationId);
    const nodes = (imported.inputs.instructions as { nodes?: unknown } | undefined)?.nodes;
    if (!Array.isArray(nodes) || nodes.length === 0) return [];
    return [
      {
        kind: "AgentInstructions",
        id: org.organizationId,
        name: { title: "agent-instructions", fallback: "agent-instructions" },
        inputs: importedInputs({ kind: "AgentInstructions", id: org.organizationId }, imported, {
          instructions: { as: documentLiteral },
          clearOnDestroy: { never: "destroying the exported program leaves the instructions as they are" },
        }),
      },
    ];
  },
};
