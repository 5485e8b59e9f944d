/**
 * `export --hcl` as text (issue 48, item 5): strings HCL would otherwise read as interpolations,
 * directives or escapes, names that must be identifiers, and what the root says for the values
 * render.ts writes as stack config: people without an email, objects not exported, secrets, an
 * object HCL cannot declare, an environment that creates everything (`--no-adopt`); and the
 * command's flags. The whole root of an organization with every kind is golden in
 * export-golden.test.ts; test/terraform/tofu-plans.test.ts applies one with the real OpenTofu.
 */
import { describe, expect, it } from "vitest";
import { UsageError, exportCommand } from "../../provider/cli/export/command.ts";
import { hclName, hclString, renderHclRoot } from "../../provider/cli/export/hcl.ts";
import { EXPORTERS } from "../../provider/walker/kinds/index.ts";
import type { PlannedObject } from "../../provider/cli/export/render.ts";
import { literal, ref } from "../../provider/walker/values.ts";

const kinds = new Map(EXPORTERS.map((kind) => [kind.kind, kind]));

function root(planned: PlannedObject[], adopt = true) {
  const warnings: string[] = [];
  const rendered = renderHclRoot(planned, {
    organizationId: "org-a",
    apiUrl: "https://api.example.com/v1",
    environment: "prod",
    adopt,
    kinds,
    skipped: [],
    warn: (message) => warnings.push(message),
  });
  return { ...rendered, warnings };
}

describe("HCL strings and names", () => {
  it("writes any text as a quoted template that interpolates nothing", () => {
    expect(hclString('He said "hi"')).toBe('"He said \\"hi\\""');
    expect(hclString("${var.token} and %{if true}x%{endif}")).toBe('"$${var.token} and %%{if true}x%%{endif}"');
    expect(hclString("$${kept} $ { % {")).toBe('"$$${kept} $ { % {"');
    expect(hclString("C:\\docs\\new")).toBe('"C:\\\\docs\\\\new"');
    expect(hclString("one\ntwo\tthree\r\n")).toBe('"one\\ntwo\\tthree\\r\\n"');
    expect(hclString("nul \u0000 del \u007f bidi \u202E zwsp \u200B")).toBe(
      '"nul \\u0000 del \\u007F bidi \\u202E zwsp \\u200B"',
    );
    expect(hclString("emoji 📘 and ZWJ 👩‍💻")).toBe('"emoji 📘 and ZWJ 👩\\u200D💻"');
  });

  it("names resources as identifiers: `_` for `-`, a letter first", () => {
    expect(hclName("docs-writers", "team")).toBe("docs_writers");
    expect(hclName("2024-docs", "space")).toBe("space_2024_docs");
    expect(hclName("guides-2", "site_section")).toBe("guides_2");
  });
});

describe("the root's values", () => {
  const team: PlannedObject = {
    object: {
      kind: "Team",
      id: "team-1",
      name: { title: "Writers", fallback: "team" },
      inputs: [
        ["title", literal("Writers")],
        [
          "members",
          {
            type: "array",
            items: [
              { type: "member", userId: "usr-1", email: "ada@a.test", as: "email" },
              { type: "member", userId: "usr-2", email: undefined, as: "id" },
            ],
          },
        ],
      ],
    },
    name: "writers",
  };
  const saml: PlannedObject = {
    object: {
      kind: "SamlProvider",
      id: "saml-1",
      name: { title: "Okta", fallback: "saml" },
      inputs: [
        ["label", literal("Okta")],
        [
          "certificate",
          { type: "secret", owner: { kind: "SamlProvider", id: "saml-1" }, field: "certificate", value: "MIIC-secret" },
        ],
        ["defaultTeam", ref("Team", "team-outside")],
      ],
    },
    name: "okta",
  };

  it("names people by data source (found by email) or, without an email, by the environment's user id", () => {
    const { files } = root([team]);
    expect(files["main.tf"]).toContain('data "docsplatform_member" "ada" {\n  email = var.members.ada\n}');
    expect(files["main.tf"]).toContain("members = [data.docsplatform_member.ada.id, var.member_ids.usr2]");
    expect(files["variables.tf"]).toContain("type        = object({ ada = string })");
    expect(files["variables.tf"]).toContain('variable "member_ids"');
    expect(files["prod.tfvars"]).toContain('members = {\n  ada = "ada@a.test"\n}');
    expect(files["prod.tfvars"]).toContain('member_ids = {\n  usr2 = "usr-2"\n}');
  });

  it("puts a secret in a sensitive variable and its value in the secrets file only, and an object not exported in external_ids", () => {
    const { files, secrets } = root([saml]);
    expect(secrets).toEqual(["okta_certificate"]);
    expect(files["main.tf"]).toContain("certificate  = var.okta_certificate");
    expect(files["main.tf"]).toContain('default_team = var.external_ids["team-team-outside"]');
    expect(files["variables.tf"]).toMatch(/variable "okta_certificate" \{[^}]*sensitive {3}= true/);
    expect(files["prod.secrets.tfvars"]).toContain('okta_certificate = "MIIC-secret"');
    for (const name of ["main.tf", "variables.tf", "imports.tf", "prod.tfvars"])
      expect(files[name], name).not.toContain("MIIC");
    expect(files["prod.tfvars"]).toContain('external_ids = {\n  "team-team-outside" = "team-outside"\n}');
  });

  it("imports each resource by its id from import_ids, which --no-adopt leaves empty", () => {
    const adopting = root([team, saml]);
    expect(adopting.files["imports.tf"]).toContain(
      'import {\n  for_each = { for address, id in var.import_ids : address => id if address == "docsplatform_team.writers" }\n  to       = docsplatform_team.writers\n  id       = each.value\n}',
    );
    expect(adopting.files["prod.tfvars"]).toContain(
      'import_ids = {\n  "docsplatform_team.writers"       = "team-1"\n  "docsplatform_saml_provider.okta" = "saml-1"\n}',
    );
    expect(root([team, saml], false).files["prod.tfvars"]).toContain("import_ids = {}");
  });

  it("leaves out, with a warning, an object whose required argument is null (HCL cannot set it)", () => {
    const untitled: PlannedObject = {
      ...team,
      object: { ...team.object, id: "team-2", inputs: [["title", literal(null)]] },
      name: "untitled",
    };
    const { files, warnings, resources } = root([team, untitled]);
    expect(resources).toBe(1);
    expect(files["main.tf"]).not.toContain("untitled");
    expect(files["imports.tf"]).not.toContain("untitled");
    expect(warnings).toEqual([
      'Team "untitled" is left out of the HCL: its title is null, which a configuration cannot set (the argument is required)',
    ]);
  });
});

describe("export --hcl's flags", () => {
  it("needs --out, refuses the Pulumi program's flags, and --environment without --hcl, before reading anything", async () => {
    await expect(exportCommand(["--hcl"])).rejects.toThrow(
      new UsageError("--hcl writes several files: give the directory with --out <dir>"),
    );
    await expect(exportCommand(["--hcl", "--out", "x", "--stack", "dev", "--project", "p"])).rejects.toThrow(
      "--hcl writes an OpenTofu / Terraform root, no Pulumi program: it does not take --stack, --project",
    );
    await expect(exportCommand(["--environment", "prod"])).rejects.toThrow(
      "--environment names the tfvars of --hcl: give --hcl too",
    );
    await expect(exportCommand(["--hcl", "--out", "x", "--environment", "prod env"])).rejects.toThrow(
      "--environment: a name is letters, digits, -, _ and . only",
    );
  });
});
