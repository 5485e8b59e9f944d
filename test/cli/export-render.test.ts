/**
 * The exported program as text: literals that carry any title exactly (quotes, `${`, backslashes,
 * emoji, line breaks), the stack config's YAML, and secrets (a `config.requireSecret` in the
 * program, the value only in secrets.sh, which sets it exactly).
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import vm from "node:vm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { ExportedObject } from "../../provider/walker/kinds/index.ts";
import { type PlannedObject, renderProgram, renderSecretsScript, shellQuote, stringLiteral, yamlEntry, yamlScalar } from "../../provider/cli/export/render.ts";
import { differences } from "../../provider/domain/customization-defaults.ts";
import { documentLiteral, literal, ref } from "../../provider/walker/values.ts";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };

const TRICKY = [
  'He said "hello"',
  "${process.exit(1)} and `backticks`",
  "C:\\docs\\new\\table \\u0041",
  "emoji 📘🚀 and ZWJ 👩‍💻 and flags 🇫🇷",
  "line one\nline two\ttabbed\r\n",
  "separators \u2028 and \u2029",
  "it's a */ comment end </script>",
  "nul \u0000 and del \u007f",
];

interface Recorded {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  opts?: Record<string, unknown>;
}

/**
 * Runs a rendered program (transpiled by TypeScript) with stand-ins for @pulumi/pulumi and the
 * package: what each resource receives, config reads as `<config:key>` markers.
 */
function run(indexTs: string, config: Record<string, unknown> = {}): Recorded[] {
  const output = ts.transpileModule(indexTs, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }, reportDiagnostics: true });
  expect(output.diagnostics ?? []).toEqual([]);
  const recorded: Recorded[] = [];
  class Config {
    require(key: string) {
      return `<config:${key}>`;
    }
    requireSecret(key: string) {
      return `<secret:${key}>`;
    }
    requireObject(key: string) {
      return config[key];
    }
    getObject(key: string) {
      return config[key];
    }
  }
  const docs = new Proxy(
    {},
    {
      get: (_target, kind: string) =>
        class {
          id = `<${kind}.id>`;
          siteSpaceId = `<${kind}.siteSpaceId>`;
          constructor(name: string, args: Record<string, unknown>, opts?: Record<string, unknown>) {
            recorded.push({ kind, name, args, ...(opts ? { opts } : {}) });
          }
        },
    },
  );
  const modules: Record<string, unknown> = { "@pulumi/pulumi": { Config }, "pulumi-docs-platform": docs };
  const module = { exports: {} };
  // Runs the generated program as CommonJS, with the stand-ins above for its two imports.
  vm.compileFunction(output.outputText, ["require", "exports", "module"])((name: string) => modules[name], module.exports, module);
  return recorded;
}

const plan = (object: ExportedObject, extra: Partial<PlannedObject> = {}): PlannedObject => ({ object, name: extra.name ?? object.id, ...extra });

