/**
 * A side's stack config that adopts the other side's objects: `adopt` ids (export's stack config)
 * naming objects of the organization compare read for the other side. That stack's `pulumi up`
 * is refused at its preview (an adoption never crosses organizations, adapter/adopt.ts); compare
 * says so before anyone runs it, where a config copied from one environment to another shows first.
 */
import type { AdoptIds } from "../export/credentials";
import type { ExportedObject } from "../../walker/kinds";

export interface AdoptedElsewhere {
  kind: string;
  /** The resource's name in the program (the key under its kind in `adopt`). */
  name: string;
  id: string;
}

/** The ids of `adopt` that are objects of `other` (by kind and id), in the config's order. */
export function adoptedElsewhere(adopt: AdoptIds | undefined, other: readonly ExportedObject[]): AdoptedElsewhere[] {
  if (!adopt) return [];
  const theirs = new Set(other.map((object) => `${object.kind}\u0000${object.id}`));
  return Object.entries(adopt).flatMap(([kind, names]) =>
    Object.entries(names)
      .filter(([, id]) => theirs.has(`${kind}\u0000${id}`))
      .map(([name, id]) => ({ kind, name, id })),
  );
}
