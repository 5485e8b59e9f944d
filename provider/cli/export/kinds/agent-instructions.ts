/**
 * AgentInstructions: the organization's one document of instructions for its AI agents, when it
 * holds anything. Every organization has the document (empty until written), so an empty one is
 * what a new organization has already and is not declared.
 *
 * `clearOnDestroy` is never written: destroying the exported program leaves the instructions as
 * they are. There is no `adopt` to write: the resource always takes the organization's document over.
 */
import { definition } from "../../../resources/agent-instructions";
import type { Adopt } from "../../../adapter/adopt";
import type { ResourceDefinition } from "../../../adapter/resource";
import { documentLiteral } from "../values";
import type { KindExporter } from "./kind";

export const agentInstructions: KindExporter = {
  kind: "AgentInstructions",
  definition: definition as unknown as ResourceDefinition<{ adopt?: Adopt }>,
  async read(org) {
    const { instructions } = await org.agentInstructions();
    if (!Array.isArray(instructions.nodes) || instructions.nodes.length === 0) return [];
    return [
      {
        kind: "AgentInstructions",
        // The resource's id is the organization's.
        id: org.organizationId,
        name: { title: "agent-instructions", fallback: "agent-instructions" },
        inputs: [["instructions", documentLiteral(instructions)]],
      },
    ];
  },
};