describe("literals", () => {
  it("a string literal evaluates to the exact string, whatever it holds", () => {
    for (const text of TRICKY) {
      const literalText = stringLiteral(text);
      expect(literalText.startsWith('"') && literalText.endsWith('"')).toBe(true);
      // eslint-disable-next-line no-control-regex -- NUL is one of the characters the literal must escape.
      expect(literalText).not.toMatch(/[\n\r\u2028\u2029\u0000]/);
      expect(vm.runInThisContext(literalText)).toBe(text);
    }
  });

  it("every title, label and value of a program arrives in the resource exactly as the API had it", () => {
    const planned = TRICKY.map((title, index) =>
      plan({ kind: "Team", id: `t${index}`, name: { title, fallback: "team" }, inputs: [["title", literal(title)]] }, { name: `team-${index}`, adoptId: `id "${index}" \\` }),
    );
    const rendered = renderProgram(planned, { skipped: [] });
    // The ids come from the stack config (`adopt`, by type and name), through its YAML.
    const adopt = rendered.config.find((entry) => entry.key === "adopt")!;
    const recorded = run(rendered.indexTs, yaml.load(yamlEntry("adopt", adopt.value, 0).join("\n")) as Record<string, unknown>);
    expect(rendered.indexTs).not.toContain('id "');
    expect(recorded.map((resource) => resource.args.title)).toEqual(TRICKY);
    expect(recorded.map((resource) => resource.args.adopt)).toEqual(TRICKY.map((_, index) => ({ id: `id "${index}" \\` })));
  });

  it("object keys that are not identifiers are quoted (an adaptive schema's claims)", () => {
    const jsonSchema = {
      type: "object",
      properties: { unsigned: { type: "object", properties: { "beta-user": { type: "boolean" }, $ok: { type: "boolean" } }, additionalProperties: false } },
      additionalProperties: false,
    };
    const site = plan({ kind: "Site", id: "s1", name: { title: "Site", fallback: "site" }, inputs: [["title", literal("Site")]] }, { variable: "site" });
    const schema = plan({
      kind: "SiteAdaptiveSchema",
      id: "s1",
      name: { title: "x", fallback: "x" },
      inputs: [
        ["siteId", ref("Site", "s1")],
        ["jsonSchema", literal(jsonSchema)],
      ],
    });
    const program = renderProgram([site, schema], { skipped: [] }).indexTs;
    expect(program).toContain(`"beta-user": { type: "boolean" }`);
    expect(program).toContain(`$ok: { type: "boolean" }`);
    const [, recordedSchema] = run(program);
    expect(recordedSchema.args).toEqual({ siteId: "<Site.id>", jsonSchema });
  });

  it("a document key `__proto__` stays an own key of what the resource receives (not the object's prototype)", () => {
    // As the API gives it: JSON.parse makes `__proto__` an own key.
    const instructions = JSON.parse('{"object":"document","data":{"__proto__":{"polluted":true},"kept":1},"nodes":[]}') as Record<string, unknown>;
    const item = plan({
      kind: "AgentInstructions",
      id: "org",
      name: { title: "instructions", fallback: "instructions" },
      inputs: [["instructions", documentLiteral(instructions as never)]],
    });
    const program = renderProgram([item], { skipped: [] }).indexTs;
    expect(program).toContain(`["__proto__"]: { polluted: true }`);
    const [recorded] = run(program);
    const data = (recorded.args.instructions as { data: object }).data;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(["__proto__", "kept"]);
    expect(JSON.stringify(recorded.args.instructions)).toBe(JSON.stringify(instructions));
  });

  it("a customization key `__proto__` stays an own key of its difference from the defaults", () => {
    const actual = JSON.parse('{"styling":{"__proto__":{"font":"Inter"},"theme":"dark"}}') as never;
    const difference = differences(actual, { styling: { theme: "light" } }) as { styling: object };
    expect(Object.getPrototypeOf(difference.styling)).toBe(Object.prototype);
    expect(JSON.stringify(difference)).toBe('{"styling":{"__proto__":{"font":"Inter"},"theme":"dark"}}');
  });

  it("string literals hold no raw control character a terminal obeys (DEL, C1 controls such as CSI, bidirectional overrides)", () => {
    for (const text of ["del \u007f", "csi \u009b31m red", "bidi \u202e reversed \u2066", "esc \u001b[2J"]) {
      const literalText = stringLiteral(text);
      expect(literalText).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
      expect(vm.runInThisContext(literalText)).toBe(text);
      expect(yaml.load(yamlEntry("k", text, 0).join("\n"))).toEqual({ k: text });
    }
  });

  it("a reason of a skipped kind cannot end the header comment early", () => {
    const program = renderProgram([], { skipped: [{ kind: "SamlProvider", reason: "needs admin */ process.exit(1) /*" }] }).indexTs;
    expect(program).toContain(" * - SamlProvider: needs admin * / process.exit(1) /*");
    expect(run(program)).toEqual([]);
  });

  it("breaks long values over lines, prettier-style, and keeps short ones on one", () => {
    const long = plan({
      kind: "SiteCustomization",
      id: "s1",
      name: { title: "x", fallback: "x" },
      inputs: [
        ["styling", literal({ primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" })],
        ["header", literal({ links: [{ title: "Status page of every service", to: { kind: "url", url: "https://status.example.com/services/all" } }] })],
      ],
    });
    expect(renderProgram([long], { skipped: [] }).indexTs).toContain(
      [
        `new docs.SiteCustomization("s1", {`,
        `  styling: { primaryColor: { light: "#0b5fff", dark: "#6ea2ff" }, corners: "rounded" },`,
        `  header: {`,
        `    links: [`,
        `      {`,
        `        title: "Status page of every service",`,
        `        to: { kind: "url", url: "https://status.example.com/services/all" },`,
        `      },`,
        `    ],`,
        `  },`,
        `});`,
      ].join("\n"),
    );
  });
});

describe("references and stack config", () => {
  it("names exported objects by variable, and puts ids of objects not exported in the stack config, never in the program", () => {
    const section = plan(
      {
        kind: "SiteSection",
        id: "sec1",
        name: { title: "Guides", fallback: "section" },
        inputs: [
          ["siteId", ref("Site", "site-9")],
          ["spaceId", ref("Space", "spc-1")],
          ["title", literal("Guides")],
        ],
      },
      { name: "guides" },
    );
    const space = plan(
      { kind: "Space", id: "spc-1", name: { title: "Guides", fallback: "space" }, inputs: [["title", literal("Guides")]] },
      { name: "guides", variable: "guides" },
    );
    const rendered = renderProgram([space, section], { skipped: [] });
    expect(rendered.indexTs).toContain(`spaceId: guides.id,`);
    expect(rendered.indexTs).toContain(`siteId: config.require("site-site-9"),`);
    expect(rendered.indexTs).not.toContain(`"site-9"`);
    expect(rendered.config).toEqual([{ key: "site-site-9", value: "site-9" }]);
  });

  it("names members by keys of the stack config's members, from their emails, deduplicated", () => {
    const members = [
      { type: "member" as const, userId: "u2", email: "ada@globex.test", as: "email" as const },
      { type: "member" as const, userId: "u1", email: "ada@acme.test", as: "email" as const },
      { type: "member" as const, userId: "u3", email: undefined, as: "email" as const },
    ];
    const teamObject = plan({
      kind: "Team",
      id: "t",
      name: { title: "T", fallback: "team" },
      inputs: [
        ["title", literal("T")],
        ["members", { type: "array", items: members }],
      ],
    });
    const rendered = renderProgram([teamObject], { skipped: [] });
    expect(rendered.indexTs).toContain("members: [members.ada2, members.ada, members.u3],");
    expect(rendered.config).toEqual([{ key: "members", value: { ada: "ada@acme.test", ada2: "ada@globex.test", u3: "u3" } }]);
    const [recorded] = run(rendered.indexTs, { members: { ada: "A", ada2: "B", u3: "C" } });
    expect(recorded.args.members).toEqual(["B", "A", "C"]);
  });
});

describe("YAML of the stack config", () => {
  it("reads back every value as written", () => {
    const values = [
      "org-acme",
      "http://127.0.0.1:4010/v1",
      "Acme Documentation",
      "yes",
      "123",
      "1e3",
      "a: b",
      "#x",
      "x #y",
      " lead",
      "trail ",
      "",
      ":",
      "a:",
      'quote"s',
      "back\\slash",
      "multi\nline",
      "émoji 📘",
      ...TRICKY,
    ];
    for (const value of values) {
      const text = yamlEntry("k", value, 0).join("\n");
      expect((yaml.load(text) as { k: string }).k).toBe(value);
    }
    expect(yamlScalar("docs-platform:apiUrl")).toBe("docs-platform:apiUrl");
    expect(yamlScalar("Acme Documentation")).toBe("Acme Documentation");
    const nested = { config: { title: "T", emailDomains: ["acme.test", "yes"], empty: [], members: { ada: "ada@acme.test" } } };
    expect(yaml.load(yamlEntry("config", nested.config, 0).join("\n"))).toEqual(nested);
  });
});

describe("YAML of the stack config, values YAML reads as another type", () => {
  // Pulumi reads the stack config with a YAML 1.2 reader that also knows YAML 1.1's forms; js-yaml
  // reads hex, octal, floats, infinities and timestamps: an organization titled `0x10` must not
  // come back as 16, or `pulumi up` would rename it.
  const NOT_STRINGS = [
    "0x10",
    "0o17",
    "0b101",
    "017",
    "1e3",
    "1_000",
    "12:30",
    "2024-01-01",
    "2024-01-01 10:00:00",
    "2024-01-01T10:00:00Z",
    "true",
    "False",
    "yes",
    "No",
    "on",
    "OFF",
    "y",
    "N",
    "null",
    "Null",
    "~",
    ".inf",
    "-.Inf",
    ".nan",
    "+1",
    "-1",
    "3.14",
    "<<",
    "=",
  ];
  it.each(NOT_STRINGS)("%s is double-quoted and reads back as the same string", (value) => {
    const line = yamlEntry("title", value, 0).join("\n");
    expect(line).toBe(`title: ${JSON.stringify(value)}`);
    expect((yaml.load(line) as { title: unknown }).title).toBe(value);
    // As a key too (a member key, a config key).
    expect(Object.keys(yaml.load(yamlEntry(value, "x", 0).join("\n")) as object)).toEqual([value]);
  });

  it("the organization's title in the stack config of an exported program", () => {
    const settings = plan({
      kind: "OrganizationSettings",
      id: "org-acme",
      name: { title: "settings", fallback: "settings" },
      inputs: [["title", { type: "organization", field: "title", value: "0x10" }]],
    });
    const { config } = renderProgram([settings], { skipped: [] });
    const text = config.flatMap((entry) => yamlEntry(entry.key, entry.value, 2)).join("\n");
    expect(text).toContain(`title: "0x10"`);
    expect(yaml.load(text)).toEqual({ organization: { title: "0x10" } });
  });
});

describe("secrets", () => {
  const certificate = "-----BEGIN CERTIFICATE-----\nMIIC'quoted'\"and\" $(touch /tmp/pwned) `x` \\n\n-----END CERTIFICATE-----\n";
  const saml = plan(
    {
      kind: "SamlProvider",
      id: "saml-1",
      name: { title: "Okta", fallback: "saml-provider" },
      inputs: [
        ["label", literal("Okta")],
        ["certificate", { type: "secret", owner: { kind: "SamlProvider", id: "saml-1" }, field: "certificate", value: certificate }],
      ],
    },
    { name: "okta", adoptId: "saml-1" },
  );

  it("are read with config.requireSecret, named after their resource, and kept out of the program and its config", () => {
    const rendered = renderProgram([saml], { skipped: [] });
    expect(rendered.indexTs).toContain(`certificate: config.requireSecret("oktaCertificate"),`);
    expect(rendered.indexTs).not.toContain("MIIC");
    expect(JSON.stringify(rendered.config)).not.toContain("MIIC");
    expect(rendered.secrets).toEqual([{ key: "oktaCertificate", value: certificate }]);
    expect(run(rendered.indexTs)[0].args.certificate).toBe("<secret:oktaCertificate>");
  });

  it("secrets.sh sets each one with `pulumi config set --secret`, the exact value on stdin, never on a command line", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "export-secrets-"));
    try {
      // A stand-in pulumi that records its arguments and what it read.
      await fs.writeFile(path.join(dir, "pulumi"), `#!/bin/sh\nprintf '%s\\n' "$*" >> "${dir}/args"\ncat > "${dir}/stdin"\n`, { mode: 0o755 });
      const script = renderSecretsScript(renderProgram([saml], { skipped: [] }).secrets);
      await fs.writeFile(path.join(dir, "secrets.sh"), script);
      expect(script).toContain(`| pulumi config set --secret oktaCertificate "$@"\n`);
      await promisify(execFile)("sh", ["secrets.sh", "--stack", "dev"], { cwd: dir, env: { ...process.env, PATH: `${dir}:${process.env.PATH}` } });
      expect(await fs.readFile(path.join(dir, "args"), "utf8")).toBe("config set --secret oktaCertificate --stack dev\n");
      // `pulumi config set` drops the one trailing newline printf adds: the value arrives exactly.
      expect(await fs.readFile(path.join(dir, "stdin"), "utf8")).toBe(`${certificate}\n`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("shell quoting survives any text", async () => {
    for (const text of TRICKY.filter((value) => !value.includes("\u0000"))) {
      const { stdout } = await promisify(execFile)("sh", ["-c", `printf '%s' ${shellQuote(text)}`]);
      expect(stdout).toBe(text);
    }
  });
});
