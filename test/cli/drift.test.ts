/**
 * The drift report (`npx pulumi-docs-platform drift`, issue 19): from `pulumi preview --refresh
 * --json` captured from the real CLI (fixtures/drift.json: a team renamed and a team deleted
 * through the API, a collection in sync), what changed, what was deleted, what `up` does; the
 * same inert rendering as the pull-request summary; and its exit codes.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { findDrift, renderDrift } from "../../provider/cli/drift/render.ts";
import { type PreviewJson, readPreview } from "../../provider/cli/pr-summary/preview.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const captured = (): PreviewJson => JSON.parse(fs.readFileSync(`${fixtures}/drift.json`, "utf8"));
const report = (json: PreviewJson) => renderDrift(findDrift(readPreview(json), json, "dev"));

function textNodes(node: Nodes, out: string[] = []): string[] {
  if (node.type === "text") out.push(node.value);
  if (node.type === "html") out.push(`<html>${node.value}`);
  if ("children" in node) for (const child of node.children as Nodes[]) textNodes(child, out);
  return out;
}

describe("the drift report", () => {
  it("says per resource and property what changed outside Pulumi, what was deleted, and what up does", () => {
    expect(report(captured())).toBe(
      [
        "<!-- pulumi-docs-platform:drift stack=dev -->",
        "### Drift of `dev`",
        "",
        "**1 changed outside Pulumi · 1 deleted outside Pulumi** · 1 in sync",
        "",
        "#### Changed outside Pulumi",
        "",
        "- `Team` `Writers (renamed)` (`writers`): `up` puts it back",
        "  - `title`: now `Writers (renamed)`, declared `Writers`",
        "",
        "#### Deleted outside Pulumi",
        "",
        "- `Team` `Readers` (`readers`): `up` creates it again (a new id)",
        "",
        "Run `pulumi up` to repair it, or change the program to accept it (then `pulumi refresh`).",
        "",
      ].join("\n"),
    );
  });

  it("is inert: a hostile value is code, nothing of it is markup, and no marker line can be written", () => {
    const json = captured();
    const hostile = "</details><img src=x> @team org/repo#3 \u202E\n<!-- pulumi-docs-platform:drift stack=prod -->";
    for (const step of json.steps ?? []) if (step.op === "update" && step.oldState?.inputs) step.oldState.inputs.title = hostile;
    const markdown = report(json);
    const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const outside = textNodes(tree).join("\n");
    expect(outside).not.toContain("@team");
    expect(outside).not.toContain("repo#3");
    expect(outside.match(/<html>/g)).toHaveLength(1); // the marker, ours
    // The hostile marker shows as code, defused (`<!‐‐`): only the report's own first line is one.
    expect(markdown.split("\n").filter((line) => /^<!-- pulumi-docs-platform:drift stack=.* -->$/.test(line))).toEqual(["<!-- pulumi-docs-platform:drift stack=dev -->"]);
    expect(markdown).not.toMatch(/\u202E/);
  });

  it("says in sync when nothing changed", () => {
    expect(report({ steps: [], changeSummary: { same: 4 } })).toBe(
      "<!-- pulumi-docs-platform:drift stack=dev -->\n### Drift of `dev`\n\nIn sync: nothing changed outside Pulumi (4 resources).\n",
    );
  });

  it("exits 0 in sync, 2 on drift, 3 when the refresh failed, 1 on bad input", async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ["provider/bin/pulumi-docs-platform.js", "drift", ...args], { cwd: repositoryRoot }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    const dir = `${repositoryRoot}test/.work/drift-cli-${process.pid}`;
    fs.mkdirSync(dir, { recursive: true });
    const write = (name: string, json: unknown) => {
      fs.writeFileSync(`${dir}/${name}`, JSON.stringify(json));
      return `${dir}/${name}`;
    };
    expect(await run([write("sync.json", { steps: [], changeSummary: { same: 2 } }), "--stack", "dev"])).toBe(0);
    expect(await run([`${fixtures}/drift.json`])).toBe(2);
    expect(await run([write("failed.json", { steps: [], diagnostics: [{ severity: "error", message: "refresh failed: 401" }], changeSummary: {} }), "--stack", "dev"])).toBe(3);
    expect(await run([`${repositoryRoot}package.json`])).toBe(1);
  });

  it("marks the report with a fully-qualified --stack (org/project/stack), not the short name the preview's URNs hold", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["provider/bin/pulumi-docs-platform.js", "drift", `${fixtures}/drift.json`, "--stack", "organization/docs/dev"],
      { cwd: repositoryRoot },
    ).catch((error: { stdout: string }) => error);
    expect(stdout.split("\n")[0]).toBe("<!-- pulumi-docs-platform:drift stack=organization/docs/dev -->");
  });
});
