/**
 * What differs between two organizations' exported objects: each object of one matched with the
 * object of the other that has its natural key (export/natural-key.ts), and their inputs compared
 * as a program declares them, references by the natural key of what they name, people by email.
 * Ids, the organization's own identity (title, email domains, hostname) and which user id each
 * email has are the stack config of each environment, never a difference.
 *
 * Objects are matched container first (a site, then its sections), so an object is matched within
 * its matched container. A container whose natural key changed (a site's title) is still one
 * object when it is the only one of its kind left unmatched on each side of the same container and
 * the two show it: an object under it matches, or every other input is equal. Then it differs by
 * its title, and what it contains is compared as usual, not listed twice as gone and new.
 */
import type { ExportedObject } from "../../walker/kinds";
import { compare } from "../../walker/naming";
import { type NaturalKey, comparableInputs, keyText, naturalKeys } from "../../walker/natural-key";
import { type Json, type ObjectKey, keyOf } from "../../walker/values";
import { kindFacts } from "../pr-summary/kinds";
import { type PropertyChange, propertyChanges } from "../pr-summary/property-changes";
import { KINDS } from "../../resources/kinds";

export type DifferenceType = "only-left" | "only-right" | "changed";

export interface Difference {
  type: DifferenceType;
  kind: string;
  /** The natural key, as text (`Docs › Guides`): the left object's where there is one. */
  key: string;
  /** The right object's natural key when it differs from the left's (a renamed container). */
  rightKey?: string;
  /** For `changed`, the inputs that differ, left to right; otherwise the one side's inputs, as set. */
  changes: PropertyChange[];
  /** The inputs compared, each side's (references by natural key). */
  left?: Record<string, Json>;
  right?: Record<string, Json>;
}

export interface Comparison {
  differences: Difference[];
  /** Objects found on both sides with the same inputs. */
  same: number;
}

interface Side {
  objects: readonly ExportedObject[];
  keys: Map<string, NaturalKey>;
  /** keyOf(object) -> match number. */
  matched: Map<string, number>;
  /** keyOf(container) -> the `kind\0text` of the objects it contains. */
  contents: Map<string, Set<string>>;
}

function side(objects: readonly ExportedObject[]): Side {
  const keys = naturalKeys(objects);
  const contents = new Map<string, Set<string>>();
  for (const object of objects) {
    const key = keys.get(keyOf(object))!;
    if (!key.scope) continue;
    const set = contents.get(keyOf(key.scope)) ?? new Set<string>();
    set.add(`${object.kind}\u0000${key.text}`);
    contents.set(keyOf(key.scope), set);
  }
  return { objects, keys, matched: new Map(), contents };
}

const kindRank = (kind: string) => {
  const index = KINDS.findIndex((definition) => definition.kind === kind);
  return index === -1 ? KINDS.length : index;
};

