/**
 * The pull-request summary (`npx pulumi-docs-platform pr-summary`): golden files rendered from
 * previews the real CLI produced (fixtures/, captured by capture-previews.ts; review the .md files
 * by eye, `UPDATE_GOLDEN=1` rewrites them), the property diff, trimming and the command itself.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readPolicyViolations } from "../../provider/cli/pr-summary/policy.ts";
import { type Preview, type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";
import { KNOWN_KINDS } from "../../provider/cli/pr-summary/kinds.ts";
import { propertyChanges } from "../../provider/cli/pr-summary/property-changes.ts";
import { GITHUB_COMMENT_LIMIT, renderSummary } from "../../provider/cli/pr-summary/render.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const CASES = ["update", "replace", "delete", "members", "secret", "error", "many", "policy"] as const;

const load = (name: string): PreviewJson => JSON.parse(fs.readFileSync(`${fixtures}/${name}.json`, "utf8"));
/** A case's preview, with the policy violations of its event log when the case has one (`policy`). */
function previewOf(name: string): Preview {
  const preview = readPreview(load(name));
  const events = `${fixtures}/${name}.events.jsonl`;
  if (fs.existsSync(events)) preview.policyViolations = readPolicyViolations(fs.readFileSync(events, "utf8"));
  return preview;
}

