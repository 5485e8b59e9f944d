/**
 * The natural key of an exported object: what identifies it to a person, whatever its id. The
 * kinds' own natural keys (a team's title, a SAML provider's label, a site space's path, a spec's
 * slug, a member's email) within what contains it (a section within its site, a team member within
 * its team, a space within its collection), and for an object named after another one (a site's
 * customization, its structure) that object's key and the suffix.
 *
 * Export orders each kind's objects by it, so two equal organizations give the same program
 * whatever order their objects were made in; `compare` matches two organizations' objects by it.
 */
import type { ExportedObject } from "./kinds";
import { compare, slugify, uniqueNames } from "./naming";
import { type Json, type ObjectKey, type Value, keyOf } from "./values";

/** Inputs that name what contains an object, first found first: its key is unique only within it. */
const SCOPE_INPUTS = ["siteId", "teamId", "parent"];

/** Inputs that name a person: the member's email is the key of an OrganizationMember or a TeamMember. */
const PERSON_INPUTS = ["email", "userId"];

export interface NaturalKey {
  /** The object containing this one (a section's site), when the key is unique only within it. */
  scope: ObjectKey | undefined;
  /** The object's own part of the key: a title, a label, a path, an email, or a suffix. */
  text: string;
  /** The whole key, the containers' texts first: `["Docs", "Guides"]`. */
  path: string[];
}

/** The object containing `object`, by its name (`<site>-customization`) or its scope input. */
function scopeOf(object: ExportedObject): ObjectKey | undefined {
  if ("object" in object.name) return object.name.object;
  for (const key of SCOPE_INPUTS) {
    const value = object.inputs.find(([name]) => name === key)?.[1];
    if (value?.type === "ref") return value.target;
  }
  return undefined;
}

function textOf(object: ExportedObject): string {
  for (const key of PERSON_INPUTS) {
    const value = object.inputs.find(([name]) => name === key)?.[1];
    if (value?.type === "member") return value.email ?? ("title" in object.name && object.name.title ? object.name.title : `user ${value.userId}`);
  }
  return "title" in object.name ? object.name.title : object.name.suffix;
}

/** Every object's natural key, by `keyOf(object)`. An object whose container is not among `objects` is keyed by that container's kind and id. */
export function naturalKeys(objects: readonly ExportedObject[]): Map<string, NaturalKey> {
  const byKey = new Map(objects.map((object) => [keyOf(object), object]));
  const keys = new Map<string, NaturalKey>();
  const visiting = new Set<string>();
  const keyOfObject = (object: ExportedObject): NaturalKey => {
    const own = keyOf(object);
    const known = keys.get(own);
    if (known) return known;
    const scope = scopeOf(object);
    const text = textOf(object);
    let prefix: string[] = [];
    if (scope) {
      const container = byKey.get(keyOf(scope));
      // A cycle cannot be written by the exporter (declarationOrder refuses it); cut it rather than loop.
      if (container && !visiting.has(keyOf(container))) {
        visiting.add(own);
        prefix = keyOfObject(container).path;
        visiting.delete(own);
      } else if (!container) prefix = [`${scope.kind} ${scope.id}`];
    }
    const key = { scope, text, path: [...prefix, text] };
    keys.set(own, key);
    return key;
  };
  for (const object of objects) keyOfObject(object);
  return keys;
}

/** A natural key as one line: `Docs › Guides`. */
export function keyText(key: NaturalKey): string {
  return key.path.join(" › ");
}

/**
 * An object's inputs as plain JSON without anything that names one organization: a reference is
 * the referenced object's kind and natural key, a person their email, a secret its value (to
 * compare, never to show), an id the stack config holds is left as the words `stack config`, and
 * what identifies the organization itself is left out.
 */
