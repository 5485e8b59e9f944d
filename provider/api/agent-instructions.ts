/** An organization's agent instructions (API.md 2.20, 4.7). */
import type { Document } from "./document";
import { apiPath } from "./paths";
import type { ApiRequester } from "./requester";
import { getOrUndefined } from "./requests";

export interface ApiAgentInstructions {
  instructions: Document;
  updatedAt?: string;
  /**
   * The id of the member who wrote them last (API.md 2.20, DESIGN.md 8); null before anyone has.
   * An emulator of an earlier version answered the User object: read as its id.
   */
  updatedBy?: string | { id?: string } | null;
  urls?: { location?: string };
}

/** Always there: an organization that never wrote any reads as the empty document. A PUT replaces them. */
export const agentInstructionsPath = apiPath(["GET", "PUT"], (organizationId: string) => ["orgs", organizationId, "agent-instructions"]);

/** The organization's agent instructions; undefined when the organization is gone (or not visible). */
export function getAgentInstructions(api: ApiRequester, organizationId: string): Promise<ApiAgentInstructions | undefined> {
  return getOrUndefined<ApiAgentInstructions>(api, agentInstructionsPath(organizationId));
}

/** Replaces the organization's agent instructions with the body's: the whole document, so sending it twice leaves the same instructions. */
export function replaceAgentInstructions(api: ApiRequester, organizationId: string, body: Record<string, unknown>): Promise<ApiAgentInstructions> {
  return api.request<ApiAgentInstructions>("PUT", agentInstructionsPath(organizationId), { body, idempotent: true });
}

/** The organization's agent instructions; a 404 is thrown like any other error. */
export function getAgentInstructionsOrThrow(api: ApiRequester, organizationId: string): Promise<ApiAgentInstructions> {
  return api.request<ApiAgentInstructions>("GET", agentInstructionsPath(organizationId));
}
