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

/**
 * One lookup as the plugin calls it: the argument names its schema declares and a run that keeps
 * the lookup's own argument and result types (each closure is made where they are known, so no
 * definition is widened to a common type its functions would not accept).
 */
interface PluginLookup {
  readonly argumentNames: ReadonlySet<string>;
  run(args: Bag, api: ApiRequester): Promise<unknown>;
}

function pluginLookup<A extends { organizationId?: string }, R>(lookup: LookupDefinition<A, R>): [string, PluginLookup] {
  const shape = lookup.schema instanceof z.ZodObject ? lookup.schema.shape : {};
  return [lookup.name, { argumentNames: new Set(Object.keys(shape)), run: (args, api) => runLookup(lookup, args, api) }];
}

const LOOKUPS = new Map<string, PluginLookup>([
  pluginLookup(getCollectionLookup),
  pluginLookup(getMemberLookup),
  pluginLookup(getMembersLookup),
  pluginLookup(getOrganizationLookup),
  pluginLookup(getSiteLookup),
  pluginLookup(getSpaceLookup),
  pluginLookup(getSpacesLookup),
  pluginLookup(getTeamLookup),
]);

/** The key of a list result: `getSpaces` -> `spaces` (the schema generator uses the same rule). */
export function listResultKey(name: string): string {
  return name.slice(3, 4).toLowerCase() + name.slice(4);
}

export async function invoke(token: string, args: Bag, api: ApiRequester, organizationId: string | undefined): Promise<Bag> {
  const name = token.replace(/^docs-platform:index:/, "");
  const lookup = LOOKUPS.get(name);
  if (!lookup || token === name) throw new Error(`docs-platform: unknown function ${JSON.stringify(token)}; the functions are ${[...LOOKUPS.keys()].map((key) => `docs-platform:index:${key}`).join(", ")}`);
  const scoped = args.organizationId === undefined && organizationId !== undefined && lookup.argumentNames.has("organizationId") ? { ...args, organizationId } : args;
  const result = await lookup.run(scoped, api);
  return Array.isArray(result) ? { [listResultKey(name)]: result } : (result as Bag);
}
