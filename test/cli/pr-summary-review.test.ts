/**
 * What a reviewer must be able to read in the pull-request summary (issue 19): a reorder as moves
 * by name, an adoption as an adoption, secrets masked by what the provider knows and by name.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/index.ts";
import { withOutsideTitles } from "../../provider/cli/pr-summary/titles.ts";
import { startEmulator } from "../emulator/index.ts";
import { apiClient } from "../e2e/support/api.ts";
import { listMoves } from "../../provider/cli/pr-summary/reorders.ts";
import { type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { propertyChanges } from "../../provider/cli/pr-summary/property-changes.ts";
import { renderSummary } from "../../provider/cli/pr-summary/render.ts";

const TYPE = "pulumi-nodejs:dynamic/docs-platform:";
const execFileAsync = promisify(execFile);
const bin = fileURLToPath(new URL("../../provider/bin/pulumi-docs-platform.js", import.meta.url));
const urn = (kind: string, name: string) => `urn:pulumi:dev::docs::${TYPE}${kind}::${name}`;
const same = (kind: string, name: string, id: string, inputs: Record<string, unknown>) => ({
  op: "same",
  urn: urn(kind, name),
  oldState: { type: `${TYPE}${kind}`, id, inputs },
  newState: { type: `${TYPE}${kind}`, id, inputs },
});

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
    const before = {
      auth: { token: "t1" },
      apiKey: "k1",
      accessKey: "a1",
      authorization: "Bearer x",
      bearer: "b",
      passphrase: "p",
      nested: { deeper: { clientSecret: "s" } },
      certificate: "MIIC-old",
    };
    const after = {
      auth: { token: "t2" },
      apiKey: "k2",
      accessKey: "a2",
      authorization: "Bearer y",
      bearer: "c",
      passphrase: "q",
      nested: { deeper: { clientSecret: "z" } },
      certificate: "MIIC-new",
    };
    const changes = propertyChanges(before, after, new Set(), [], new Set(["certificate"]));
    const text = JSON.stringify(changes);
    for (const value of [...Object.values(before), ...Object.values(after)].flatMap((v) => (typeof v === "string" ? [v] : [JSON.stringify(v)]))) {
      for (const secret of ["t1", "t2", "k1", "k2", "a1", "a2", "Bearer x", "MIIC-old", "MIIC-new", '"s"', '"z"']) expect(text).not.toContain(secret);
      void value;
    }
    expect(changes.map((change) => change.path).sort()).toEqual([
      "accessKey",
      "apiKey",
      "auth.token",
      "authorization",
      "bearer",
      "certificate",
      "nested.deeper.clientSecret",
      "passphrase",
    ]);
  });
});

describe("ids, by what they stand for (issue 39, item 5)", () => {
  const section = (inputs: Record<string, unknown>) => ({ siteId: "site-1", organizationId: "org-acme", title: "Reference", spaceId: "spc-acme-api", ...inputs });
  const moved = (before: Record<string, unknown>, after: Record<string, unknown>, extra: PreviewJson["steps"] = []): PreviewJson => ({
    steps: [
      ...extra,
      {
        op: "update",
        urn: urn("SiteSection", "reference"),
        oldState: { type: `${TYPE}SiteSection`, id: "sec-1", inputs: section(before) },
        newState: { type: `${TYPE}SiteSection`, id: "sec-1", inputs: section(after) },
      },
    ],
    changeSummary: { update: 1 },
  });
  const groups = [same("SiteSectionGroup", "apis", "grp-apis", { title: "APIs" }), same("SiteSectionGroup", "guides-group", "grp-guides", { title: "Guides" })];

  it("a section moved into a group, out of one, or between two: its old and new place by title", () => {
    expect(renderSummary(readPreview(moved({}, { siteSectionGroupId: "grp-apis" }, groups)))).toContain(
      "- `siteSectionGroupId`: moved from the site's top level to group `APIs` (`apis`)",
    );
    expect(renderSummary(readPreview(moved({ siteSectionGroupId: "grp-apis" }, {}, groups)))).toContain(
      "- `siteSectionGroupId`: moved from group `APIs` (`apis`) to the site's top level",
    );
    expect(renderSummary(readPreview(moved({ siteSectionGroupId: "grp-apis" }, { siteSectionGroupId: "grp-guides" }, groups)))).toContain(
      "- `siteSectionGroupId`: moved from group `APIs` (`apis`) to group `Guides` (`guides-group`)",
    );
  });

  it("any id of a resource in the same preview by that resource's title and name; another stays an id", () => {
    const markdown = renderSummary(readPreview(moved({ spaceId: "spc-old" }, { spaceId: "spc-new" }, [same("Space", "handbook", "spc-new", { title: "Handbook" })])));
    expect(markdown).toContain("- `spaceId`: `spc-old` → `Handbook` (`handbook`)");
  });

  it("an id of an object outside the program by the title the organization gives, with access; the id without", { timeout: 120_000 }, async () => {
    const emulator = await startEmulator({ db: ":memory:" });
    try {
      const organization = emulator.fixture.organizations.find((org) => org.id === "org-acme")!;
      const api = apiClient(emulator.url, organization.admin.token);
      const site = await api.post("/orgs/org-acme/sites", { title: "Docs", visibility: "unlisted" });
      const group = await api.post(`/orgs/org-acme/sites/${site.id}/section-groups`, { title: "Outside group" });
      const json = moved({ siteId: site.id, siteSectionGroupId: group.id, spaceId: "spc-acme-guides" }, { siteId: site.id, spaceId: "spc-acme-api" });
      const client = new ApiClient({ baseUrl: emulator.url, token: organization.admin.token });
      const markdown = renderSummary(await withOutsideTitles(readPreview(json), client));
      await client.close();
      expect(markdown).toContain(`- \`siteSectionGroupId\`: moved from group \`Outside group\` (\`${group.id}\`) to the site's top level`);
      expect(markdown).toContain("- `spaceId`: `Guides` (`spc-acme-guides`) → `API Reference` (`spc-acme-api`)");
      // Through the command: --api-url and the token in the environment; without them, the ids.
      const file = path.join(os.tmpdir(), `pr-summary-titles-${process.pid}.json`);
      fs.writeFileSync(file, JSON.stringify(json));
      // Asynchronously: the emulator answers from this process.
      const run = async (args: string[], env: NodeJS.ProcessEnv) =>
        (await execFileAsync(process.execPath, [bin, "pr-summary", file, "--stack", "dev", ...args], { env: { PATH: process.env.PATH, ...env }, encoding: "utf8" })).stdout;
      const withAccess = await run(["--api-url", emulator.url], { DOCS_PLATFORM_TOKEN: organization.admin.token });
      expect(withAccess).toContain(`moved from group \`Outside group\` (\`${group.id}\`) to the site's top level`);
      expect(withAccess).not.toContain(organization.admin.token);
      expect(await run([], {})).toContain(`moved from group \`${group.id}\` to the site's top level`);
      fs.rmSync(file);
    } finally {
      await emulator.close();
    }
  });
});