export function compareOrganizations(leftObjects: readonly ExportedObject[], rightObjects: readonly ExportedObject[]): Comparison {
  const left = side(leftObjects);
  const right = side(rightObjects);
  const pairs: { left?: ExportedObject; right?: ExportedObject }[] = [];
  const match = (l: ExportedObject | undefined, r: ExportedObject | undefined) => {
    const number = pairs.length;
    pairs.push({ left: l, right: r });
    if (l) left.matched.set(keyOf(l), number);
    if (r) right.matched.set(keyOf(r), number);
  };
  // How a reference reads: the match of what it names (so a renamed container is one thing on both sides).
  const label = (number: number): string => {
    const pair = pairs[number];
    const object = (pair.left ?? pair.right)!;
    const keys = pair.left ? left.keys : right.keys;
    return `${object.kind} ${keyText(keys.get(keyOf(object))!)}`;
  };
  const refText = (s: Side) => (target: ObjectKey) => {
    const number = s.matched.get(keyOf(target));
    return number === undefined ? undefined : label(number);
  };
  const inputsOf = (s: Side, object: ExportedObject) => comparableInputs(object, s.keys, refText(s));
  const depth = (s: Side, object: ExportedObject) => s.keys.get(keyOf(object))!.path.length;
  const scopeGroup = (s: Side, object: ExportedObject) => {
    const scope = s.keys.get(keyOf(object))!.scope;
    if (!scope) return `${object.kind}\u0000`;
    const number = s.matched.get(keyOf(scope));
    return `${object.kind}\u0000${number === undefined ? `unmatched ${scope.kind} ${keyText(s.keys.get(keyOf(scope)) ?? { scope: undefined, text: scope.id, path: [scope.id] })}` : `#${number}`}`;
  };

  const maxDepth = Math.max(0, ...[left, right].flatMap((s) => s.objects.map((object) => depth(s, object))));
  for (let level = 1; level <= maxDepth; level++) {
    const grouped = (s: Side) => {
      const groups = new Map<string, ExportedObject[]>();
      for (const object of s.objects) {
        if (depth(s, object) !== level) continue;
        const key = `${scopeGroup(s, object)}\u0001${s.keys.get(keyOf(object))!.text}`;
        groups.set(key, [...(groups.get(key) ?? []), object]);
      }
      // Duplicates of one key are paired in the order of their inputs, then ids.
      for (const list of groups.values()) list.sort((a, b) => compare(JSON.stringify(inputsOf(s, a)), JSON.stringify(inputsOf(s, b))) || compare(a.id, b.id));
      return groups;
    };
    const leftGroups = grouped(left);
    const rightGroups = grouped(right);
    const unmatched = { left: new Map<string, ExportedObject[]>(), right: new Map<string, ExportedObject[]>() };
    for (const key of new Set([...leftGroups.keys(), ...rightGroups.keys()])) {
      const l = leftGroups.get(key) ?? [];
      const r = rightGroups.get(key) ?? [];
      for (let index = 0; index < Math.min(l.length, r.length); index++) match(l[index], r[index]);
      const group = key.slice(0, key.indexOf("\u0001"));
      for (const object of l.slice(r.length)) unmatched.left.set(group, [...(unmatched.left.get(group) ?? []), object]);
      for (const object of r.slice(l.length)) unmatched.right.set(group, [...(unmatched.right.get(group) ?? []), object]);
    }
    for (const group of new Set([...unmatched.left.keys(), ...unmatched.right.keys()])) {
      const lefts = unmatched.left.get(group) ?? [];
      const rights = unmatched.right.get(group) ?? [];
      if (lefts.length === 1 && rights.length === 1 && sameObject(lefts[0], rights[0])) {
        match(lefts[0], rights[0]);
        continue;
      }
      for (const object of lefts) match(object, undefined);
      for (const object of rights) match(undefined, object);
    }
  }

  /** The one object of its kind left on each side of one container: the same one when the two show it. */
  function sameObject(l: ExportedObject, r: ExportedObject): boolean {
    const inside = left.contents.get(keyOf(l)) ?? new Set<string>();
    for (const item of right.contents.get(keyOf(r)) ?? []) if (inside.has(item)) return true;
    const lText = left.keys.get(keyOf(l))!.text;
    const rText = right.keys.get(keyOf(r))!.text;
    const rest = (inputs: Record<string, Json>, text: string) => JSON.stringify(Object.entries(inputs).filter(([, value]) => value !== text));
    return rest(inputsOf(left, l), lText) === rest(inputsOf(right, r), rText) && Object.keys(inputsOf(left, l)).length > 1;
  }

  const differences: Difference[] = [];
  let same = 0;
  for (const pair of pairs) {
    const object = (pair.left ?? pair.right)!;
    const facts = kindFacts(object.kind);
    const setValued = facts?.setValuedKeys;
    const secrets = facts?.secretKeys;
    const leftKey = pair.left && keyText(left.keys.get(keyOf(pair.left))!);
    const rightKey = pair.right && keyText(right.keys.get(keyOf(pair.right))!);
    if (pair.left && pair.right) {
      const [l, r] = [inputsOf(left, pair.left), inputsOf(right, pair.right)];
      const changes = propertyChanges(l, r, setValued, [], secrets);
      if (changes.length === 0) same += 1;
      else differences.push({ type: "changed", kind: object.kind, key: leftKey!, ...(rightKey !== leftKey ? { rightKey } : {}), changes, left: l, right: r });
    } else if (pair.left) {
      differences.push({ type: "only-left", kind: object.kind, key: leftKey!, changes: propertyChanges({}, inputsOf(left, pair.left), setValued, [], secrets) });
    } else {
      differences.push({ type: "only-right", kind: object.kind, key: rightKey!, changes: propertyChanges({}, inputsOf(right, pair.right!), setValued, [], secrets) });
    }
  }
  differences.sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || compare(a.kind, b.kind) || compare(a.key, b.key) || compare(a.type, b.type));
  return { differences, same };
}
