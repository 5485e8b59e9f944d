import { z } from "zod";
import { listOrganizations } from "../api/organizations";
import type { ResourceContext } from "../recovery/context";
import { resourceId } from "./check";

/**
 * The `adopt` input: take over an object that already exists instead of creating a duplicate.
 * - `{ id: "..." }`: adopt that object; it must exist.
 * - `true`: adopt the one object with the resource's natural key (a team's title, a SAML
 *   provider's label, ...) if there is one, create it if there is none, and fail if several match.
 * Either way the object is then reconciled to the declared inputs. `adopt` matters only at
 * creation: changing or removing it later changes nothing.
 */
export const adoptInput = z.union([z.boolean(), z.strictObject({ id: resourceId() })]);

export type Adopt = z.infer<typeof adoptInput>;

/** What an adoption by id reads: a kind's name and its `read` (adapter/resource.ts's ResourceDefinition). */
interface Readable {
  readonly kind: string;
  read(ctx: ResourceContext, id: string, previous: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
}

/** Where an adopted object was found: its state when it is the resource's organization's; the organization holding it when it is another's; neither when none has it. */
export interface Adoptable {
  state?: Record<string, unknown>;
  elsewhere?: string;
}

/**
 * Reads the object `adopt: { id }` names, for the resource whose inputs are `inputs`, and says
 * whether it belongs to another organization than the resource's. An adoption never crosses
 * organizations: a staging stack holding prod's ids (copied config, a promotion walked by hand),
 * run with a token of both, would otherwise take prod's object over and move it (a space's or a
 * collection's organization changed is a transfer).
 *
 * - A kind whose object the API serves by its id alone (a space, a collection) reads as being in
 *   its own organization: compared with the resource's.
 * - A kind served under its organization's path (`/orgs/{org}/teams/{id}`) reads as absent from
 *   the resource's organization; only then are the token's other organizations asked (one list,
 *   one read each), so the refusal can name where the object is.
 */
export async function readAdoptable(definition: Readable, ctx: ResourceContext, id: string, inputs: Record<string, unknown>): Promise<Adoptable> {
  const organizationId = inputs.organizationId;
  const state = await definition.read(ctx, id, inputs);
  if (typeof organizationId !== "string") return state ? { state } : {};
  if (state) {
    const actual = state.organizationId;
    return typeof actual === "string" && actual !== organizationId ? { elsewhere: actual } : { state };
  }
  // Where it is only words a refusal says: a list the API does not answer leaves it "does not exist".
  const organizations = await listOrganizations(ctx.api).catch(() => []);
  for (const organization of organizations) {
    if (organization.id === organizationId) continue;
    const there = await definition.read(ctx, id, { ...inputs, organizationId: organization.id }).catch(() => undefined);
    if (there) return { elsewhere: organization.id };
  }
  return {};
}

/**
 * The refusal of an adoption across organizations: the resource's kind, the object, both
 * organizations and the way out.
 */
export function crossOrganizationAdoption(kind: string, id: string, organizationId: string, elsewhere: string): string {
  return (
    `adopt: ${kind} ${id} belongs to organization ${elsewhere}, not to ${organizationId}, the organization of this resource: ` +
    `an adoption never crosses organizations (taking it over would move ${elsewhere}'s object into ${organizationId}). Nothing was changed. ` +
    `Give the id of ${organizationId}'s own object (a stack's \`adopt\` ids are those its own organization's export wrote), or leave adopt out to create one in ${organizationId}.`
  );
}
