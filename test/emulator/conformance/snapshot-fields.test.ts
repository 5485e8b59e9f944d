/**
 * The provider's snapshot as the twin reads it (issue 49, item 3). The provider's writer
 * (provider/cli/export/snapshot/write.ts) writes each object's fields from its kind's declarations;
 * this emulator reads the same format with code of its own (snapshot/format.ts, check.ts, seed.ts).
 * The two never import each other, so the provider's output is read here as data: the golden
 * snapshot of an organization with an object of every kind and every field set
 * (test/cli/fixtures/export/snapshot.json, written by test/cli/export-golden.test.ts, whose
 * companion test/cli/export-snapshot.test.ts holds it to every field the writer writes).
 *
 * A twin seeded from it gives back, in its own snapshot, every value the provider wrote, but for
 * the fields named below with why; and writes nothing the provider's does not, but for those
 * named. A field the provider starts writing that this reader drops fails here, by name.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startEmulator, type Snapshot } from "../index.ts";

const written = JSON.parse(
  readFileSync(new URL("../../cli/fixtures/export/snapshot.json", import.meta.url), "utf8"),
) as Snapshot;

/** Fields of the provider's snapshot the twin does not give back as written, each with why. */
const NOT_GIVEN_BACK: Readonly<Record<string, string>> = {
  createdAt: "a snapshot's own time: the twin's is when it writes it",
};

/** Fields the twin writes that the provider's snapshot does not hold, each with why (the twin loads the default for them). */
const NOT_WRITTEN_BY_THE_PROVIDER: Readonly<Record<string, string>> = {
  "sites[].defaultLevel": "no kind declares a site's default level: a provider's snapshot loads it as null",
  "sites[].sections[].draft": "no kind declares a section's draft: a provider's snapshot loads it as false",
};

/** Every leaf of `value` by its path, with `[]` for any index (an empty list or object is a leaf). */
function leaves(value: unknown, path = "", into = new Map<string, unknown[]>()): Map<string, unknown[]> {
  const entries = value !== null && typeof value === "object" ? Object.entries(value) : [];
  if (entries.length === 0) into.set(path, [...(into.get(path) ?? []), value]);
  for (const [key, item] of entries)
    leaves(item, Array.isArray(value) ? `${path}[]` : path === "" ? key : `${path}.${key}`, into);
  return into;
}

/** Every leaf of `value` by its exact path (`sites[2].sections[0].title`). */
function exactLeaves(value: unknown, path = "", into = new Map<string, unknown>()): Map<string, unknown> {
  const entries = value !== null && typeof value === "object" ? Object.entries(value) : [];
  if (entries.length === 0) into.set(path, value);
  for (const [key, item] of entries)
    exactLeaves(item, Array.isArray(value) ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`, into);
  return into;
}

const general = (path: string) => path.replace(/\[\d+\]/g, "[]");

describe("the provider's snapshot, read by the twin", () => {
  it("is the golden snapshot of an organization with every kind", () => {
    expect(written.format).toBe("docs-platform-snapshot");
    expect(
      written.sites.some(
        (site) => site.sectionGroups.length > 0 && site.sections.length > 0 && site.siteSpaces.length > 0,
      ),
    ).toBe(true);
  });

  it("gives back every value the provider wrote, but for the fields named with why", async () => {
    const twin = await startEmulator({ seed: written, token: "twin-token" });
    const read = twin.snapshot();
    await twin.close();
    const given = exactLeaves(read);
    const dropped = [...exactLeaves(written)]
      .filter(([path, value]) => JSON.stringify(given.get(path)) !== JSON.stringify(value))
      .map(([path]) => general(path))
      .filter((path) => !(path in NOT_GIVEN_BACK));
    expect(
      [...new Set(dropped)],
      "fields of the provider's snapshot the twin drops or changes: read them (snapshot/seed.ts), or name them here",
    ).toEqual([]);
    const added = [...leaves(read).keys()].filter(
      (path) => !leaves(written).has(path) && !(path in NOT_WRITTEN_BY_THE_PROVIDER),
    );
    expect(added, "fields the twin writes that the provider's snapshot lacks").toEqual([]);
  });

  it("names only fields that are so", () => {
    const paths = new Set([...leaves(written).keys()]);
    expect(Object.keys(NOT_GIVEN_BACK).filter((path) => !paths.has(path))).toEqual([]);
    expect(Object.keys(NOT_WRITTEN_BY_THE_PROVIDER).filter((path) => paths.has(path))).toEqual([]);
  });
});
