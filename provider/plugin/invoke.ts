/**
 * The lookups as provider functions (`docs-platform:index:get<Thing>`), so every language can call
 * them: the same lookup definitions the TypeScript functions run (lookups/), given the plugin's
 * client and its provider's organization. A lookup that returns a list answers an object holding
 * it (`{ spaces: [...] }`), as an invoke must.
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

export async function invoke(token: string, args: Bag, api: ApiRequester, organizationId: string | undefined): Promise<Bag> {
  const name = token.replace(/^docs-platform:index:/, "");
  const lookup = LOOKUPS_BY_NAME.get(name);
  if (!lookup || token === name) throw new Error(`docs-platform: unknown function ${JSON.stringify(token)}; the functions are ${[...LOOKUPS_BY_NAME.keys()].map((key) => `docs-platform:index:${key}`).join(", ")}`);
  const shape = (lookup.schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const scoped = args.organizationId === undefined && organizationId !== undefined && "organizationId" in shape ? { ...args, organizationId } : args;
  const result = await runLookup(lookup, scoped, api);
  return Array.isArray(result) ? { [listResultKey(name)]: result } : (result as Bag);
}
