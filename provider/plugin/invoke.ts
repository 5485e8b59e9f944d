/**
 * The lookups as provider functions (`docs-platform:index:get<Thing>`), so every language can call
 * them: the same lookup definitions the TypeScript functions run (lookups/), given the plugin's
 * client and its provider's organization. A lookup that returns a list answers an object holding
 * it (`{ spaces: [...] }`), as an invoke must.
 */
import type { ApiRequester } from "../api/requester";
import { z } from "zod";
import { type LookupDefinition, runLookup } from "../lookups/lookup";
import { getCollectionLookup } from "../lookups/collections";
import { getMemberLookup, getMembersLookup } from "../lookups/members";
import { getOrganizationLookup } from "../lookups/organizations";
import { getSiteLookup } from "../lookups/sites";
import { getSpaceLookup, getSpacesLookup } from "../lookups/spaces";
import { getTeamLookup } from "../lookups/teams";
import type { Bag } from "./properties";

/** A lookup as an invoke runs it: its arguments as the engine sent them, the core's client and the provider's organization. */
type Invokable = (args: Bag, api: ApiRequester, organizationDefault: string | undefined) => Promise<unknown>;

/** Each lookup bound to its own types once, so the table below holds them side by side without a cast. */
function invokable<A extends { organizationId?: string }, R>(lookup: LookupDefinition<A, R>): [string, Invokable] {
  return [lookup.name, (args, api, organizationDefault) => runLookup(lookup, args, api, organizationDefault)];
}

const LOOKUPS = new Map<string, Invokable>([
  invokable(getCollectionLookup),
  invokable(getMemberLookup),
  invokable(getMembersLookup),
  invokable(getOrganizationLookup),
  invokable(getSiteLookup),
  invokable(getSpaceLookup),
  invokable(getSpacesLookup),
  invokable(getTeamLookup),
]);

/** The key of a list result: `getSpaces` -> `spaces` (the schema generator uses the same rule). */
export function listResultKey(name: string): string {
  return name.slice(3, 4).toLowerCase() + name.slice(4);
}

/**
 * Runs the lookup `token` names. A lookup that names no organization gets `organizationDefault`
 * (the provider's), as each lookup applies it: getOrganization only when it names no title either.
 */
export async function invoke(token: string, args: Bag, api: ApiRequester, organizationDefault: string | undefined): Promise<Bag> {
  const name = token.replace(/^docs-platform:index:/, "");
  const lookup = LOOKUPS.get(name);
  if (!lookup || token === name) throw new Error(`docs-platform: unknown function ${JSON.stringify(token)}; the functions are ${[...LOOKUPS.keys()].map((key) => `docs-platform:index:${key}`).join(", ")}`);
  const result = await lookup(args, api, organizationDefault);
  return Array.isArray(result) ? { [listResultKey(name)]: result } : isBag(result) ? result : {};
}

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null;
}
