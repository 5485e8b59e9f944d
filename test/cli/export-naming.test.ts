/**
 * Names in an exported program: resource names from titles (slugified, deduplicated the same way
 * whatever order the API lists things in), variables, and the order of declarations.
 */
import { describe, expect, it } from "vitest";
import { declarationOrder, resourceNames } from "../../provider/cli/export/export.ts";
import type { ExportedObject } from "../../provider/walker/kinds/index.ts";
import { VariableNames, camelCase, slugify, uniqueNames } from "../../provider/walker/naming.ts";
import { literal, ref } from "../../provider/walker/values.ts";

const team = (id: string, title: string): ExportedObject => ({ kind: "Team", id, name: { title, fallback: "team" }, inputs: [["title", literal(title)]] });

describe("resource names from titles", () => {
  it("slugifies: lower case ASCII words joined by hyphens, accents dropped, anything else a separator", () => {
    expect(slugify("Getting started")).toBe("getting-started");
    expect(slugify("Développeurs & APIs")).toBe("developpeurs-apis");
    expect(slugify("API v2.0 (beta)")).toBe("api-v2-0-beta");
    expect(slugify('  "Quoted" ${title} \\ back\\slash  ')).toBe("quoted-title-back-slash");
    expect(slugify("📘 Guides 🚀")).toBe("guides");
    expect(slugify("🚀🚀")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("cuts a long title at a word boundary, 48 characters at most", () => {
    const slug = slugify("The complete reference of every endpoint of the public REST API, version three");
    expect(slug).toBe("the-complete-reference-of-every-endpoint-of-the");
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slugify("a".repeat(80))).toBe("a".repeat(48));
  });

  it("deduplicates by natural key (the title), then id, so the names do not depend on the order the API lists objects in", () => {
    const objects = [team("t3", "Writers"), team("t1", "Writers"), team("t2", "writers!"), team("t9", "Readers")];
    const names = (list: ExportedObject[]) => Object.fromEntries([...resourceNames(list)].map(([key, name]) => [key.split("\u0000")[1], name]));
    // "Writers" (t1, t3) comes before "writers!" (t2) in code-unit order; equal titles go by id.
    const expected = { t1: "writers", t3: "writers-2", t2: "writers-3", t9: "readers" };
    expect(names(objects)).toEqual(expected);
    expect(names([...objects].reverse())).toEqual(expected);
    expect(names([objects[2], objects[0], objects[3], objects[1]])).toEqual(expected);
  });

  it("names a title of emoji only after its kind, and objects named after another after that one", () => {
    const site: ExportedObject = { kind: "Site", id: "s1", name: { title: "Developer portal", fallback: "site" }, inputs: [] };
    const structure: ExportedObject = { kind: "SiteStructure", id: "s1", name: { object: { kind: "Site", id: "s1" }, suffix: "structure" }, inputs: [] };
    const orphan: ExportedObject = { kind: "SiteStructure", id: "s2", name: { object: { kind: "Site", id: "s2" }, suffix: "structure" }, inputs: [] };
    const names = [...resourceNames([team("a", "🚀"), team("b", "🎉"), site, structure, orphan]).values()];
    expect(names).toEqual(["team", "team-2", "developer-portal", "developer-portal-structure", "structure"]);
  });

  it("uniqueNames keeps the first claimant's name and numbers the rest", () => {
    const names = uniqueNames(
      ["b", "a", "c"],
      () => "same",
      (item) => item,
    );
    expect([...names.entries()]).toEqual([
      ["a", "same"],
      ["b", "same-2"],
      ["c", "same-3"],
    ]);
  });
});

describe("variable names", () => {
  it("camel-cases names; a leading digit gets the kind in front", () => {
    expect(camelCase("api-reference", "space")).toBe("apiReference");
    expect(camelCase("2024-roadmap", "collection")).toBe("collection2024Roadmap");
    expect(camelCase("", "team")).toBe("team");
  });

  it("never uses a reserved word or a name of the program, and dedupes across kinds", () => {
    const variables = new VariableNames();
    expect(variables.claim("guides", "Space")).toBe("guides");
    expect(variables.claim("guides", "SiteSection")).toBe("guidesSiteSection");
    expect(variables.claim("guides", "SiteSection")).toBe("guidesSiteSection2");
    expect(variables.claim("default", "Team")).toBe("defaultTeam");
    expect(variables.claim("delete", "Site")).toBe("deleteSite");
    expect(variables.claim("members", "Team")).toBe("membersTeam");
    expect(variables.claim("config", "Collection")).toBe("configCollection");
  });
});

describe("declaration order", () => {
  it("declares what an object names before it, otherwise keeps the given order", () => {
    const child: ExportedObject = { kind: "Collection", id: "c2", name: { title: "Child", fallback: "collection" }, inputs: [["parent", ref("Collection", "c1")]] };
    const parent: ExportedObject = { kind: "Collection", id: "c1", name: { title: "Parent", fallback: "collection" }, inputs: [] };
    const settings: ExportedObject = {
      kind: "OrganizationSettings",
      id: "org",
      name: { title: "organization", fallback: "organization" },
      inputs: [["defaultContent", ref("Site", "s1")]],
    };
    const site: ExportedObject = { kind: "Site", id: "s1", name: { title: "Site", fallback: "site" }, inputs: [] };
    const gone: ExportedObject = { kind: "Space", id: "x", name: { title: "X", fallback: "space" }, inputs: [["parent", ref("Collection", "not-exported")]] };
    expect(declarationOrder([settings, child, parent, site, gone]).map((object) => object.id)).toEqual(["c1", "c2", "s1", "org", "x"]);
  });

  it("refuses a cycle (a bug of a kind's exporter) instead of writing a program that cannot run", () => {
    const a: ExportedObject = { kind: "Collection", id: "a", name: { title: "A", fallback: "collection" }, inputs: [["parent", ref("Collection", "b")]] };
    const b: ExportedObject = { kind: "Collection", id: "b", name: { title: "B", fallback: "collection" }, inputs: [["parent", ref("Collection", "a")]] };
    expect(() => declarationOrder([a, b])).toThrow(/cycle \(Collection a, Collection b\)/);
  });
});