describe("golden summaries of real previews", () => {
  for (const name of CASES) {
    it(name, () => {
      const markdown = renderSummary(previewOf(name));
      const golden = `${fixtures}/${name}.md`;
      if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(golden, markdown);
      expect(markdown).toBe(fs.readFileSync(golden, "utf8"));
      expect(markdown.split("\n")[0]).toBe("<!-- pulumi-docs-platform:pr-summary stack=dev -->");
      expect(markdown.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    });
  }

  it("says what each case is about", () => {
    const render = (name: string) => renderSummary(previewOf(name));
    expect(render("members")).toContain("`members`: added `usr-acme-reader`; removed `usr-acme-admin`");
    expect(render("members")).not.toMatch(/\[0\]|\[1\]/);
    expect(render("replace")).toMatch(
      /> \[!CAUTION\][\s\S]*\*\*Replace\*\* OpenApiSpec `petstore-v2` \(`petstore`\): its `slug` changed, which the API cannot change in place: the old OpenAPI spec is deleted first/,
    );
    expect(render("delete")).toMatch(/\*\*Delete\*\* Collection `Guides` \(`guides`\) \(id `id0+\d+`\): the collection is deleted from the organization/);
    expect(render("secret")).toContain("`certificate`: secret value changed (not shown)");
    expect(render("secret")).not.toContain("MIIC");
    expect(render("error")).toMatch(/#### Errors[\s\S]*title/);
    expect(render("many")).toMatch(/\*\*201 to create\*\*/);
    expect(render("policy")).toMatch(/#### Policy violations\n\n> \[!CAUTION\]\n> 1 mandatory policy is violated/);
    expect(render("policy")).toContain("- **mandatory** `openapi-spec-private-unless-tagged` on `petstore` (`docs-platform@v0.1.0`): `OpenAPI specs are private unless");
  });
});

describe("property changes", () => {
  it("shows set-valued inputs as members added and removed, ordered lists and nested objects by path", () => {
    const changes = propertyChanges(
      { members: ["a", "b"], root: ["x", "y"], styling: { corners: "rounded", theme: "clean" } },
      { members: ["b", "c"], root: ["y", "x"], styling: { corners: "straight", theme: "clean" } },
      new Set(["members"]),
    );
    expect(changes).toEqual([
      { path: "members", change: "members", added: ["c"], removed: ["a"] },
      { path: "root", change: "changed", before: ["x", "y"], after: ["y", "x"] },
      { path: "styling.corners", change: "changed", before: "rounded", after: "straight" },
    ]);
  });

  it("masks secrets by value and by key, and shows a secret the engine reports as changed", () => {
    const changes = propertyChanges({ token: "plain-but-secret", cert: "[secret]" }, { token: "other", cert: "[secret]" }, new Set(), ["cert"]);
    expect(JSON.stringify(changes)).not.toContain("plain-but-secret");
    expect(changes).toEqual([
      { path: "cert", change: "changed", before: "[secret]", after: "[secret]" },
      { path: "token", change: "changed", before: "[secret]", after: "[secret]" },
    ]);
  });
});

describe("kinds", () => {
  it("knows every resource kind of the package (provider/resources/*.ts but the registry, kinds.ts)", () => {
    const files = fs.readdirSync(`${repositoryRoot}/provider/resources`).filter((file) => file.endsWith(".ts") && file !== "kinds.ts");
    const kinds = files.map((file) => file.replace(/\.ts$/, "").replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()));
    expect([...KNOWN_KINDS].sort()).toEqual(kinds.sort());
  });
});

describe("size and edge cases", () => {
  it("trims details, then rows, to the limit, and says what it left out", () => {
    const preview = readPreview(load("many"));
    const small = renderSummary(preview, { limit: 8_000 });
    expect(small.length).toBeLessThanOrEqual(8_000);
    expect(small).toMatch(/Left out to stay under GitHub's 65,536-character comment limit: \d+ table rows and \d+ resource details/);
    expect(small).toContain("**201 to create**");
  });

  it("renders a preview without changes as a short comment", () => {
    const markdown = renderSummary(readPreview({ steps: [], changeSummary: { same: 4 } }), { stack: "prod" });
    expect(markdown).toBe("<!-- pulumi-docs-platform:pr-summary stack=prod -->\n### Pulumi preview of `prod`\n\nNo changes. 4 resources unchanged.\n");
  });

  it("marks the comment with a fully-qualified --stack (org/project/stack), not the short name the preview's URNs hold", () => {
    const preview = readPreview(load("update"));
    expect(preview.stack).toBeDefined();
    const markdown = renderSummary(preview, { stack: `organization/docs/${preview.stack}` });
    expect(markdown.split("\n")[0]).toBe(`<!-- pulumi-docs-platform:pr-summary stack=organization/docs/${preview.stack} -->`);
  });

  it("escapes what would break the Markdown: pipes, backticks, long strings", () => {
    const markdown = renderSummary(
      readPreview({
        steps: [
          {
            op: "update",
            urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/docs-platform:Collection::c",
            oldState: { type: "pulumi-nodejs:dynamic/docs-platform:Collection", inputs: { title: "a|b", description: "x" } },
            newState: { type: "pulumi-nodejs:dynamic/docs-platform:Collection", inputs: { title: "a|b", description: `\`${"y".repeat(200)}` } },
          },
        ],
        changeSummary: { update: 1 },
      }),
    );
    expect(markdown).toContain("<summary>~ update Collection <code>a&#124;b</code> (c)</summary>");
    expect(markdown).toContain("| ~ update | Collection | `c` | `description` |");
    // A value holding a backtick is fenced with two, so it cannot close its span.
    expect(markdown).toContain("`` `yyy");
    expect(markdown).toMatch(/y… ``/);
  });
});

describe("the command", () => {
  const run = promisify(execFile);
  const cli = (args: string[]) => run(process.execPath, ["provider/bin/pulumi-docs-platform.js", ...args], { cwd: repositoryRoot });

  it("reads a file, and with --exit-code exits 2 when there is no change, 0 when there is", async () => {
    const changed = await cli(["pr-summary", `${fixtures}/update.json`, "--exit-code"]);
    expect(changed.stdout).toContain("**3 to update**");
    const empty = `${fixtures}/../../.work/no-changes-${process.pid}.json`;
    fs.mkdirSync(`${fixtures}/../../.work`, { recursive: true });
    fs.writeFileSync(empty, JSON.stringify({ steps: [], changeSummary: { same: 2 } }));
    const error = await cli(["pr-summary", empty, "--exit-code", "--stack", "dev"]).catch((e) => e);
    expect(error.code).toBe(2);
    expect(error.stdout).toContain("No changes.");
    fs.rmSync(empty);
  });

  it("fails with a clear message on input that is not a preview", async () => {
    const error = await cli(["pr-summary", `${repositoryRoot}/package.json`]).catch((e) => e);
    expect(error.code).toBe(1);
    expect(error.stderr).toContain("not the JSON of `pulumi preview --json`");
  });
});

describe("policy violations from the event log", () => {
  const event = (policyEvent: Record<string, unknown>) => JSON.stringify({ sequence: 1, timestamp: 1, policyEvent });
  const violation = {
    policyName: "p",
    policyPackName: "pack",
    policyPackVersion: "1.0.0",
    message: "<{%reset%}>why\nwhat<{%reset%}>\n",
    resourceUrn: "urn:pulumi:dev::proj::t::res",
  };

  it("keeps each violation once, maps the engine's levels and strips color directives", () => {
    const log = [
      JSON.stringify({ sequence: 0, timestamp: 0, diagnosticEvent: { message: "not a policy" } }),
      event({ ...violation, enforcementLevel: "mandatory" }),
      event({ ...violation, enforcementLevel: "mandatory" }),
      event({ ...violation, policyName: "q", enforcementLevel: "warning", resourceUrn: undefined }),
    ].join("\n");
    expect(readPolicyViolations(log)).toEqual([
      { policyPack: "pack@v1.0.0", policy: "p", enforcement: "mandatory", resource: "res", message: "why\nwhat" },
      { policyPack: "pack@v1.0.0", policy: "q", enforcement: "advisory", message: "why\nwhat" },
    ]);
  });

  it("refuses a file that is not an event log, naming the line", () => {
    expect(() => readPolicyViolations(`${event(violation)}\n# Pulumi preview`)).toThrow(/line 2 is not JSON.*--event-log/);
  });

  it("an advisory violation alone is not 'no changes', and is listed without the mandatory banner", () => {
    const preview = readPreview({ steps: [], changeSummary: { same: 2 } });
    preview.policyViolations = readPolicyViolations(event({ ...violation, enforcementLevel: "advisory" }));
    const markdown = renderSummary(preview, { stack: "dev" });
    expect(markdown).toContain("- **advisory** `p` on `res` (`pack@v1.0.0`): `why — what`");
    expect(markdown).not.toContain("[!CAUTION]");
  });
});
