/**
 * The one list of lookups, for the doors that serve them all by name: the plugin's provider
 * functions (door-layer/invoke.ts) and the Terraform door's data sources (terraform/schema.ts).
 */
import type { AnyLookup } from "./lookup";
import { getCollectionLookup } from "./collections";
import { getMemberLookup, getMembersLookup } from "./members";
import { getOrganizationLookup } from "./organizations";
import { getSiteLookup } from "./sites";
import { getSpaceLookup, getSpacesLookup } from "./spaces";
import { getTeamLookup } from "./teams";

export type { AnyLookup };

/** Every lookup, sorted by name (`getCollection`, `getMember`, ...). */
export const LOOKUPS: readonly AnyLookup[] = [
  getCollectionLookup,
  getMemberLookup,
  getMembersLookup,
  getOrganizationLookup,
  getSiteLookup,
  getSpaceLookup,
  getSpacesLookup,
  getTeamLookup,
];
