/**
 * Property bags as every door hands them to the core: plain JSON objects. The dynamic door keeps
 * two keys of its own in a state (the serialized provider, the create journal's identity); the
 * other doors never carry them, in or out.
 */
export type Bag = Record<string, unknown>;

/** Keys the dynamic door keeps in a state (the serialized provider, the create journal's identity): never in another door's. */
export const DYNAMIC_ONLY_KEYS = ["__provider", "__identity"] as const;

export function withoutDynamicKeys(bag: Bag): Bag {
  const rest: Bag = { ...bag };
  for (const key of DYNAMIC_ONLY_KEYS) delete rest[key];
  return rest;
}
