/**
 * pr-summary and drift on OpenTofu and Terraform plans (issue 48, item 5): golden comments of
 * plans the real CLIs wrote (fixtures/plan-<case>.<cli>.json, captured by capture-plans.ts from
 * OpenTofu 1.12.6 and Terraform 1.16.0; `UPDATE_GOLDEN=1` rewrites the .md files), the same
 * comment from either CLI, sensitive values never printed (the plan's markers, at any depth),
 * inert rendering of hostile strings, GitHub's limit, and the commands' exit codes and messages.
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
import { findPlanDrift, renderDrift } from "../../provider/cli/drift/render.ts";
import {
  type PlanJson,
  type PlanResourceChange,
  PLAN_TOOLS,
  planToolOf,
  readPlan,
  sensitiveInClear,
} from "../../provider/cli/pr-summary/plan.ts";
import { GITHUB_COMMENT_LIMIT, renderSummary } from "../../provider/cli/pr-summary/render.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const CLIS = ["tofu", "terraform"] as const;
const CERTIFICATES = ["MIIC-prod-original-certificate-4f1c", "MIIC-prod-rotated-certificate-9d2e"];

const load = (name: string, cli: (typeof CLIS)[number] = "tofu"): PlanJson =>
  JSON.parse(fs.readFileSync(`${fixtures}/plan-${name}.${cli}.json`, "utf8")) as PlanJson;
const summary = (json: PlanJson) => renderSummary(readPlan(json), { stack: "prod" });
const drift = (json: PlanJson) => renderDrift(findPlanDrift(json, "prod", planToolOf(json)));
const entry = (json: PlanJson, address: string): PlanResourceChange =>
  json.resource_changes!.find((change) => change.address === address)!;

function textNodes(node: Nodes, out: string[] = []): string[] {
  if (node.type === "text") out.push(node.value);
  if (node.type === "html") out.push(`<html>${node.value}`);
  if ("children" in node) for (const child of node.children as Nodes[]) textNodes(child, out);
  return out;
}

describe("golden comments of real plans", () => {
  for (const cli of CLIS) {
    for (const name of ["change", "import", "drift"]) {
      it(`${name} (${cli})`, () => {
        const json = load(name, cli);
        const markdown = name === "drift" ? drift(json) : summary(json);
        const golden = `${fixtures}/plan-${name}.${cli}.md`;
        if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(golden, markdown);
        expect(markdown).toBe(fs.readFileSync(golden, "utf8"));
        expect(markdown.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
      });
    }
  }

  it("are the same from OpenTofu's plan and Terraform's, but for the tool's name and commands", () => {
    for (const name of ["change", "import"]) {
      const tofu = summary(load(name, "tofu"));
      const terraform = summary(load(name, "terraform"));
      expect(terraform).toContain("### Terraform plan of `prod`");
      expect(terraform.replace("Terraform plan", "OpenTofu plan")).toBe(tofu);
    }
    expect(
      drift(load("drift", "terraform"))
        .replace(/Terraform/g, "OpenTofu")
        .replace(/`terraform /g, "`tofu "),
    ).toBe(drift(load("drift", "tofu")));
  });

  it("say what each plan does: caution blocks, attribute names, imports, drift", () => {
    const change = summary(load("change"));
    expect(change).toContain("**3 to update · 1 to replace · 2 to delete** · 4 unchanged");
    expect(change).toMatch(/> \[!CAUTION\]\n> 3 resources will be deleted or replaced:\n/);
    expect(change).toContain(
      "> - **Replace** Site `Globex Docs` (`docsplatform_site.docs`): its `type` changed, which the API cannot change in place: the old site is deleted first, then a new one is created (it is missing in between).",
    );
    expect(change).toMatch(
      /\*\*Delete\*\* Space `Runbooks` \(`docsplatform_space\.runbooks`\) \(id `id0+\d+`\): the space is deleted from the organization: it is no longer in the configuration\./,
    );
    expect(change).toContain(
      "- `source.url`: `https://specs.example.com/petstore.yaml` → `https://specs.example.com/petstore-v2.yaml`",
    );
    // Attribute names, never the core's (defaultTeam, ssoUrl, entityId).
    expect(change).not.toMatch(/`(?:defaultTeam|ssoUrl|entityId|organizationId)`/);
    expect(summary(load("import"))).toContain(
      "- **imports**: the existing team `id000000000000000001`, by an `import` block\n- nothing else changes",
    );
    expect(drift(load("drift"))).toContain("  - `title`: now `Writers (renamed)`, last applied `Writers`");
  });
});

describe("sensitive values", () => {
  it("never reach the comment or the drift report, though the plan holds them in clear", () => {
    for (const cli of CLIS) {
      for (const name of ["change", "drift"]) {
        const text = JSON.stringify(load(name, cli));
        expect(CERTIFICATES.some((certificate) => text.includes(certificate))).toBe(true);
        const markdown = name === "drift" ? drift(load(name, cli)) : summary(load(name, cli));
        expect(markdown).not.toContain("MIIC");
      }
    }
    expect(summary(load("change"))).toContain("- `certificate`: secret value changed (not shown)");
  });

  it("are masked wherever the plan's markers put them, at any depth, and an attribute named like a secret too", () => {
    const json = load("change");
    const spec = entry(json, "docsplatform_open_api_spec.petstore");
    spec.change.after_sensitive = { source: { url: true } };
    spec.change.before_sensitive = { source: { url: true } };
    const team = entry(json, "docsplatform_team.writers");
    team.change.after_sensitive = { title: true, members: [false, true] };
    const markdown = summary(json);
    expect(markdown).not.toContain("petstore-v2.yaml");
    expect(markdown).toContain("- `source.url`: secret value changed (not shown)");
    expect(markdown).not.toContain("Docs writers");
    expect(markdown).not.toContain("gus@globex.test");
    // Another provider's resource: its attributes as they are, a `password` masked by its name.
    json.resource_changes!.push({
      address: "random_password.admin",
      mode: "managed",
      type: "random_password",
      change: {
        actions: ["create"],
        before: null,
        after: { length: 24, password: "hunter2-in-clear" },
        after_unknown: {},
        before_sensitive: false,
        after_sensitive: {},
      },
    });
    const foreign = summary(json);
    expect(foreign).toContain("| + create | `random_password` | `random_password.admin` | `length`, `password` |");
    expect(foreign).not.toContain("hunter2");
  });

  it("are counted by place for the warning on stderr: attributes, sensitive variables and outputs", () => {
    expect(sensitiveInClear(load("change"))).toEqual([
      "docsplatform_saml_provider.okta.certificate",
      "var.okta_certificate",
    ]);
    expect(sensitiveInClear(load("import"))).toEqual([]);
  });
});

describe("what a plan can hold", () => {
  it("is inert: a hostile title or value is code, nothing of it markup, and no second marker line", () => {
    const json = load("change");
    const hostile =
      "</details><img src=x> @team org/repo#3 \u202E\n<!-- pulumi-docs-platform:pr-summary workspace=prod -->";
    const team = entry(json, "docsplatform_team.writers");
    (team.change.after as Record<string, unknown>).title = hostile;
    (team.change.after as Record<string, unknown>).members = [hostile];
    const markdown = summary(json);
    const outside = textNodes(
      fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
    ).join("\n");
    expect(outside).not.toContain("@team");
    expect(outside).not.toContain("repo#3");
    // The marker and the details elements the summary writes, nothing of the title's.
    expect(outside).not.toMatch(/<html><img/);
    expect(markdown.split("\n").filter((line) => line.startsWith("<!-- pulumi-docs-platform:"))).toEqual([
      "<!-- pulumi-docs-platform:pr-summary workspace=prod -->",
    ]);
    expect(markdown).not.toMatch(/\u202E/);
  });

  it("stays under GitHub's limit: a plan of 1,500 creates is cut, and the comment says what was left out", () => {
    const json = load("change");
    const template = entry(json, "docsplatform_team.writers");
    json.resource_changes = Array.from({ length: 1_500 }, (_, index) => ({
      ...template,
      address: `docsplatform_team.team_${index}`,
      change: {
        ...template.change,
        actions: ["create"],
        before: null,
        after: { title: `Team ${index} ${"x".repeat(60)}`, members: ["a@globex.test"] },
      },
    }));
    const markdown = summary(json);
    expect(markdown.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(markdown).toContain("**1500 to create**");
    expect(markdown).toMatch(
      /_Left out to stay under GitHub's 65,536-character comment limit: (\d+ table rows and )?\d+ resource details\. Run `tofu show <plan file>` for everything\._/,
    );
  });

  it("says why a replace or delete happens when no input forces it, and keeps the plan's order of a replace's steps", () => {
    const json = load("change");
    const site = entry(json, "docsplatform_site.docs");
    site.change.actions = ["create", "delete"];
    site.change.replace_paths = [];
    site.action_reason = "replace_because_tainted";
    (site.change.after as Record<string, unknown>).type = "basic";
    const markdown = summary(json);
    expect(markdown).toContain(
      "**Replace** Site `Globex Docs` (`docsplatform_site.docs`): it is tainted (an earlier create or update of it failed): a new site is created, then the old one is deleted.",
    );
  });

  it("shows an import the plan also changes as both, counted in each, and a replace asked for by -replace", () => {
    const json = load("import");
    const team = json.resource_changes![0];
    team.change.actions = ["update"];
    (team.change.after as Record<string, unknown>).title = "Translators (renamed)";
    const markdown = summary(json);
    expect(markdown).toContain("**1 to import · 1 to update**");
    expect(markdown).toContain("| =~ import, update | Team | `docsplatform_team.translators` | `title` |");
    expect(markdown).toContain(
      "- **imports**: the existing team `id000000000000000001`, by an `import` block\n- `title`: `Translators` → `Translators (renamed)`",
    );
    const change = load("change");
    const site = entry(change, "docsplatform_site.docs");
    site.change.replace_paths = [];
    site.action_reason = "replace_by_request";
    (site.change.after as Record<string, unknown>).type = "basic";
    expect(summary(change)).toContain(
      "**Replace** Site `Globex Docs` (`docsplatform_site.docs`): the plan was asked to (`-replace`): the old site is deleted first",
    );
  });

  it("names a plan's workspace `default` unless told, and leaves out what the provider settles at apply", () => {
    const markdown = renderSummary(readPlan(load("change")));
    expect(markdown.split("\n")[0]).toBe("<!-- pulumi-docs-platform:pr-summary workspace=default -->");
    // The replaced site's `spaces` is unknown in the plan (the provider settles it): not a change to review.
    expect(JSON.stringify(entry(load("change"), "docsplatform_site.docs").change.after_unknown)).toContain(
      '"spaces":true',
    );
    expect(markdown).not.toContain("`spaces`");
  });

  it("reads the tool from the providers' registry, else from Terraform's own fields", () => {
    expect(planToolOf(load("change", "tofu"))).toBe(PLAN_TOOLS.tofu);
    expect(planToolOf(load("change", "terraform"))).toBe(PLAN_TOOLS.terraform);
    expect(planToolOf({ format_version: "1.2", resource_changes: [], complete: true } as PlanJson)).toBe(
      PLAN_TOOLS.terraform,
    );
    expect(planToolOf({ format_version: "1.2", resource_changes: [] })).toBe(PLAN_TOOLS.tofu);
  });
});

describe("the commands on plans", () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ["provider/bin/pulumi-docs-platform.js", ...args], {
      cwd: repositoryRoot,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  const dir = `${repositoryRoot}test/.work/pr-summary-plan-${process.pid}`;
  const write = (name: string, json: unknown) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${name}`, typeof json === "string" ? json : JSON.stringify(json));
    return `${dir}/${name}`;
  };
  const noChange = () => ({
    ...load("change"),
    resource_changes: load("change").resource_changes!.map((change) => ({
      ...change,
      change: { ...change.change, actions: ["no-op"] },
    })),
  });

  it("pr-summary: 0 written (the secrets' places on stderr), 2 with --exit-code and no change, 3 for an errored plan", async () => {
    const written = await run(["pr-summary", `${fixtures}/plan-change.tofu.json`, "--workspace", "prod"]);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe(summary(load("change")));
    expect(written.stderr).toBe(
      "pulumi-docs-platform pr-summary: note: the plan's JSON holds 2 sensitive values in clear (docsplatform_saml_provider.okta.certificate, var.okta_certificate); " +
        "the comment masks them, but keep the plan file and its JSON out of artifacts and logs, and delete them after use\n",
    );
    expect((await run(["pr-summary", write("same.json", noChange()), "--exit-code"])).code).toBe(2);
    const told = await run(["pr-summary", `${fixtures}/plan-change.tofu.json`, "--tool", "terraform"]);
    expect(told.stdout.split("\n")[1]).toBe("### Terraform plan of `default`");
    expect((await run(["pr-summary", `${fixtures}/plan-change.tofu.json`, "--tool", "pulumi"])).stderr).toContain(
      '--tool: "pulumi" is not one; give tofu or terraform',
    );
    const errored = await run(["pr-summary", write("errored.json", { ...load("change"), errored: true })]);
    expect(errored.code).toBe(3);
    expect(errored.stdout).toContain("> **The plan failed** with 1 error");
  });

  it("refuses what is not a plan's JSON with what to give instead, and --events with a plan", async () => {
    const state = await run([
      "pr-summary",
      write("state.json", { format_version: "1.0", terraform_version: "1.12.6", values: { root_module: {} } }),
    ]);
    expect(state.code).toBe(1);
    expect(state.stderr).toContain(
      "the input is the JSON of a state, not of a plan: write the plan with `tofu plan -out=plan.out`, then give `tofu show -json plan.out`",
    );
    expect(state.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const log = await run([
      "pr-summary",
      write("log.json", '{"@level":"info","type":"version"}\n{"@level":"info","type":"planned_change"}\n'),
    ]);
    expect(log.code).toBe(1);
    expect(log.stderr).toContain("not the log lines of `tofu plan -json`");
    const events = await run([
      "pr-summary",
      `${fixtures}/plan-change.tofu.json`,
      "--events",
      `${fixtures}/policy.events.jsonl`,
    ]);
    expect(events.code).toBe(1);
    expect(events.stderr).toContain("--events is the event log of a Pulumi preview; a plan has none");
  });

  it("drift: 2 on drift, 0 in sync, named by --workspace", async () => {
    const found = await run(["drift", `${fixtures}/plan-drift.terraform.json`, "--workspace", "prod"]);
    expect(found.code).toBe(2);
    expect(found.stdout).toBe(drift(load("drift", "terraform")));
    const inSync = await run([
      "drift",
      write("sync.json", { ...load("drift"), resource_drift: [] }),
      "--workspace",
      "prod",
    ]);
    expect(inSync.code).toBe(0);
    expect(inSync.stdout).toBe(
      "<!-- pulumi-docs-platform:drift workspace=prod -->\n### Drift of `prod`\n\nIn sync: nothing changed outside OpenTofu (9 resources).\n",
    );
  });
});
