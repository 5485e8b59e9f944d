/**
 * The twin's snapshot from the kinds' declarations (provider/cli/export/snapshot/write.ts, issue
 * 49 item 3): every kind has its place in the snapshot, every declared input reaches it through
 * the kind's wire mapping or is named with why, and the golden snapshot (written by
 * export-golden.test.ts, read by the emulator's side in
 * test/emulator/conformance/snapshot-fields.test.ts) holds every field the writer writes, so the
 * twin's reading of each is tested.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { factsOf } from "../../provider/adapter/fields.ts";
import { jsonSchemaOf } from "../../provider/adapter/json-schema.ts";
import {
  declaredFields,
  SNAPSHOT_PLACES,
  type Secrets,
  WRITTEN_WHOLE,
  writtenFields,
} from "../../provider/cli/export/snapshot/write.ts";
import { KINDS } from "../../provider/resources/kinds.ts";

const golden = JSON.parse(readFileSync(new URL("./fixtures/export/snapshot.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;

/** The objects at a place of a snapshot: `sites[].sections` is every site's sections. */
function objectsAt(snapshot: Record<string, unknown>, place: string): Record<string, unknown>[] {
  let objects: unknown[] = [snapshot];
  for (const step of place.split(".")) {
    const key = step.replace(/\[\]$/, "");
    objects = objects.flatMap((object) => {
      const value = (object as Record<string, unknown>)[key];
      return Array.isArray(value) ? value : [value];
    });
  }
  return objects as Record<string, unknown>[];
}

/** A marker naming a field (`«Team.title»`); for an object field, an object whose every property holds it (a kind may keep only some). */
function marker(name: string, field: unknown): unknown {
  const properties = jsonSchemaOf(field).properties as Record<string, unknown> | undefined;
  return properties ? Object.fromEntries(Object.keys(properties).map((key) => [key, `«${name}»`])) : `«${name}»`;
}

/**
 * An API object in which each declared input of `kind`, and each output its place holds, holds a
 * marker naming it, at its `readFrom` path (the inputs last: where an output and an input are
 * read at one path, as a section's `sectionGroup`, the input's marker is the one to find).
 */
function markedObject(kind: string): object {
  const definition = KINDS.find((candidate) => candidate.kind === kind)!;
  const object: Record<string, unknown> = { id: `«${kind}.id»` };
  const outputs = (definition.outputs?.shape ?? {}) as Record<string, unknown>;
  const fields = [
    ...(SNAPSHOT_PLACES[kind].outputs ?? []).map((key) => [key, outputs[key]] as const),
    ...Object.entries(definition.schema.shape as Record<string, unknown>),
  ];
  for (const [key, field] of fields) {
    const steps = (factsOf(field).readFrom ?? key).split(".");
    let at = object;
    for (const step of steps.slice(0, -1))
      at = (typeof at[step] === "object" && at[step] !== null ? at[step] : (at[step] = {})) as Record<string, unknown>;
    at[steps.at(-1)!] = marker(`${kind}.${key}`, field);
  }
  return object;
}

describe("the snapshot's fields come from the declarations", () => {
  it("gives every kind its place", () => {
    expect(Object.keys(SNAPSHOT_PLACES).sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
  });

  it.each(KINDS.map((definition) => [definition.kind, definition] as const))(
    "%s: names only declared fields",
    (kind, definition) => {
      const place = SNAPSHOT_PLACES[kind];
      const inputs = Object.keys(definition.schema.shape);
      expect(Object.keys(place.otherwise ?? {}).filter((key) => !inputs.includes(key))).toEqual([]);
      expect((place.outputs ?? []).filter((key) => !(key in (definition.outputs?.shape ?? {})))).toEqual([]);
      expect(Object.keys(place.renamed ?? {}).filter((key) => !inputs.includes(key))).toEqual([]);
    },
  );

  it.each(
    KINDS.filter((definition) => !WRITTEN_WHOLE.has(definition.kind)).map(
      (definition) => [definition.kind, definition] as const,
    ),
  )(
    "%s: every declared input reaches the snapshot through the wire mapping, or is named with why",
    (kind, definition) => {
      const place = SNAPSHOT_PLACES[kind];
      const secrets: Secrets = [];
      const fields = declaredFields(kind, markedObject(kind), secrets);
      const text = JSON.stringify(fields);
      const secret = new Set(definition.secretInputKeys ?? []);
      const lost = Object.keys(definition.schema.shape)
        .filter((key) => key !== "adopt" && !(key in (place.otherwise ?? {})))
        .filter((key) =>
          secret.has(key)
            ? text.includes(`«${kind}.${key}»`) || secrets.length === 0
            : !text.includes(`«${kind}.${key}»`),
        );
      expect(lost, `declared inputs of ${kind} the snapshot neither holds nor names in SNAPSHOT_PLACES`).toEqual([]);
      // A secret's value is the placeholder, named by where it was: `<place>.<id>.<field>`.
      for (const { path, placeholder } of secrets) {
        expect(text).toContain(JSON.stringify(placeholder).slice(1, -1));
        expect(path.startsWith(`${place.place}.«${kind}.id».`), path).toBe(true);
      }
    },
  );

  it("holds the golden snapshot to every field the writer writes: each is set in some object of its place", () => {
    const unset = KINDS.filter((definition) => !WRITTEN_WHOLE.has(definition.kind)).flatMap((definition) => {
      const { place } = SNAPSHOT_PLACES[definition.kind];
      const objects = objectsAt(golden, place);
      return writtenFields(definition.kind)
        .filter(
          ([, name]) => !objects.some((object) => object !== null && typeof object === "object" && name in object),
        )
        .map(([key, name]) => `${definition.kind}.${key} (${place}[].${name})`);
    });
    expect(unset, "set these in export-golden.test.ts's organization, then UPDATE_GOLDEN=1").toEqual([]);
  });
});
