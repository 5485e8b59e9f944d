/**
 * One door layer under the doors (issue 49, item 1): no door imports another (the plugin,
 * the OpenTofu door and the dynamic door each import only the layers below them), and what more
 * than one door needs is written once, in provider/door-layer/: the configuration source, the
 * session (the core, the organization default, the token rule), the invokes, the property shapes.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const provider = fileURLToPath(new URL("../../provider/", import.meta.url));
const DOORS = ["plugin", "terraform", "dynamic"] as const;

function sources(folder: string): { file: string; text: string }[] {
  return fs
    .readdirSync(path.join(provider, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => ({ file: path.join(folder, name), text: fs.readFileSync(path.join(provider, folder, name), "utf8") }));
}

/** The provider folders a file imports from (`../plugin/x` from terraform/ is `plugin`). */
function importedFolders(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from|import|require\()\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]);
  return specifiers.map((specifier) => path.relative(provider, path.resolve(path.dirname(path.join(provider, file)), specifier)).split(path.sep)[0]);
}

describe("the doors and the layer under them", () => {
  it.each(DOORS)("the %s door imports no other door", (door) => {
    const others = DOORS.filter((other) => other !== door);
    const crossings = sources(door).flatMap(({ file, text }) =>
      importedFolders(file, text)
        .filter((folder) => (others as readonly string[]).includes(folder))
        .map((folder) => `${file} imports ${folder}/`),
    );
    expect(crossings).toEqual([]);
  });

  it("writes what the gRPC doors share once, in door-layer/: no door defines its own configSource, organization default or invoke", () => {
    const definitions = DOORS.flatMap((door) => sources(door)).filter(({ text }) => /function (configSource|invoke|organizationDefault)\b|providerOrganizationId\s*=/.test(text));
    expect(definitions.map(({ file }) => file)).toEqual([]);
    const layer = sources("door-layer")
      .map(({ text }) => text)
      .join("\n");
    for (const shared of ["export function configSource", "export async function configureSession", "export async function invoke", "export function withoutDynamicKeys"])
      expect(layer).toContain(shared);
  });

  it.each([
    ["plugin/server.ts", "pluginService"],
    ["terraform/door.ts", "terraformHandler"],
    ["terraform/operations.ts", "terraformOperations"],
  ])("%s: each RPC is a named function; %s's table only names them (issue 49, item 2)", (file, factory) => {
    const text = fs.readFileSync(path.join(provider, file), "utf8");
    const start = text.indexOf(`export function ${factory}(`);
    expect(start, factory).toBeGreaterThan(-1);
    const table = text.slice(text.indexOf("  return {\n", start) + "  return {\n".length, text.indexOf("\n  };\n}", start));
    const entries = table.split("\n").filter((line) => line.trim() !== "");
    // `name: (request) => handler(state, request)`, `name: handle(handler)`, a spread of another table, or a bare name.
    const named = /^\s+(?:\.\.\.\w+,|\w+,|\w+: (?:handle\()?(?:\([^)]*\)(?:: [\w.]+)? => )?[a-zA-Z]+\([^()]*\)\)?,)$/;
    expect(entries.filter((line) => !named.test(line))).toEqual([]);
    expect(entries.length).toBeGreaterThan(6);
  });
});
