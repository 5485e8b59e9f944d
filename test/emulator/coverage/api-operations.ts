/**
 * The operations of API.md's configuration plane (sections 4.3 and 4.7 to 4.14: spaces,
 * organizations, members and teams, single sign-on, translations, collections, sites, their
 * sections, groups and site spaces, OpenAPI specifications), read from its endpoint tables, and
 * the conformance test that exercises each one the emulator serves. test/emulator/README.md lists
 * them; coverage.test.ts holds the list to API.md, the router and the tests.
 *
 * API.md lives beside the repository (`../shared/API.md`), not in it: api-operations.json is the
 * list read from it, committed, so the coverage test runs on any clone; where API.md is there, the
 * test also checks the committed list is still what API.md says.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const API_MD = fileURLToPath(new URL("../../../../shared/API.md", import.meta.url));
export const COMMITTED_OPERATIONS = fileURLToPath(new URL("./api-operations.json", import.meta.url));
const CONFORMANCE = fileURLToPath(new URL("../conformance/", import.meta.url));

/** The sections of API.md 4 that make the configuration plane. */
export const CONFIGURATION_SECTIONS = ["4.3", "4.7", "4.8", "4.9", "4.10", "4.11", "4.12", "4.13", "4.14"];

export interface Operation {
  section: string;
  method: string;
  /** The full path, e.g. `/v1/orgs/{organizationId}/teams/{teamId}`. */
  path: string;
}

/** `...` in a table stands for the section's resource: the sites of 4.12, the specs of 4.14. */
const ELLIPSIS: Record<string, string> = { "4.12": "/v1/orgs/{organizationId}/sites", "4.14": "/v1/orgs/{organizationId}/openapi" };

export function configurationOperations(markdown = readFileSync(API_MD, "utf8")): Operation[] {
  const operations: Operation[] = [];
  let section = "";
  let base = "";
  for (const line of markdown.split("\n")) {
    const heading = /^### (\d+\.\d+) /.exec(line);
    if (heading) {
      section = heading[1]!;
      base = "";
      continue;
    }
    if (line.startsWith("## ")) section = "";
    if (!CONFIGURATION_SECTIONS.includes(section)) continue;
    const baseLine = /^Base: (\/v1\/\S+?)\.?$/.exec(line);
    if (baseLine) base = baseLine[1]!;
    const row = /^\| (GET|POST|PUT|PATCH|DELETE) \| ([^|]+?) \|/.exec(line);
    if (!row) continue;
    let path = row[2].trim();
    if (path.startsWith("...")) path = `${ELLIPSIS[section]}${path.slice(3)}`;
    else if (!path.startsWith("/v1/")) path = `${base}${path}`;
    operations.push({ section, method: row[1], path });
  }
  return operations;
}

/** A path with its parameters blanked: `/v1/orgs/{}/teams/{}` (tables and the router name them differently). */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]+\}/g, "{}");
}

/**
 * Whether a conformance test file calls `operation`: the client method (`.patch(`) and the path's
 * last literal segment (`/section-groups`) in the same file. Tests build paths from helpers and
 * variables (`${base}/section-groups/${id}`), so this links an operation to the file that tests it
 * by name; the tests themselves assert what the operation answers.
 */
export function calls(file: string, operation: Operation): boolean {
  const text = readFileSync(`${CONFORMANCE}${file}`, "utf8");
  const method = { GET: "get", POST: "post", PUT: "put", PATCH: "patch", DELETE: "del" }[operation.method]!;
  const last = operation.path.split("/").filter((segment) => segment && !segment.startsWith("{")).at(-1)!;
  return text.includes(`.${method}(`) && new RegExp(`/${last.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(text);
}

/** A concrete path for an operation: each parameter replaced by a sample value (`latest` stays itself). */
export function samplePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, "sample-id");
}

/** The conformance test files that call `operation` (test/emulator/conformance/*.test.ts). */
export function testsCalling(operation: Operation): string[] {
  return readdirSync(CONFORMANCE)
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => calls(file, operation))
    .sort();
}
