/**
 * What a reviewer must be able to read in the pull-request summary (issue 19): a reorder as moves
 * by name, an adoption as an adoption, secrets masked by what the provider knows and by name.
 */
import { describe, expect, it } from "vitest";
import { listMoves } from "../../provider/cli/pr-summary/reorders.ts";
import { type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { propertyChanges } from "../../provider/cli/pr-summary/property-changes.ts";
import { renderSummary } from "../../provider/cli/pr-summary/render.ts";

const TYPE = "pulumi-nodejs:dynamic/docs-platform:";
const urn = (kind: string, name: string) => `urn:pulumi:dev::docs::${TYPE}${kind}::${name}`;
const same = (kind: string, name: string, id: string, inputs: Record<string, unknown>) => ({ op: "same", urn: urn(kind, name), oldState: { type: `${TYPE}${kind}`, id, inputs }, newState: { type: `${TYPE}${kind}`, id, inputs } });

describe("reorders", () => {
  it("finds the fewest moves", () => {
    expect(listMoves(["a", "b", "c"], ["c", "a", "b"])).toEqual([{ id: "c", move: "moved", before: "a" }]);
    expect(listMoves(["a", "b", "c"], ["a", "c", "b"])).toEqual([{ id: "c", move: "moved", before: "b" }]);
    expect(listMoves(["a", "b", "c"], ["b", "c", "a"])).toEqual([{ id: "a", move: "moved" }]);
    expect(listMoves(["a", "b"], ["a", "x", "b"])).toEqual([{ id: "x", move: "added", before: "b" }]);
    expect(listMoves(["a", "b", "c"], ["a", "c"])).toEqual([{ id: "b", move: "removed" }]);
    expect(listMoves(["a", "b"], ["a", "b"])).toEqual([]);
  });

  it("shows a SiteStructure change as moves by the names and titles of the preview's resources", () => {
    const preview: PreviewJson = {
      steps: [
        same("SiteSection", "guides", "sec-guides", { title: "Guides" }),
        same("SiteSection", "reference", "sec-reference", { title: "API reference" }),
        same("SiteSectionGroup", "apis", "grp-apis", { title: "APIs" }),
        same("SiteSpace", "changelog", "ss-changelog", { path: "changelog" }),
        {
          op: "update",
          urn: urn("SiteStructure", "order"),
          oldState: {
            type: `${TYPE}SiteStructure`,
            id: "site-1",
            inputs: { siteId: "site-1", root: ["sec-guides", "grp-apis", "ss-changelog"], groups: [{ groupId: "grp-apis", items: ["sec-reference", "sec-graphql"] }] },
          },
          newState: {
            type: `${TYPE}SiteStructure`,
            id: "site-1",
            inputs: { siteId: "site-1", root: ["grp-apis", "sec-guides", "ss-changelog"], groups: [{ groupId: "grp-apis", items: ["sec-graphql", "sec-reference"] }] },
          },
          diffReasons: ["root", "groups"],
        },
      ],
      changeSummary: { update: 1, same: 4 },
    };
    const markdown = renderSummary(readPreview(preview));
    expect(markdown).toContain("- the site's top level: `APIs` (`apis`) moved before `Guides` (`guides`)");
    // An id nothing in the preview names is shown as the id.
    expect(markdown).toContain("- group `APIs` (`apis`): `sec-graphql` moved before `API reference` (`reference`)");
    // No JSON of the lists, cut or whole.
    expect(markdown).not.toContain('["');
    console.log(markdown);
  });
});

describe("adoptions", () => {
  it("says adopt, with the id or the natural key taken over, counted apart from creates", () => {
    const preview: PreviewJson = {
      steps: [
        { op: "create", urn: urn("Team", "platform"), newState: { type: `${TYPE}Team`, inputs: { title: "Platform Engineering", adopt: { id: "team-42" } } } },
        { op: "create", urn: urn("Collection", "products"), newState: { type: `${TYPE}Collection`, inputs: { title: "Products", adopt: true } } },
        { op: "create", urn: urn("Site", "portal"), newState: { type: `${TYPE}Site`, inputs: { title: "Portal" } } },
      ],
      changeSummary: { create: 3 },
    };
    const markdown = renderSummary(readPreview(preview), { stack: "dev" });
    expect(markdown).toContain("**1 to create · 2 to adopt**");
    expect(markdown).toContain("| = adopt | Team | `platform` |");
    expect(markdown).toContain("- **adopts**: takes over the existing team `team-42` and reconciles it to the inputs");
    expect(markdown).toContain("- **adopts**: takes over the collection with the same title within its parent collection (`Products`) if there is one, or creates it");
    expect(markdown).toContain("| + create | Site | `portal` |");
  });
});

describe("secrets", () => {
  it("masks, at any depth, inputs named like credentials, and the inputs a kind declares secret", () => {
    const before = { auth: { token: "t1" }, apiKey: "k1", accessKey: "a1", authorization: "Bearer x", bearer: "b", passphrase: "p", nested: { deeper: { clientSecret: "s" } }, certificate: "MIIC-old" };
    const after = { auth: { token: "t2" }, apiKey: "k2", accessKey: "a2", authorization: "Bearer y", bearer: "c", passphrase: "q", nested: { deeper: { clientSecret: "z" } }, certificate: "MIIC-new" };
    const changes = propertyChanges(before, after, new Set(), [], new Set(["certificate"]));
    const text = JSON.stringify(changes);
    for (const value of [...Object.values(before), ...Object.values(after)].flatMap((v) => (typeof v === "string" ? [v] : [JSON.stringify(v)]))) {
      for (const secret of ["t1", "t2", "k1", "k2", "a1", "a2", "Bearer x", "MIIC-old", "MIIC-new", "\"s\"", "\"z\""]) expect(text).not.toContain(secret);
      void value;
    }
    expect(changes.map((change) => change.path).sort()).toEqual(["accessKey", "apiKey", "auth.token", "authorization", "bearer", "certificate", "nested.deeper.clientSecret", "passphrase"]);
  });
});
