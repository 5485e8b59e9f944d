/**
 * A change of order said as moves by name: "API reference moved before Guides", not two lists of
 * ids. Used for `SiteStructure` (its `root`, each group's `items`, each section's `siteSpaces`).
 */

/** One move, addition or removal in a list, by id. */
export type ListMove = { id: string; move: "moved"; before?: string } | { id: string; move: "added"; before?: string } | { id: string; move: "removed" };

/** The longest common subsequence of two lists of distinct ids: what kept its relative order. */
function stayed(old: readonly string[], now: readonly string[]): Set<string> {
  const lengths = Array.from({ length: old.length + 1 }, () => new Array<number>(now.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i--) {
    for (let j = now.length - 1; j >= 0; j--) {
      lengths[i][j] = old[i] === now[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < old.length && j < now.length;) {
    if (old[i] === now[j]) {
      kept.add(old[i]);
      i++;
      j++;
    } else if (lengths[i + 1][j] > lengths[i][j + 1]) i++;
    // On a tie the item that now comes first is the one said to move: "X moved before Y".
    else j++;
  }
  return kept;
}

/**
 * The fewest moves that turn `old` into `now`: every item outside their longest common
 * subsequence moved (or was added) before the item that follows it now, or to the end.
 */
export function listMoves(old: readonly string[], now: readonly string[]): ListMove[] {
  const kept = stayed(old, now);
  const before = new Set(old);
  const after = new Set(now);
  const moves: ListMove[] = [];
  now.forEach((id, index) => {
    if (kept.has(id)) return;
    const next = now[index + 1];
    const move = before.has(id) ? "moved" : "added";
    moves.push(next === undefined ? { id, move } : { id, move, before: next });
  });
  for (const id of old) if (!after.has(id)) moves.push({ id, move: "removed" });
  return moves;
}

/** The ordered lists of a `SiteStructure`'s inputs, by container: `root`, `group <id>`, `section <id>`. */
export function structureLists(inputs: Record<string, unknown>): Map<string, { container: string; id?: string; ids: string[] }> {
  const lists = new Map<string, { container: string; id?: string; ids: string[] }>();
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  if (Array.isArray(inputs.root)) lists.set("root", { container: "root", ids: strings(inputs.root) });
  for (const entry of Array.isArray(inputs.groups) ? inputs.groups : []) {
    const { groupId, items } = (entry ?? {}) as { groupId?: unknown; items?: unknown };
    if (typeof groupId === "string") lists.set(`group:${groupId}`, { container: "group", id: groupId, ids: strings(items) });
  }
  for (const entry of Array.isArray(inputs.sections) ? inputs.sections : []) {
    const { sectionId, siteSpaces } = (entry ?? {}) as { sectionId?: unknown; siteSpaces?: unknown };
    if (typeof sectionId === "string") lists.set(`section:${sectionId}`, { container: "section", id: sectionId, ids: strings(siteSpaces) });
  }
  return lists;
}
