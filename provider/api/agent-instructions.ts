/** An organization's agent instructions (API.md 2.20, 4.7). */
import type { Document } from "./document";
import { apiPath } from "./paths";

export interface ApiAgentInstructions {
  instructions: Document;
  updatedAt?: string;
  /** The User who wrote them last; null before anyone has. Older answers gave the id alone. */
  updatedBy?: { id?: string } | string | null;
  urls?: { location?: string };
}

/** Always there: an organization that never wrote any reads as the empty document. A PUT replaces them. */
export const agentInstructionsPath = apiPath(["GET", "PUT"], (organizationId: string) => ["orgs", organizationId, "agent-instructions"]);
