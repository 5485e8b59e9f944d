/**
 * Picking the one object a lookup asked for out of everything it listed, with errors that say
 * what was searched, what was close, and how to tell several matches apart.
 */
import { LookupError } from "./lookup-error";

export interface Candidates<T> {
  lookup: string;
  /** What is looked for, singular and plural: `["space", "spaces"]`. */
  noun: readonly [string, string];
  /** The criteria in words: `titled "Guides" in organization org-acme`. */
  criteria: string;
  /** Everything listed (for the count in a not-found message). */
  searched: readonly T[];
  /** Those matching the criteria exactly. */
  matches: readonly T[];
  /** Near misses worth naming when nothing matched (e.g. the same title in another case). */
  near?: readonly T[];
  id: (item: T) => string;
  /** One match in words, to tell several apart: `spc-1 (in collection col-a)`. */
  show: (item: T) => string;
  /** How to narrow a search that found several, e.g. "Give `parent` to search one collection". */
  narrow: string;
}

const MAX_SHOWN = 10;

function listed<T>(items: readonly T[], show: (item: T) => string): string {
  const shown = items.slice(0, MAX_SHOWN).map(show).join(", ");
  return items.length > MAX_SHOWN ? `${shown} and ${items.length - MAX_SHOWN} more` : shown;
}

/** The single match, or a {@link LookupError} (`not_found` or `ambiguous`). */
export function exactlyOne<T>(candidates: Candidates<T>): T {
  const { lookup, noun, criteria, searched, matches, near = [], id, show, narrow } = candidates;
  const [one, many] = noun;
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    const nearText = near.length > 0 ? ` Close: ${listed(near, show)}.` : "";
    throw new LookupError(lookup, "not_found", `${lookup}: no ${one} ${criteria} (searched ${searched.length} ${searched.length === 1 ? one : many}).${nearText}`);
  }
  throw new LookupError(lookup, "ambiguous", `${lookup}: ${matches.length} ${many} ${criteria}: ${listed(matches, show)}. ${narrow}`, {
    matches: matches.map(id),
  });
}

/** Whether two titles differ only in case or surrounding spaces (a near miss, not a match). */
export function nearlyEqual(a: string, b: string): boolean {
  return a !== b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
