/**
 * The lookups as provider functions (`docs-platform:index:get<Thing>`), so every language can call
 * them, and as the OpenTofu door's data sources: the same lookup definitions the TypeScript
 * functions run (lookups/), given the door's client and its provider's organization. A lookup
 * that returns a list answers an object holding it (`{ spaces: [...] }`), as an invoke must.
 */
import type { ApiRequester } from "../api/requester";
import { runLookup } from "../lookups/lookup";
import { type AnyLookup, LOOKUPS } from "../lookups/registry";
import type { Bag } from "./properties";

const LOOKUPS_BY_NAME = new Map<string, AnyLookup>(LOOKUPS.map((lookup) => [lookup.name, lookup]));

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
  const lookup = LOOKUPS_BY_NAME.get(name);
  if (!lookup || token === name)
    throw new Error(
      `docs-platform: unknown function ${JSON.stringify(token)}; the functions are ${[...LOOKUPS_BY_NAME.keys()].map((key) => `docs-platform:index:${key}`).join(", ")}`,
    );
  const result = await runLookup(lookup, args, api, organizationDefault);
  return Array.isArray(result) ? { [listResultKey(name)]: result } : isBag(result) ? result : {};
}

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null;
}
