/**
 * The generator the kind contract's values come from (generated-inputs.ts), with no emulator: it
 * draws the same values for the same seed (a failure reproduces) and others for another door, every value is one the field's
 * declaration accepts, every declared input is generated or named with why not, and every second
 * value and replacement is a change.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { type Definition, canonical, generatedSample, notGenerated } from "./generated-inputs.ts";

const require = createRequire(import.meta.url);
// The compiled package, as both doors load it.
const { KINDS } = require("../../provider/dist/resources/kinds.js") as { KINDS: readonly Definition[] };

/** What a setup gives every kind; the rest of a setup's inputs (ids, people) are the API's, left out here. */
const GIVEN = { inputs: { organizationId: "org-acme" } };

describe.each(KINDS.map((definition) => definition.kind))("%s", (kind) => {
  const definition = KINDS.find((candidate) => candidate.kind === kind)!;
  const sample = generatedSample(definition, GIVEN, "dynamic");

  it("draws the same values again for the same seed", () => {
    expect(canonical(generatedSample(definition, GIVEN, "dynamic"))).toBe(canonical(sample));
  });

  it("generates every declared input but those named with why not (or the other of an exclusive pair)", () => {
    const exclusive = (field: string) => definition.exclusiveInputKeys?.some((group) => group.includes(field) && group.some((other) => Object.hasOwn(sample.inputs, other)));
    const missing = Object.keys(definition.schema.shape).filter((field) => !Object.hasOwn(sample.inputs, field) && !notGenerated(definition, field) && !exclusive(field));
    expect(missing).toEqual([]);
  });

  it("draws only values the field's declaration accepts, and second values and replacements that change it", () => {
    for (const [field, value] of Object.entries(sample.inputs)) {
      if (Object.hasOwn(GIVEN.inputs, field)) continue;
      expect(definition.schema.shape[field].safeParse(value).success, `${kind}.${field}: ${JSON.stringify(value)}`).toBe(true);
    }
    for (const [field, value] of Object.entries(sample.updates)) {
      expect(definition.schema.shape[field].safeParse(value).success, `${kind}.${field} update`).toBe(true);
      expect(canonical(value), `${kind}.${field} update`).not.toBe(canonical(sample.inputs[field]));
    }
    expect(Object.keys(sample.replacements).sort()).toEqual([...definition.replaceKeys].sort());
    for (const [field, value] of Object.entries(sample.replacements)) expect(canonical(value), `${kind}.${field} replacement`).not.toBe(canonical(sample.inputs[field]));
  });
});

it("draws other values for the other door (its seed is another)", () => {
  const differing = KINDS.filter(
    (definition) => canonical(generatedSample(definition, GIVEN, "dynamic").inputs) !== canonical(generatedSample(definition, GIVEN, "plugin").inputs),
  );
  // A kind whose only generated input has two values may draw the same one for both doors.
  expect(differing.length).toBeGreaterThan(KINDS.length / 2);
});