export function comparableInputs(object: ExportedObject, keys: ReadonlyMap<string, NaturalKey>, refText?: (target: ObjectKey) => string | undefined): Record<string, Json> {
  const convert = (value: Value): Json | undefined => {
    switch (value.type) {
      case "literal":
        return value.value;
      case "array":
        return value.items.map((item) => convert(item) ?? null);
      case "object": {
        const entries = value.entries.flatMap(([key, member]) => {
          const converted = convert(member);
          return converted === undefined ? [] : [[key, converted] as const];
        });
        return Object.fromEntries(entries);
      }
      case "ref": {
        const given = refText?.(value.target);
        if (given !== undefined) return value.property === "id" ? given : `${given}.${value.property}`;
        const key = keys.get(keyOf(value.target));
        if (!key) return `${value.target.kind} (stack config)`;
        return `${value.target.kind} ${keyText(key)}${value.property === "id" ? "" : `.${value.property}`}`;
      }
      case "member":
        return value.email ?? `user ${value.userId}`;
      case "organization":
        return undefined;
      case "secret":
        return value.value;
      case "external":
        return `${value.what} (stack config)`;
    }
  };
  const inputs: Record<string, Json> = {};
  for (const [key, value] of object.inputs) {
    if (value === undefined) continue;
    const converted = convert(value);
    if (converted !== undefined) inputs[key] = converted;
  }
  return inputs;
}

/**
 * The objects grouped by kind (in the order each kind first appears) and, within a kind, by
 * natural key, then by their inputs (refs by natural key), then by id: the order two equal
 * organizations give alike, whatever order the API lists them in.
 */
export function naturalOrder(objects: readonly ExportedObject[]): ExportedObject[] {
  const keys = naturalKeys(objects);
  const kindRank = new Map<string, number>();
  for (const object of objects) if (!kindRank.has(object.kind)) kindRank.set(object.kind, kindRank.size);
  const sortKey = new Map(
    objects.map((object) => [object, { path: keys.get(keyOf(object))!.path.join("\u0000"), inputs: JSON.stringify(comparableInputs(object, keys)) }] as const),
  );
  return [...objects].sort((a, b) => {
    const [x, y] = [sortKey.get(a)!, sortKey.get(b)!];
    return kindRank.get(a.kind)! - kindRank.get(b.kind)! || compare(x.path, y.path) || compare(x.inputs, y.inputs) || compare(a.id, b.id);
  });
}

/**
 * Resource names: each kind's objects named from their titles (slugified, deduplicated in natural-key order, then by id), then
 * the objects named after another one (`<site>-customization`).
 */
export function resourceNames(objects: readonly ExportedObject[]): Map<string, string> {
  const names = new Map<string, string>();
  // Equal names are numbered in natural-key order (then by id): `guides` of site "Api" before
  // `guides-2` of site "Docs" in every organization, whatever their ids.
  const keys = naturalKeys(objects);
  const tieBreak = new Map(
    objects.map((object) => [object, `${keys.get(keyOf(object))!.path.join("\u0000")}\u0001${JSON.stringify(comparableInputs(object, keys))}\u0001${object.id}`]),
  );
  const assign = (group: ExportedObject[], wanted: (object: ExportedObject) => string) => {
    for (const [object, name] of uniqueNames(group, wanted, (object) => tieBreak.get(object)!)) names.set(keyOf(object), name);
  };
  const kinds = [...new Set(objects.map((object) => object.kind))];
  for (const kind of kinds) {
    const titled = objects.filter((object) => object.kind === kind && "title" in object.name);
    assign(titled, (object) => ("title" in object.name ? slugify(object.name.title) || object.name.fallback : ""));
  }
  for (const kind of kinds) {
    const derived = objects.filter((object) => object.kind === kind && "object" in object.name);
    assign(derived, (object) => {
      const spec = object.name as { object: ObjectKey; suffix: string };
      const base = names.get(keyOf(spec.object));
      return base ? `${base}-${spec.suffix}` : spec.suffix;
    });
  }
  return names;
}
