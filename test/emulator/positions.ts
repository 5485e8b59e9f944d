import { badRequest } from "./errors.ts";

interface Positioned {
  id: string;
  pos: number;
  seq: number;
}

/**
 * Computes the new `pos` of an item moved among `siblings` (the other items of the same
 * container). `before: X` puts the item right before X, `after: Y` right after Y; both together
 * must name neighbours (Y directly followed by X). Neither puts it last. A reference that is not a
 * sibling, or the item itself, is the invalid-position outcome (400).
 */
export function resolvePosition(movedId: string, siblings: Positioned[], before?: string, after?: string): number {
  const list = siblings.filter((item) => item.id !== movedId).sort((a, b) => a.pos - b.pos || a.seq - b.seq);
  if (before === movedId || after === movedId) throw badRequest("position: an item cannot be positioned relative to itself");
  const indexOf = (id: string, field: string) => {
    const index = list.findIndex((item) => item.id === id);
    if (index === -1) throw badRequest(`position.${field}: ${id} is not an item of the same container (invalid position)`);
    return index;
  };
  const at = (index: number) => list[index]?.pos;
  if (before !== undefined && after !== undefined) {
    const b = indexOf(before, "before");
    const a = indexOf(after, "after");
    if (a + 1 !== b) throw badRequest("position: `after` and `before` are not neighbours (invalid position)");
    return (at(a) + at(b)) / 2;
  }
  if (before !== undefined) {
    const b = indexOf(before, "before");
    const previous = at(b - 1);
    return previous === undefined ? at(b) - 1 : (previous + at(b)) / 2;
  }
  if (after !== undefined) {
    const a = indexOf(after, "after");
    const next = at(a + 1);
    return next === undefined ? at(a) + 1 : (at(a) + next) / 2;
  }
  return list.length === 0 ? 1 : list[list.length - 1].pos + 1;
}
